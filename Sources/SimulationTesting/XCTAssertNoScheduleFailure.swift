import SimulationKernel
import XCTest

/// The XCTest call: runs `body`, written in plain Swift concurrency, on the deterministic
/// simulation once per seed and strategy, as
/// ``exploreSchedules(seeds:strategies:timeLimit:threads:shrinkTrials:isolation:sourceLocation:_:)`` does for
/// Swift Testing, and fails the test with the first failing trial, shrunk, and the lines that
/// replay it.
///
/// ```swift
/// final class BatcherTests: XCTestCase {
///     func testBatcherLosesNoCapture() {
///         XCTAssertNoScheduleFailure { try await settleTwoCaptures(fixed: true) }
///     }
/// }
/// ```
///
/// The body fails a trial by throwing: an `XCTAssert` inside it would fail the test at once, for
/// every failing trial, without shrinking or a replay line. `PAYSTORM_REPLAY` names the test by its
/// method's name (`testBatcherLosesNoCapture@0/random/0`).
///
/// Pass the test case (`in: self`) to run the trials in a child process of the test binary that
/// runs this test method alone, as the Swift Testing entry points do by default: a trial that stops
/// its process (a continuation resumed twice) then fails the test by name with its replay line,
/// and the rest of the test run goes on. XCTest does not say which test is running, so without it
/// the trials run in the test's process.
///
/// - Parameters:
///   - seeds: The seeds to try, each with every strategy; 200 by default.
///   - strategies: How each trial orders ready jobs; random order by default
///     (``plainConcurrencyStrategies``).
///   - timeLimit: The virtual time a trial may take; a sleep still pending then fails it.
///   - threads: Trials run on this many threads at once, each simulation on its own.
///   - shrinkTrials: At most this many trials to shrink a failure; 0 reports it unshrunk.
///   - testCase: The running test case, `self`: the trials then run in a child process that runs
///     this method alone (``TrialIsolation/childProcess``); nil, the default, runs them here.
///   - testName: The test method's name, for the replay line; the caller's by default.
///   - file: Where the failure is recorded; the caller's file by default.
///   - line: Where the failure is recorded; the caller's line by default.
///   - body: The test body, run once per trial as the trial's root task.
/// - Returns: What the exploration did: the trials run and the failures found.
@discardableResult
public func XCTAssertNoScheduleFailure(seeds: Range<UInt64> = 0..<200,
                                       strategies: [SchedulingStrategy] = plainConcurrencyStrategies,
                                       timeLimit: Duration = .seconds(3_600), threads: Int = 2, shrinkTrials: Int = 500,
                                       in testCase: XCTestCase? = nil,
                                       testName: String = #function, file: StaticString = #filePath, line: UInt = #line,
                                       _ body: @escaping @Sendable () async throws -> Void) -> ExplorationOutcome {
    let limit = SimDuration(nanoseconds: Int64(timeLimit.components.seconds) * 1_000_000_000
                                + timeLimit.components.attoseconds / 1_000_000_000)
    let method = filterName(testName)
    // `Module.Class/method`, as the test binary's XCTest filter takes it.
    let testClass = testCase.map { String(reflecting: type(of: $0)) }
    let key = testClass.map { ChildTrials.nextCall("\($0)/\(method)") } ?? ""
    let report = ChildTrials.exploration(testClass == nil ? .sameProcess : .childProcess, key: key,
                                         selecting: testClass.map { ChildTrials.selecting(xctest: $0, method: method) },
                                         testName: method, traceProblem: { XCTFail($0, file: file, line: line) }) { traceProblem in
        exploreAndReport(testName: method, seeds: seeds, strategies: strategies, threads: threads, shrinkTrials: shrinkTrials,
                         { trial in try trial.run(timeLimit: limit, body) }, traceProblem: traceProblem)
    }
    if let failure = report.failure { XCTFail(failure, file: file, line: line) }
    return report.outcome
}
