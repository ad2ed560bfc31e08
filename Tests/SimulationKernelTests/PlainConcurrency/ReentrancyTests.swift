import SimulationKernel
import SimulationTesting
import Testing

/// The settlement batcher's lost capture (SettlementBatcher.swift), found in plain Swift code by
/// the defaults, shrunk, and replayed to the same trace hash.
@Suite struct ReentrancyTests {
    static let buggy: @Sendable (Trial) throws -> Void = { trial in try trial.run { try await settleTwoCaptures(fixed: false) } }
    static let fixed: @Sendable (Trial) throws -> Void = { trial in try trial.run { try await settleTwoCaptures(fixed: true) } }

    @Test func theDefaultsFindTheLostCaptureAndItsReplayIsTheSame() throws {
        let outcome = ScheduleExploration.explore(seeds: 0..<200, strategies: plainConcurrencyStrategies, Self.buggy)
        let failure = try #require(outcome.failures.first, "not found in 200 seeds")
        #expect(failure.kind == String(reflecting: LostCapture.self), "\(failure)")
        let shrunk = ScheduleExploration.shrink(failure, maxTrials: 200, Self.buggy)
        #expect(shrunk.reproduced && shrunk.failure.kind == failure.kind, "\(shrunk)")
        for found in [failure, shrunk.failure] {
            let replay = ScheduleExploration.replay(found.settings, Self.buggy)
            #expect(replay.traceHash == found.traceHash && replay.failure?.message == found.message,
                    "\(found.settings): \(replay.traceHash), \(replay.failure.map(String.init(describing:)) ?? "passed")")
        }
    }

    @Test func theFixedBatcherIsCleanOverTheSameSeeds() {
        let outcome = exploreSchedules { try await settleTwoCaptures(fixed: true) }
        #expect(outcome.passed && outcome.trialsRun == 200 * plainConcurrencyStrategies.count, "\(outcome.failures)")
    }

    /// The issue a failing `exploreSchedules` records: the replay line names this test, and the
    /// shrunk failure's line carries its trace hash.
    @Test func aFailureCarriesBothReplayLines() {
        withKnownIssue {
            exploreSchedules { try await settleTwoCaptures(fixed: false) }
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("PAYSTORM_REPLAY='aFailureCarriesBothReplayLines@")
                && text.contains("replay the small one (trace ") && text.contains("swift test --filter")
        }
    }

    /// A failed `#expect` in the body fails its trial, which is then shrunk and reported once with
    /// its replay lines, attributed to this test.
    @Test func anExpectationInTheBodyFailsItsTrial() {
        withKnownIssue {
            exploreSchedules {
                let batcher = SettlementBatcher(signer: BatchSigner(), fixed: false)
                await batcher.capture(1)
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await batcher.capture(2) }
                    group.addTask { await batcher.flush() }
                }
                let accounted = await batcher.flushAndCount()
                #expect(accounted == 2, "every capture sent or pending")
            }
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("Expectation failed: (accounted → 1) == 2")
                && text.contains("PAYSTORM_REPLAY='anExpectationInTheBodyFailsItsTrial@")
        }
    }

    /// Find rates per strategy over 200 seeds, printed as the table in results/code-as-is.md:
    /// `swift test --filter ReentrancyTests.findRatesPerStrategy`.
    @Test func findRatesPerStrategy() {
        // The portfolio (its delay-bounded counts each trial's choices, 7 here), then fixed steps of
        // this short run and of a long one.
        let strategies = ScheduleExploration.portfolio(steps: 200)
            + [.pct(depth: 2, steps: 8), .delayBounded(delays: 1, steps: 8), .delayBounded(delays: 2, steps: 8),
               .delayBounded(delays: 1, steps: 0), .delayBounded(delays: 2, steps: 200), .fifo]
        var rows: [String] = []
        for strategy in strategies {
            let found = [Self.buggy, Self.fixed].map { body in
                ScheduleExploration.explore(seeds: 0..<200, strategies: [strategy], threads: 2,
                                            stopAtFirstFailure: false, body).failures.count
            }
            rows.append("| \(strategy) | \(found[0]) / 200 | \(found[1]) / 200 |")
            #expect(found[1] == 0, "\(strategy): the fixed batcher failed \(found[1]) times")
        }
        print((["| strategy | lost capture found | fixed batcher failed |", "| --- | --- | --- |"] + rows)
            .joined(separator: "\n"))
    }
}
