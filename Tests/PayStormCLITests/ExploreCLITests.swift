import Foundation
import Testing

/// `paystorm explore` and `paystorm check-determinism` end to end.
@Suite struct ExploreCLITests {
    static let small = ["--set", "run.lifecycles=600", "--set", "workload.cards.count=200", "--set", "workload.cards.unusable=0.2"]

    @Test func exploreFindsAPlantedDefectAndPrintsItsReplay() throws {
        let result = try paystorm(["explore", "--scenario", "scenarios/card-payments.json", "--seeds", "1..6", "--quiet",
                                   "--set", #"defects=["approve-unusable-card"]"#] + Self.small)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("G-10 OnlyUsableCardsAreApproved"), "\(result)")
        #expect(result.stdout.contains("replay: swift run -c release paystorm replay --scenario scenarios/card-payments.json --seed"),
                "\(result)")
    }

    @Test func exploreOfACleanScenarioPasses() throws {
        let result = try paystorm(["explore", "--scenario", "scenarios/card-payments.json", "--seeds", "1..4", "--swarm",
                                   "--quiet"] + Self.small)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("explored 4 seeds"), "\(result)")
    }

    @Test func theReplayOfAFailingSeedFailsTheSameWay() throws {
        let explore = try paystorm(["explore", "--scenario", "scenarios/card-payments.json", "--seeds", "3..3", "--quiet",
                                    "--set", #"defects=["approve-unusable-card"]"#] + Self.small)
        let scratch = NSTemporaryDirectory() + "paystorm-replay-\(getpid())"
        let replay = try paystorm(["replay", "--scenario", "scenarios/card-payments.json", "--seed", "3", "--quiet",
                                   "--out", scratch, "--set", #"defects=["approve-unusable-card"]"#] + Self.small)
        #expect(replay.status == 1, "\(replay)")
        #expect(replay.stderr.contains("G-10"), "\(replay)")
        #expect(explore.stdout.contains("seed 3"), "\(explore)")
        #expect(FileManager.default.fileExists(atPath: scratch + "/trace.txt"))
    }

    /// Every checked-in scenario, so a new one is covered the day it lands.
    static let scenarioFiles: [String] = ((try? FileManager.default.contentsOfDirectory(
        atPath: packageRoot.appendingPathComponent("scenarios").path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted().map { "scenarios/" + $0 }

    @Test(arguments: scenarioFiles)
    func checkDeterminismPassesOnEveryScenario(file: String) throws {
        let result = try paystorm(["check-determinism", "--scenario", file, "--processes", "2", "--set", "run.lifecycles=800"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("deterministic: 2 processes, one trace hash"), "\(result)")
    }
}
