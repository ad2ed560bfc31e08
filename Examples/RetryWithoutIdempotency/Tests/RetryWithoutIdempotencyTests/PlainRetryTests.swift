import RetryWithoutIdempotency
import SimulationKernel
import SimulationTesting
import Testing

/// The retrying client in plain Swift (PlainRetry.swift), explored by `exploreSchedules`'s defaults.
@Suite struct PlainRetryTests {
    @Test func theDefaultsFindThePlainDoubleCharge() {
        withKnownIssue {
            exploreSchedules { try await plainPayment(fixed: false) }
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("order 30 was charged") && text.contains("PAYSTORM_REPLAY='")
        }
    }

    @Test func theKeyedClientChargesOnceOverTheSameSeeds() {
        let outcome = exploreSchedules { try await plainPayment(fixed: true) }
        #expect(outcome.passed && outcome.trialsRun == 200, "\(outcome.failures)")
    }

    /// The same exploration with the trait: the test function is the body, as plain as it gets.
    @Test(.exploringSchedules())
    func theTraitsDefaultsFindNoDoubleChargeInTheKeyedClient() async throws {
        try await plainPayment(fixed: true)
    }

    /// The trait's failure, expected here: the trait runs inside `withKnownIssue`, as a test that
    /// carries it would run it.
    @Test func theTraitsDefaultsFindThePlainDoubleCharge() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await ExploringSchedulesTrait.exploringSchedules().provideScope(for: test, testCase: nil) {
                try await plainPayment(fixed: false)
            }
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("order 30 was charged") && text.contains("PAYSTORM_REPLAY='theTraitsDefaultsFindThePlainDoubleCharge@")
                && text.contains("replay the small one (trace ")
        }
    }

    @Test func aFailingTrialReplaysToItsHash() throws {
        let body: @Sendable (Trial) throws -> Void = { trial in try trial.run { try await plainPayment(fixed: false) } }
        let outcome = ScheduleExploration.explore(seeds: 0..<200, strategies: plainConcurrencyStrategies, body)
        let failure = try #require(outcome.failures.first)
        let shrunk = ScheduleExploration.shrink(failure, maxTrials: 200, body)
        for found in [failure, shrunk.failure] {
            #expect(ScheduleExploration.replay(found.settings, body).traceHash == found.traceHash, "\(found)")
        }
    }

    /// Find rates per strategy over 200 seeds, for results/code-as-is.md:
    /// `swift test --filter PlainRetryTests.findRates` in this package.
    @Test func findRates() {
        let strategies = ScheduleExploration.portfolio(steps: 200) + [.delayBounded(delays: 2, steps: 8), .fifo]
        var rows: [String] = []
        for strategy in strategies {
            let found = [false, true].map { fixed in
                ScheduleExploration.explore(seeds: 0..<200, strategies: [strategy], threads: 2, stopAtFirstFailure: false) { trial in
                    try trial.run { try await plainPayment(fixed: fixed) }
                }.failures.count
            }
            #expect(found[1] == 0, "\(strategy): the fix failed \(found[1]) times")
            rows.append("| \(strategy) | \(found[0]) / 200 | \(found[1]) / 200 |")
        }
        print(rows.joined(separator: "\n"))
    }
}
