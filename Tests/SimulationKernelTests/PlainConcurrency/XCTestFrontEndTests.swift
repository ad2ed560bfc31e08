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
