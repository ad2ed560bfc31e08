import SimulationKernel
import SimulationTesting
import Testing

/// The trait explores the test function itself: the fixed batcher passes, the buggy one fails with
/// its replay lines, and a body that never resumes fails by name without stopping the process.
@Suite struct ExploringSchedulesTraitTests {
    @Test(.exploringSchedules(seeds: 50))
    func theFixedBatcherPassesUnderTheTrait() async throws {
        try await settleTwoCaptures(fixed: true)
    }

    /// Counts the trials the trait ran, from inside the body.
    final class Trials: @unchecked Sendable {
        var count = 0
    }

    /// In this process, so the count is this process's (in a child, the child's count).
    @Test func theTraitRunsTheBodyOncePerSeedAndStrategy() async throws {
        let trials = Trials()
        let trait = ExploringSchedulesTrait.exploringSchedules(seeds: 30, strategies: [.random, .pct(depth: 2, steps: 100)],
                                                               isolation: .sameProcess)
        try await trait.provideScope(for: try #require(Test.current), testCase: nil) {
            trials.count += 1
            try await settleTwoCaptures(fixed: true)
        }
        #expect(trials.count == 60)
    }

    @Test func theBuggyBatcherFailsWithTheLinesThatReplayItAndItsShrunkForm() async throws {
        let trait = ExploringSchedulesTrait.exploringSchedules()
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) { try await settleTwoCaptures(fixed: false) }
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("replay it alone: PAYSTORM_REPLAY='theBuggyBatcherFailsWithTheLinesThatReplayItAndItsShrunkForm@")
                && text.contains("replay the small one (trace ")
        }
    }

    /// Holds nothing: the continuation is dropped, so the body can never resume.
    @Test func aBodyThatNeverResumesFailsByNameAndTheTestEnds() async throws {
        let trait = ExploringSchedulesTrait.exploringSchedules(seeds: 5, from: 100, shrinkTrials: 0)
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
            }
        } matching: { issue in
            "\(issue)".contains("the test body was still suspended when nothing was left to run")
        }
    }
}
