import Foundation
import Testing

/// `paystorm run`, `explore` and `shrink`, as separate processes, classify a seed the same way.
/// ExplorationTests.ClassificationAgreementTests checks all 300 seeds through the library; these
/// run the binaries on a few of them: the default scenario with run.lifecycles=200 (N = 200),
/// workload.cards.count=2000 and two planted defects, so seeds fail on two invariants or pass.
@Suite struct ClassificationAgreementCLITests {
    static let scenario = ["--scenario", "scenarios/default.json", "--set", "run.lifecycles=200",
                           "--set", "workload.cards.count=2000",
                           "--set", #"defects=["approve-unusable-card","reversal-lost"]"#]

    /// Seed → invariant of every failure explore printed, and the seeds it passed.
    static func explore(_ seeds: ClosedRange<Int>, _ extra: [String]) throws -> (failed: [(String, String)], passed: [String]) {
        let result = try paystorm(["explore", "--seeds", "\(seeds.lowerBound)..\(seeds.upperBound)", "--quiet"]
                                  + scenario + extra)
        #expect(result.status == 0 || result.status == 1, "\(result)")
        let failed = try ExploreReplayCLITests.failures(result.stdout).map { ($0.seed, $0.invariant) }
        let passed = seeds.map(String.init).filter { seed in !failed.contains { $0.0 == seed } }
        return (failed, passed)
    }

    /// The first `count` failures of each invariant: a few seeds, every kind of failure.
    static func sample(_ failed: [(String, String)], count: Int) -> [(String, String)] {
        var taken: [(String, String)] = []
        for failure in failed where taken.filter({ $0.1 == failure.1 }).count < count { taken.append(failure) }
        return taken
    }

    /// What shrink's first run made of `seed`: the invariant it will keep, or nil for a pass.
    static func shrinkStart(_ seed: String, _ extra: [String]) throws -> String? {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["shrink", "--seed", seed, "--max-runs", "1", "--quiet", "--out", scratch.path("shrunk")]
                                  + scenario + extra)
        if result.stdout.contains("seed \(seed) breaks no invariant: nothing to shrink") {
            #expect(result.status == 0, "\(result)")
            return nil
        }
        #expect(result.status == 1, "\(result)")
        let line = try #require(result.stdout.firstMatch(of: #/seed \d+ fails: (\S+ \S+)  /#), "\(result)")
        return String(line.1)
    }

    @Test func runExploreAndShrinkAgreeOnSeedsOfTheScenarioAsWritten() throws {
        let (failed, passed) = try Self.explore(1...30, [])
        #expect(!failed.isEmpty && !passed.isEmpty, "\(failed) \(passed)")
        let scratch = try TemporaryDirectory()
        for (seed, invariant) in Self.sample(failed, count: 2) {
            let run = try paystorm(["run", "--seed", seed, "--quiet", "--out", scratch.path("run-\(seed)")] + Self.scenario)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("FAILED  \(invariant)  "), "seed \(seed): explore said \(invariant)\n\(run)")
            #expect(try Self.shrinkStart(seed, []) == invariant, "seed \(seed)")
        }
        for seed in passed.prefix(2) {
            // Judged on invariants, as explore judges it: at 200 lifecycles two slow ones (a push
            // provisioning abandoned at its 600 s) already break the scenario's p99 SLO.
            let run = try paystorm(["run", "--seed", seed, "--quiet", "--out", scratch.path("run-\(seed)")] + Self.scenario
                                   + ["--set", "slo={}"])
            #expect(run.status == 0, "seed \(seed): explore passed it\n\(run)")
            #expect(try Self.shrinkStart(seed, []) == nil, "seed \(seed)")
        }
    }

    /// A swarm seed's run is its replay, `explore --seeds N..N --swarm`, and shrink takes --swarm.
    @Test func replayExploreAndShrinkAgreeOnSwarmSeeds() throws {
        let (failed, passed) = try Self.explore(1...30, ["--swarm"])
        #expect(!failed.isEmpty && !passed.isEmpty, "\(failed) \(passed)")
        for (seed, invariant) in Self.sample(failed, count: 1) {
            let number = try #require(Int(seed))
            let (again, _) = try Self.explore(number...number, ["--swarm"])
            #expect(again.map(\.1) == [invariant], "seed \(seed)")
            #expect(try Self.shrinkStart(seed, ["--swarm"]) == invariant, "seed \(seed)")
        }
        for seed in passed.prefix(2) {
            let number = try #require(Int(seed))
            let (again, _) = try Self.explore(number...number, ["--swarm"])
            #expect(again.isEmpty, "seed \(seed): explore passed it, its replay \(again)")
            #expect(try Self.shrinkStart(seed, ["--swarm"]) == nil, "seed \(seed)")
        }
    }
}
