import Foundation
import SimulationKernel
import Testing

/// A Swift Testing trait that runs the test's own body, written in plain Swift concurrency, on the
/// deterministic simulation once per seed and strategy, and fails the test with the first failing
/// trial, its shrunk form and the lines that replay each.
///
/// ```swift
/// @Test(.exploringSchedules(seeds: 200))
/// func batcherLosesNoCaptureUnderTheTrait() async throws {
///     try await settleTwoCaptures(fixed: false)
/// }
/// ```
///
/// It does what ``exploreSchedules(seeds:strategies:timeLimit:threads:shrinkTrials:isolation:sourceLocation:_:)``
/// does, with the body written as the test function itself: default actors, `Task {}`, task
/// groups, `async let`, continuations and `Task.sleep` run on the simulation's thread in the order
/// the trial's strategy picks, sleeps wait on virtual time, and a failed `#expect` or a thrown
/// error fails the trial. Trials run one at a time, in a child process of the test binary that
/// runs this test alone (``TrialIsolation/childProcess``): a trial that stops its process, as a
/// continuation resumed twice does, fails this test by name with its replay line, and the rest of
/// the test run goes on. A parameterized test explores each of its cases on its own, each in a
/// child of its own. Under `PAYSTORM_REPLAY` the named trial runs in the test's own process.
///
/// A trial that ends with the body still suspended (a continuation never resumed) fails with
/// `suspendedAtEnd`, as with the function. The body is then left suspended for good: it is never
/// run again, and the trait releases its hold on the test function before the test ends.
public struct ExploringSchedulesTrait: TestTrait, TestScoping {
    /// The seeds to try, each with every strategy.
    public var seeds: Range<UInt64>
    /// How each trial orders ready jobs.
    public var strategies: [SchedulingStrategy]
    /// The virtual time a trial may take; a sleep still pending at that point fails it.
    public var timeLimit: Duration
    /// At most this many trials to shrink a failure; 0 reports it unshrunk.
    public var shrinkTrials: Int
    /// Where the failure is recorded: the line that applied the trait.
    public var sourceLocation: SourceLocation

    /// Where the trials run: a child process of the test binary by default, so that a trial that
    /// stops its process fails this test by name and the rest of the run goes on.
    public var isolation: TrialIsolation

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let testName = filterName(test.name)
        let limit = SimDuration(nanoseconds: Int64(timeLimit.components.seconds) * 1_000_000_000
                                    + timeLimit.components.attoseconds / 1_000_000_000)
        let location = sourceLocation
        let report = ChildTrials.exploration(isolation, key: ChildTrials.key(test, testCase), selecting: ChildTrials.selecting(test),
                                             testName: testName,
                                             traceProblem: { Issue.record(Comment(rawValue: $0), sourceLocation: location) }) { traceProblem in
            withoutActuallyEscaping(function) { body in
                let held = LeakedBody.references(to: body)
                let report = explore(body, testName: testName, timeLimit: limit, traceProblem: traceProblem)
                LeakedBody.drop(body, downTo: held)
                return report
            }
        }
        if let failure = report.failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    }

    /// The exploration, in a function of its own: every reference it takes to `body` ends when it
    /// returns, but those of a trial left suspended for good.
    @inline(never)
    private func explore(_ body: @escaping @Sendable () async throws -> Void, testName: String,
                         timeLimit: SimDuration, traceProblem: @escaping (String) -> Void) -> ExplorationReport {
        let checked = failingOnExpectations(body)
        return exploreAndReport(testName: testName, seeds: seeds, strategies: strategies, threads: 1,
                                shrinkTrials: shrinkTrials, { trial in try trial.run(timeLimit: timeLimit, checked) },
                                traceProblem: traceProblem)
    }
}

extension Trait where Self == ExploringSchedulesTrait {
    /// Runs the test's body on the deterministic simulation once per seed and strategy, shrinks the
    /// first failing trial and fails the test with the lines that replay it
    /// (``ExploringSchedulesTrait``).
    ///
    /// A test attribute takes plain literals: `@Test(.exploringSchedules(seeds: 200, from: 1_000))`
    /// tries seeds 1,000 to 1,199. (A range such as `0..<200` is refused there by Swift 6.3's
    /// `@Test` macro; the other form takes one, for traits built in code.)
    ///
    /// - Parameters:
    ///   - seeds: How many seeds to try, each with every strategy; 200 by default.
    ///   - first: The first seed; 0 by default.
    ///   - strategies: How each trial orders ready jobs; random order by default
    ///     (``plainConcurrencyStrategies``).
    ///   - timeLimit: The virtual time a trial may take; a sleep still pending then fails it.
    ///   - shrinkTrials: At most this many trials to shrink a failure; 0 reports it unshrunk.
    ///   - isolation: Where the trials run; a child process of the test binary by default, so a
    ///     trial that stops its process (a continuation resumed twice) fails this test by name
    ///     and the rest of the run goes on (``TrialIsolation``).
    ///   - sourceLocation: Where the failure is recorded; the line that applies the trait by default.
    public static func exploringSchedules(seeds: Int = 200, from first: UInt64 = 0,
                                          strategies: [SchedulingStrategy] = plainConcurrencyStrategies,
                                          timeLimit: Duration = .seconds(3_600), shrinkTrials: Int = 500,
                                          isolation: TrialIsolation = .childProcess,
                                          sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        exploringSchedules(seedRange: first..<first + UInt64(max(0, seeds)), strategies: strategies, timeLimit: timeLimit,
                           shrinkTrials: shrinkTrials, isolation: isolation, sourceLocation: sourceLocation)
    }

    /// The same, with the seeds as a range.
    ///
    /// - Parameters:
    ///   - seedRange: The seeds to try, each with every strategy.
    ///   - strategies: How each trial orders ready jobs; random order by default.
    ///   - timeLimit: The virtual time a trial may take; a sleep still pending then fails it.
    ///   - shrinkTrials: At most this many trials to shrink a failure; 0 reports it unshrunk.
    ///   - isolation: Where the trials run; a child process of the test binary by default.
    ///   - sourceLocation: Where the failure is recorded; the caller's line by default.
    public static func exploringSchedules(seedRange: Range<UInt64>,
                                          strategies: [SchedulingStrategy] = plainConcurrencyStrategies,
                                          timeLimit: Duration = .seconds(3_600), shrinkTrials: Int = 500,
                                          isolation: TrialIsolation = .childProcess,
                                          sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        ExploringSchedulesTrait(seeds: seedRange, strategies: strategies, timeLimit: timeLimit, shrinkTrials: shrinkTrials,
                                sourceLocation: sourceLocation, isolation: isolation)
    }
}

/// The references a suspended-for-good trial keeps to the test function.
///
/// Swift Testing hands the trait the test function as a non-escaping closure, and
/// `withoutActuallyEscaping` stops the process if anything still holds it when the trait returns.
/// A trial whose body never resumes holds it from its suspended frame: that task is never run
/// again (its simulation is gone, and a job the simulation did not schedule is never run), so its
/// references are dead, and dropping them is what lets the test end with a named failure rather
/// than a crash.
enum LeakedBody {
    /// The closure as it is stored: a function pointer, then its context object.
    private struct Stored {
        var body: @Sendable () async throws -> Void
    }

    /// How many references the closure's context has, as this function sees it.
    @inline(never)
    static func references(to body: @escaping @Sendable () async throws -> Void) -> Int {
        context(of: body).map(runtimeRetainCount) ?? 0
    }

    /// Drops the references left above `held` (what ``references(to:)`` counted before the trials).
    @inline(never)
    static func drop(_ body: @escaping @Sendable () async throws -> Void, downTo held: Int) {
        guard let context = context(of: body) else { return }
        while runtimeRetainCount(context) > held {
            Unmanaged<AnyObject>.fromOpaque(context).release()
        }
    }

    @inline(never)
    private static func context(of body: @escaping @Sendable () async throws -> Void) -> UnsafeMutableRawPointer? {
        var stored = Stored(body: body)
        return withUnsafeBytes(of: &stored) { raw in
            raw.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeMutableRawPointer?.self)
        }
    }
}

/// The strong reference count of a Swift heap object, read without taking a reference.
@_silgen_name("swift_retainCount")
private func runtimeRetainCount(_ object: UnsafeMutableRawPointer) -> Int
