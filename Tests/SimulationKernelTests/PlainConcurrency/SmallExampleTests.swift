import Foundation
import SimulationKernel
import SimulationTesting
import Testing

/// Each small race is found within 200 seeds by the defaults, shrunk, and replayed to the same
/// trace hash; each fix is clean over the same seeds.
@Suite struct SmallExampleTests {
    static let examples: [(name: String, body: @Sendable (Bool) async throws -> Void, kind: String)] = [
        ("oversell", twoBuyersOneItem, String(reflecting: Oversold.self)),
        ("lost wake-up", mailArrivesOnce, "TrialProblem.suspendedAtEnd"),
        ("check-then-act", refundAndPayout, String(reflecting: AccountOverdrawn.self)),
    ]

    static func trial(_ body: @escaping @Sendable (Bool) async throws -> Void, fixed: Bool) -> @Sendable (Trial) throws -> Void {
        { trial in try trial.run { try await body(fixed) } }
    }

    @Test(arguments: 0..<3)
    func foundShrunkAndReplayed(example: Int) throws {
        let (name, body, kind) = Self.examples[example]
        let buggy = Self.trial(body, fixed: false)
        let outcome = ScheduleExploration.explore(seeds: 0..<200, strategies: plainConcurrencyStrategies, buggy)
        let failure = try #require(outcome.failures.first, "\(name): not found in 200 seeds")
        #expect(failure.kind == kind, "\(name): \(failure)")
        let shrunk = ScheduleExploration.shrink(failure, maxTrials: 200, buggy)
        #expect(shrunk.reproduced && shrunk.failure.kind == kind, "\(name): \(shrunk)")
        for found in [failure, shrunk.failure] {
            let replay = ScheduleExploration.replay(found.settings, buggy)
            #expect(replay.traceHash == found.traceHash, "\(name), \(found.settings): \(replay.traceHash)")
        }
        print("\(name): found at trial \(outcome.trialsRun) (\(failure.settings), trace \(failure.traceHash)); "
              + "shrunk to \(shrunk.failure.settings.replayToken), trace \(shrunk.failure.traceHash)")
    }

    @Test(arguments: 0..<3)
    func theFixIsClean(example: Int) {
        let (name, body, _) = Self.examples[example]
        let outcome = ScheduleExploration.explore(seeds: 0..<200, strategies: ScheduleExploration.portfolio(steps: 50),
                                                  threads: 2, Self.trial(body, fixed: true))
        #expect(outcome.passed, "\(name): \(outcome.failures)")
    }

    /// Find rates per strategy over 200 seeds: the table in results/code-as-is.md,
    /// `swift test --filter SmallExampleTests.findRates`.
    @Test func findRates() {
        let strategies = ScheduleExploration.portfolio(steps: 200) + [.delayBounded(delays: 2, steps: 8), .fifo]
        var rows: [String] = []
        for strategy in strategies {
            let found = Self.examples.map { example in
                ScheduleExploration.explore(seeds: 0..<200, strategies: [strategy], threads: 2, stopAtFirstFailure: false,
                                            Self.trial(example.body, fixed: false)).failures.count
            }
            rows.append("| \(strategy) | " + found.map { "\($0) / 200" }.joined(separator: " | ") + " |")
        }
        #expect(rows.count == strategies.count)
        print((["| strategy | " + Self.examples.map(\.name).joined(separator: " | ") + " |", "| --- | --- | --- | --- |"]
               + rows).joined(separator: "\n"))
    }
}

/// The child side of `SmallExampleTests.replaysInANewProcess`: replays the example
/// `PAYSTORM_SMALL_EXAMPLE` names under the trial `PAYSTORM_SMALL_EXAMPLE_TRIAL` gives, and prints
/// its trace hash. It does nothing unless both are set.
@Suite struct SmallExampleReplayChild {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PAYSTORM_SMALL_EXAMPLE"] != nil, "run as a child"))
    func replaysOneSmallExample() throws {
        let environment = ProcessInfo.processInfo.environment
        let example = try #require(environment["PAYSTORM_SMALL_EXAMPLE"].flatMap(Int.init))
        let token = try #require(environment["PAYSTORM_SMALL_EXAMPLE_TRIAL"])
        let settings = try #require(TrialSettings(replayToken: token), "not a replay token: \(token)")
        let (name, body, _) = SmallExampleTests.examples[example]
        let replay = ScheduleExploration.replay(settings, SmallExampleTests.trial(body, fixed: false))
        print("replayed \(name) \(token): trace \(replay.traceHash), \(replay.failure == nil ? "passed" : "failed")")
    }
}
