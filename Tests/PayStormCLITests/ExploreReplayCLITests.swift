import Foundation
import SimulationTestSupport
import Testing

/// Every failure line of `paystorm explore` carries the seed's trace hash, and the replay
/// command printed under it, run as a separate process, gives that hash again.
@Suite struct ExploreReplayCLITests {
    /// DefectCatalogueTests' card-payments settings, with a retry under a new idempotency key (G-4).
    static let planted = ["--scenario", "scenarios/card-payments.json", "--set", #"defects=["retry-new-idempotency-key"]"#]
        + DefectCatalogueTests.card.flatMap { ["--set", $0] }

    /// One failure as explore printed it.
    struct FailureLine {
        var seed: String
        var invariant: String
        var traceHash: String
        var replay: [String]
    }

    /// Every `FAILED  seed N  INVARIANT  trace HASH  …` line of `stdout` with the replay line
    /// under it, as the arguments a shell would pass to `paystorm`.
    static func failures(_ stdout: String) throws -> [FailureLine] {
        let lines = stdout.split(separator: "\n").map(String.init)
        var failures: [FailureLine] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("FAILED") {
            let match = try #require(line.wholeMatch(of: /FAILED  seed (\d+)  (\S+ \S+)  trace ([0-9a-f]{16})  .+/),
                                     "a failure line without its trace hash: \(line)")
            let replay = try #require(lines[(index + 1)...].prefix(2).first { $0.hasPrefix("  replay: ") },
                                      "no replay line under \(line)")
            let words = shellWords(String(replay.dropFirst("  replay: ".count)))
            #expect(Array(words.prefix(5)) == ["swift", "run", "-c", "release", "paystorm"], "\(replay)")
            failures.append(FailureLine(seed: String(match.1), invariant: String(match.2), traceHash: String(match.3),
                                        replay: Array(words.dropFirst(5))))
        }
        return failures
    }

    static let catchers: Set<String> = ["G-4 NoOrderIsChargedTwice", "RES-4 MerchantAgreesWithTheGateway",
                                        "RES-5 CustomersAreToldWhatTheMoneyDid"]

    @Test(arguments: [[String](), ["--swarm"], ["--strategy", "pct:2", "--lanes", "per-actor", "--jitter", "2ms", "--keep-going"]])
    func eachFailureLinesReplayGivesItsTraceHash(scheduling: [String]) throws {
        let scratch = try TemporaryDirectory()
        let explore = try paystorm(["explore", "--seeds", "1..3", "--quiet", "--threads", "2", "--out", scratch.path("explore")]
                                   + Self.planted + scheduling)
        #expect(explore.status == 1, "\(explore)")
        let failures = try Self.failures(explore.stdout)
        #expect(failures.count >= 2, "\(explore)")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("explore/explore.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let written = try #require(json["failures"] as? [[String: Any]])
        #expect(written.compactMap { $0["trace_hash"] as? String } == failures.map(\.traceHash), "\(written)")

        for failure in failures {
            // The retry under a new key charges the order twice (G-4); the merchant and the customer then disagree
            // with the gateway too, and whichever claim sees it first names the failure.
            #expect(Self.catchers.contains(failure.invariant), "\(explore)")
            if failure.replay.first == "explore" {
                // A swarm seed replays through explore, which prints the hash on its failure line.
                let again = try paystorm(failure.replay + ["--quiet", "--threads", "1"])
                let line = try #require(try Self.failures(again.stdout).first, "\(again)")
                #expect((line.seed, line.invariant, line.traceHash) == (failure.seed, failure.invariant, failure.traceHash),
                        "\(again)")
            } else {
                #expect(failure.replay.first == "replay")
                let out = scratch.path("replay-\(failure.seed)")
                let again = try paystorm(failure.replay + ["--quiet", "--out", out])
                #expect(again.status == 1, "\(again)")
                #expect(again.stderr.contains("FAILED  \(failure.invariant)  "), "\(again)")
                let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json")))
                #expect((summary as? [String: Any])?["trace_hash"] as? String == failure.traceHash,
                        "seed \(failure.seed): explore printed \(failure.traceHash)\n\(again)")
            }
            for flag in scheduling where flag.hasPrefix("--") && flag != "--swarm" {
                #expect(failure.replay.contains(flag), "the replay drops \(flag): \(failure.replay)")
            }
        }
    }
}
