import Foundation
import SimulationTesting
import SimulationKernel
import Testing

/// `shoppers` payments of 60 against the article's `Wallet` (balance 100, checks, waits for the
/// fraud check, then debits). The first pays at once, the second at random within
/// `secondSpread`, the others within `spread`. The fraud check's round trip is exactly 2 ms, so
/// with a spread starting past it only delivery jitter can make two payments overlap.
func shoppersTrial(shoppersByDefault: Int, secondSpread: ClosedRange<UInt64>? = nil,
                   spread: ClosedRange<UInt64>) -> @Sendable (Trial) throws -> Void {
    { trial in
        let simulation = trial.simulation
        let network = Network(simulation: simulation, defaultLatency: .constant(.milliseconds(1)))
        let fraudCheck = simulation.makeContext(name: "fraud-check", network: network)
        let wallet = Wallet(context: simulation.makeContext(name: "wallet", network: network), fraudCheck: fraudCheck.address)
        let shoppers = trial.size ?? shoppersByDefault
        simulation.spawn { _ = await wallet.pay(60) }
        for index in 1..<max(1, shoppers) {
            let shopper = simulation.makeContext(name: "shopper-\(index)")
            simulation.spawn {
                let window = index == 1 ? secondSpread ?? spread : spread
                await shopper.sleep(for: .milliseconds(shopper.random.int(in: window)))
                _ = await wallet.pay(60)
            }
        }
        try trial.run()
        let balance = simulation.inspect { wallet.assumeIsolated { $0.balance } }
        withExtendedLifetime(network) {}
        if balance < 0 { throw Overdrawn(balance: balance) }
    }
}

@Suite struct ScheduleShrinkingTests {
    /// Leaving out every choice is fifo without jitter; keeping every one is the run itself.
    @Test(arguments: [SchedulingStrategy.random, .pct(depth: 3, steps: 200)])
    func keepingNoChoiceIsFifoAndKeepingAllIsTheRun(strategy: SchedulingStrategy) throws {
        let body = walletTrial(safe: false)
        let fifo = ScheduleExploration.replay(TrialSettings(seed: 5, strategy: .fifo), body)
        let none = ScheduleExploration.replay(TrialSettings(seed: 5, strategy: strategy, jitter: .milliseconds(3),
                                                            keptChoices: []), body)
        #expect(none.traceHash == fifo.traceHash)

        let settings = TrialSettings(seed: 5, strategy: strategy, jitter: .milliseconds(3))
        let made = ScheduleExploration.run(settings, body).choicesMade
        #expect(made > 0)
        var all = settings
        all.keptChoices = Array(0..<made)
        #expect(ScheduleExploration.replay(all, body).traceHash == ScheduleExploration.replay(settings, body).traceHash)
    }

    /// A fifo run without jitter makes no choice: nothing to shrink there.
    @Test func fifoWithoutJitterMakesNoChoice() {
        #expect(ScheduleExploration.run(TrialSettings(seed: 5, strategy: .fifo), walletTrial(safe: false)).choicesMade == 0)
    }

    /// An overdraft that only delivery jitter can cause shrinks to a few delays, each of them
    /// needed: without any one of them the run passes.
    @Test func aJitterRaceShrinksToTheDelaysItNeeds() throws {
        let body = shoppersTrial(shoppersByDefault: 2, spread: 3...10)
        #expect(ScheduleExploration.explore(seeds: 0..<20, strategies: [.fifo], body).passed,
                "without jitter the two payments never overlap")
        let outcome = ScheduleExploration.explore(seeds: 0..<100, strategies: [.random], jitters: [.milliseconds(10)], body)
        let failure = try #require(outcome.failures.first, "jitter never made the payments overlap")
        let shrunk = ScheduleExploration.shrink(failure, body)
        #expect(shrunk.reproduced && shrunk.complete)
        let kept = try #require(shrunk.failure.settings.keptChoices)
        #expect(!kept.isEmpty && UInt64(kept.count) < shrunk.choicesBefore)
        #expect(shrunk.keptChoices.contains { $0.contains("delayed") }, "\(shrunk)")
        for index in kept.indices {
            var fewer = shrunk.failure.settings
            fewer.keptChoices?.remove(at: index)
            #expect(ScheduleExploration.replay(fewer, body).failure == nil, "choice \(kept[index]) was not needed")
        }
        let replay = ScheduleExploration.replay(shrunk.failure.settings, body)
        #expect(replay.traceHash == shrunk.failure.traceHash && replay.failure == shrunk.failure)
        let token = try #require(TrialSettings(replayToken: shrunk.failure.settings.replayToken))
        #expect(token == shrunk.failure.settings)
    }

    /// The second shopper always pays while the first waits for the fraud check; the six others
    /// come too late to matter. Shrinking the size finds the two that overdraw the wallet.
    @Test func aWorkloadWithASizeShrinksToFewerOperations() throws {
        let body = shoppersTrial(shoppersByDefault: 8, secondSpread: 0...1, spread: 3...10)
        let outcome = ScheduleExploration.explore(seeds: 0..<20, size: 8, body)
        let failure = try #require(outcome.failures.first)
        #expect(failure.settings.size == 8)
        let shrunk = ScheduleExploration.shrink(failure, body)
        let size = try #require(shrunk.failure.settings.size)
        #expect(size == 2, "\(shrunk)")
        #expect(shrunk.failure.kind == failure.kind && shrunk.description.contains("size 8 → \(size)"))
        #expect(ScheduleExploration.replay(shrunk.failure.settings, body).traceHash == shrunk.failure.traceHash)
    }

    /// A failure the body cannot fail again alone is said so, not shrunk.
    @Test func aFailureThatDoesNotReproduceIsSaidSo() {
        let settings = TrialSettings(seed: 1)
        let made = TrialFailure(settings: settings, traceHash: "0", message: "invented", kind: "Invented")
        let shrunk = ScheduleExploration.shrink(made, walletTrial(safe: true))
        #expect(!shrunk.reproduced && shrunk.trials == 1)
        #expect(shrunk.description.contains("did not fail again"))
    }

    @Test func replayTokensCarrySizeAndChoices() throws {
        let settings = TrialSettings(seed: 17, strategy: .pct(depth: 3, steps: 200), jitter: .milliseconds(5),
                                     size: 3, keptChoices: [40, 12, 41, 42])
        #expect(settings.replayToken == "17/pct:3:200/5000000/size:3/keep:12,40-42")
        let read = try #require(TrialSettings(replayToken: settings.replayToken))
        #expect(read.size == 3 && read.keptChoices == [12, 40, 41, 42])
        #expect(TrialSettings(replayToken: "17/random/0/keep:")?.keptChoices == [])
        for bad in ["17/random/0/size:x", "17/random/0/keep:5-3", "17/random/0/other", "17/random/0/size:1/size:2"] {
            #expect(TrialSettings(replayToken: bad) == nil, "\(bad)")
        }
    }
}

/// A replayed trial as Perfetto reads it: JSON trace events, a named track per actor, and an
/// arrow per message, without changing the run.
@Suite struct ReplayTraceFileTests {
    @Test func aReplayWritesAPerfettoTraceOfTheSameRun() throws {
        let body = shoppersTrial(shoppersByDefault: 2, secondSpread: 0...1, spread: 3...10)
        let settings = TrialSettings(seed: 3, strategy: .pct(depth: 2, steps: 100), jitter: .milliseconds(2))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try ScheduleExploration.replay(settings, traceFile: path, body)
        let plain = ScheduleExploration.replay(settings, body)
        #expect(written.traceHash == plain.traceHash && written.failure == plain.failure && written.failure != nil)

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        let trackNames = events.filter { $0["name"] as? String == "thread_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(trackNames.contains("wallet") && trackNames.contains("fraud-check"), "\(trackNames)")
        let phases = events.compactMap { $0["ph"] as? String }
        #expect(phases.filter { $0 == "s" }.count > 0 && phases.filter { $0 == "s" }.count == phases.filter { $0 == "f" }.count)
        #expect(written.steps > 0 && phases.filter { $0 == "X" || $0 == "i" }.count >= written.steps / 2)
    }

    @Test func aTraceFileThatCannotBeMadeIsAnError() {
        #expect(throws: (any Error).self) {
            _ = try ScheduleExploration.replay(TrialSettings(seed: 1), traceFile: "/proc/no-such-dir/trace.json",
                                               walletTrial(safe: true))
        }
    }
}

/// Delay-bounded scheduling: fifo's order but for a bounded number of random choices.
@Suite struct DelayBoundedStrategyTests {
    @Test func noDelaysIsFifo() {
        let fifo = walletRun(.init(seed: 9, strategy: .fifo, lanes: .perActor))
        let none = walletRun(.init(seed: 9, strategy: .delayBounded(delays: 0, steps: 20), lanes: .perActor))
        #expect(none.traceHash == fifo.traceHash)
    }

    @Test(arguments: 1...3)
    func eachDelayIsAtMostOneStandingChoice(delays: Int) {
        var options = Simulation.Options(seed: 9, strategy: .delayBounded(delays: delays, steps: 12), lanes: .perActor,
                                         deliveryJitter: .milliseconds(3))
        options.logsChoices = true
        let log = ChoiceLog()
        _ = walletRun(options) { simulation in log.simulation = simulation }
        let standing = log.simulation?.choiceLog ?? []
        #expect(standing.count <= delays && standing.allSatisfy { $0.index < 12 }, "\(standing)")
    }

    /// Two departures from fifo's order, with jitter, find the wallet's overdraft; every
    /// delay-bounded token reads back.
    @Test func theWalletsRaceIsFoundWithinTwoDelays() {
        let outcome = ScheduleExploration.explore(seeds: 0..<200, strategies: [.delayBounded(delays: 2, steps: 10)],
                                                  jitters: [.milliseconds(5)], walletTrial(safe: false))
        #expect(!outcome.passed)
        for token in ["3/delay:2:10/0", "3/delay:0:1/5000000/keep:1"] {
            #expect(TrialSettings(replayToken: token)?.replayToken == token)
        }
        #expect(TrialSettings(replayToken: "3/delay:-1:10/0") == nil && TrialSettings(replayToken: "3/delay:1:0/0") == nil)
    }
}

/// Holds the simulation a wallet run made, to read its choice log after the run.
final class ChoiceLog: @unchecked Sendable {
    var simulation: Simulation?
}

/// Every failing seed of the article's wallet under 5 ms of jitter, per strategy, shrunk: each
/// small failure replays to its hash and keeps no more choices than its original made. Prints the
/// table recorded in results/README.md ("Shrinking user code").
@Suite struct ShrinkingEveryWalletFailureTests {
    @Test func everyFailingSeedShrinksAndReplays() {
        let body = walletTrial(safe: false)
        let strategies: [SchedulingStrategy] = [.fifo, .random, .pct(depth: 3, steps: 10), .delayBounded(delays: 2, steps: 10),
                                                .delayBounded(delays: 2, steps: 1_000)]
        var rows = ["| strategy | failing seeds of 200 | choices made, mean | kept after shrinking, mean (max) | fail in fifo without delays | trials per shrink, mean |",
                    "| --- | --- | --- | --- | --- | --- |"]
        for strategy in strategies {
            let outcome = ScheduleExploration.explore(seeds: 0..<200, strategies: [strategy], jitters: [.milliseconds(5)],
                                                      threads: 2, stopAtFirstFailure: false, body)
            var made: UInt64 = 0, kept = 0, most = 0, plain = 0, trials = 0
            for failure in outcome.failures {
                let shrunk = ScheduleExploration.shrink(failure, body)
                #expect(shrunk.reproduced && shrunk.complete)
                #expect(ScheduleExploration.replay(shrunk.failure.settings, body).traceHash == shrunk.failure.traceHash)
                #expect(UInt64(shrunk.keptChoices.count) <= shrunk.choicesBefore)
                made += shrunk.choicesBefore
                kept += shrunk.keptChoices.count
                most = max(most, shrunk.keptChoices.count)
                plain += shrunk.failure.settings.strategy == .fifo && shrunk.failure.settings.jitter == .zero ? 1 : 0
                trials += shrunk.trials
            }
            let count = max(1, outcome.failures.count)
            func mean(_ total: Double) -> String { String(format: "%.2f", total / Double(count)) }
            rows.append("| \(strategy) | \(outcome.failures.count) | \(mean(Double(made))) | "
                        + "\(mean(Double(kept))) (\(most)) | \(plain) | \(mean(Double(trials))) |")
        }
        print(rows.joined(separator: "\n"))
    }
}
