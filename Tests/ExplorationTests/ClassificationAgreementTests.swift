import Exploration
import Scenarios
import Synchronization
import Testing

/// `run`, `explore` and `shrink` classify every seed the same way (issue 15, item 6).
///
/// The seeds are `explore --scenario scenarios/default.json --seeds 1..100 --swarm` with
/// `run.lifecycles=100` and `workload.cards.count=2000`: building the default 100,000 cards takes a
/// quarter of a second of every debug seed, 25 s over 100 seeds, and neither setting changes what
/// is compared. The scenario as it is breaks no invariant at this size, so a second pass plants two
/// defects that about a third of the seeds trip, on two invariants (31 of 100: 22 RES-2 and 9
/// G-10; 49 at 200 lifecycles).
///
/// Each command's code path, through the library: `explore` is `Explorer.explore` on two threads;
/// `replay` of a seed (and a swarm seed's replay, `explore --seeds N..N --swarm`) is one
/// `ScenarioRun` judged by `Verdict`, here on other threads in another order; `run` judges the
/// same result with the scenario's objectives as well; `shrink` is `Shrinker.start()` on the
/// scenario's tree. PayStormCLITests runs the binaries on a few of the same seeds.
@Suite struct ClassificationAgreementTests {
    static let small = ["run.lifecycles=100", "workload.cards.count=2000"]
    static let seeds = Array(UInt64(1)...100)

    /// `work(index)` for every index on two threads, each result kept at its index.
    static func onWorkerThreads<T: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Mutex<[T?]>(Array(repeating: nil, count: count))
        _ = WorkerThreads.run(count: count, threads: 2) { index in
            let result = work(index)
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    @Test(arguments: [[], [#"defects=["approve-unusable-card","reversal-lost"]"#]])
    func runExploreAndShrinkClassifyEverySeedAlike(defects: [String]) throws {
        let overrides = Self.small + defects
        let scenario = try loadScenario("scenarios/default.json", overrides: overrides)
        let tree = try scenarioTree("scenarios/default.json", overrides: overrides)
        let explored = Explorer(scenario: scenario, swarm: true).explore(seeds: Self.seeds, threads: 2)
        #expect(explored.ran == Self.seeds.count)
        if !defects.isEmpty {
            #expect(explored.groups.count == 2 && explored.findings.count > 10 && explored.findings.count < 90,
                    "the planted defects should fail some seeds on each invariant: \(explored.groups)")
        }

        // Replays, last seed first, so no seed meets the thread or the neighbours it had in explore.
        let reversed = Array(Self.seeds.reversed())
        let replays = Self.onWorkerThreads(reversed.count) { index in
            let result = ScenarioRun(scenario: scenario, seed: reversed[index], scheduling: SchedulingOptions(), swarm: true).run()
            return (verdict: Verdict(result), traceHash: result.traceHash,
                    judged: Verdict(result, objectives: scenario.objectives.map { ObjectiveResult($0, actual: .nan) }))
        }
        var findings = explored.findings[...]
        for (seed, replay) in zip(reversed, replays).reversed() {
            if let finding = findings.first, finding.seed == seed {
                findings = findings.dropFirst()
                #expect(replay.verdict.invariant == finding.invariant, "seed \(seed): replay \(replay.verdict), explore \(finding)")
                #expect(replay.traceHash == finding.traceHash, "seed \(seed)")
                // `run` judges objectives too (here each one missed); they rank below every invariant.
                #expect(replay.judged.invariant == finding.invariant, "seed \(seed): run \(replay.judged)")
            } else {
                #expect(replay.verdict.passed, "seed \(seed): explore passed it, its replay \(replay.verdict)")
                #expect(replay.judged.kind == .objectiveFailed || scenario.objectives.isEmpty, "seed \(seed)")
            }
        }
        #expect(findings.isEmpty, "findings of seeds explore was not asked to run: \(findings)")

        // Shrink's first run of every failing seed, the classification it keeps while shrinking.
        let failing = explored.findings
        let starts = try Self.onWorkerThreads(failing.count) { index in
            Result { () throws(ScenarioErrors) -> Verdict in
                var shrinker = try Shrinker(tree: tree, file: "shrunk.json", seed: failing[index].seed,
                                            scheduling: SchedulingOptions(), swarm: true)
                return shrinker.start()
            }
        }.map { try $0.get() }
        for (finding, start) in zip(failing, starts) {
            #expect(start.invariant == finding.invariant, "seed \(finding.seed): shrink \(start), explore \(finding)")
        }
    }
}
