import Foundation
import SimulationTestSupport
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

    @Test func exploreWritesAReportOfItsFailingSeedsWithTheirReplays() throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("explore")
        let result = try paystorm(["explore", "--scenario", "scenarios/card-payments.json", "--seeds", "1..3", "--quiet",
                                   "--set", #"defects=["approve-unusable-card"]"#] + Self.small + ["--out", out])
        #expect(result.status == 1, "\(result)")
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("<title>Explore: card-payments</title>"))
        #expect(html.contains("<div class=\"value\">FAILED</div><div class=\"detail\">exit 1</div>"))
        #expect(html.contains("<td>G-10 OnlyUsableCardsAreApproved</td>"))
        #expect(html.contains("paystorm replay --scenario scenarios/card-payments.json --seed 1"))
        #expect(html.contains("<title>Failing seeds per invariant</title>"))
        #expect(html.contains("<title>State coverage per lifecycle</title>"))
        // A (state × event) grid per lifecycle the seeds used, legal pairs reached told from the rest.
        #expect(html.contains("<table class=\"grid\">") && html.contains("LC-01 Sale: legal pairs reached"))
        #expect(html.contains("<td class=\"reached\"") && html.contains("<td class=\"unreached\""))
        #expect(!html.contains("<script"))
    }

    @Test func exploreWritesItsFindingsAndStateCoverageAsJSON() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["explore", "--scenario", "scenarios/paysafe-prepaid.json", "--seeds", "1..3", "--quiet",
                                   "--out", scratch.path("explore"), "--set", "run.lifecycles=300"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("state coverage over 3 seeds"), "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("explore/explore.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((root["ran"] as? NSNumber)?.intValue == 3)
        let coverage = try #require(root["state_coverage"] as? [String: Any])
        let card = try #require(coverage["LC-09 PrepaidCard"] as? [String: Any], "\(coverage.keys)")
        #expect((card["reached"] as? NSNumber).map { $0.intValue > 0 } == true)
        #expect((card["never_reached"] as? [String])?.contains("cancelled × activate") == true)
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
