import Foundation
import SimulationKernel
@testable import SimulationTesting
import XCTest

/// The XCTest call: the same exploration, the same report, recorded with `XCTFail`.
final class XCTestFrontEndTests: XCTestCase {
    func testTheFixedBatcherPassesEveryTrial() {
        let outcome = XCTAssertNoScheduleFailure { try await settleTwoCaptures(fixed: true) }
        XCTAssertTrue(outcome.passed)
        XCTAssertEqual(outcome.trialsRun, 200)
    }

    /// The same in a child process (`in: self`): the outcome comes back from the child.
    func testTheFixedBatcherPassesEveryTrialInAChild() {
        let outcome = XCTAssertNoScheduleFailure(in: self) { try await settleTwoCaptures(fixed: true) }
        XCTAssertTrue(outcome.passed)
        XCTAssertEqual(outcome.trialsRun, 200)
    }

    /// What `XCTAssertNoScheduleFailure` would pass to `XCTFail` for the buggy batcher (corelibs
    /// XCTest has no `XCTExpectFailure`, so the failing call itself is not run here).
    func testTheReportNamesTheTestMethodInBothReplayLines() throws {
        let report = exploreAndReport(testName: filterName("testBatcher()"), seeds: 0..<200,
                                      strategies: plainConcurrencyStrategies, threads: 2, shrinkTrials: 500,
                                      { trial in try trial.run { try await settleTwoCaptures(fixed: false) } },
                                      traceProblem: { XCTFail($0) })
        let failure = try XCTUnwrap(report.failure)
        XCTAssertTrue(failure.contains("replay it alone: PAYSTORM_REPLAY='testBatcher@0/random/0' swift test --filter 'testBatcher'"),
                      failure)
        XCTAssertTrue(failure.contains("replay the small one (trace "), failure)
    }
}

/// The child side of `XCTestChildTrialsTests`: the release race, whose trials stop the process
/// that runs them, explored from XCTest with `in: self`. Run only as a child, since it fails.
final class XCTestStoppedTrialChild: XCTestCase {
    func testAContinuationResumedTwiceFailsByName() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PAYSTORM_XCTEST_STOP_CHILD"] != nil, "run as a child")
        XCTAssertNoScheduleFailure(seeds: 0..<200, strategies: [.random], shrinkTrials: 0, in: self, OneShotRelease.race)
    }
}
