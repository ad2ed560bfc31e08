import Foundation
import Testing

/// `paystorm shrink` end to end, on a planted defect: the issuer approves unusable cards (G-10).
@Suite struct ShrinkTests {
    static let failing = ["--scenario", "scenarios/card-payments.json", "--seed", "3",
                          "--set", #"defects=["approve-unusable-card"]"#, "--set", "run.lifecycles=600",
                          "--set", "workload.cards.count=200", "--set", "workload.cards.unusable=0.2"]

    static func lifecycles(_ file: String) throws -> Int? {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return ((root["run"] as? [String: Any])?["lifecycles"] as? NSNumber)?.intValue
    }

    @Test func shrinkKeepsTheInvariantWithFewerLifecyclesAndItsReplayFails() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["shrink", "--out", scratch.path("shrunk")] + Self.failing)
        #expect(result.status == 1, "\(result)")
        let file = scratch.path("shrunk/shrunk.json")
        #expect(result.stdout.contains("lifecycles 600 → "), "\(result)")
        #expect(result.stdout.contains("invariant: G-10 OnlyUsableCardsAreApproved"), "\(result)")
        #expect(result.stdout.contains("replay: paystorm run --scenario \(file) --seed 3\n"), "\(result)")
        #expect(result.stderr.contains("shrink: run "), "progress goes to stderr\n\(result)")
        let shrunk = try #require(try Self.lifecycles(file), "shrunk.json has no run.lifecycles")
        #expect(shrunk < 600)

        // The shrunk file stands on its own: no --set needed to replay it.
        let replay = try paystorm(["run", "--scenario", file, "--seed", "3", "--quiet", "--out", scratch.path("replay")])
        #expect(replay.status == 1, "\(replay)")
        #expect(replay.stderr.contains("FAILED  G-10 OnlyUsableCardsAreApproved"), "\(replay)")
        #expect(try paystorm(["validate", file]).status == 0)
    }

    @Test func shrinkingIsDeterministic() throws {
        let scratch = try TemporaryDirectory()
        // Sixty runs take every kind of pass at least once; the whole shrink is the test above's.
        let one = try paystorm(["shrink", "--quiet", "--max-runs", "60", "--out", scratch.path("one")] + Self.failing)
        let two = try paystorm(["shrink", "--quiet", "--max-runs", "60", "--out", scratch.path("two")] + Self.failing)
        #expect(one.status == 1 && two.status == 1, "\(one)\n\(two)")
        #expect(one.stderr.isEmpty, "--quiet prints no progress\n\(one)")
        let first = try Data(contentsOf: URL(fileURLWithPath: scratch.path("one/shrunk.json")))
        let second = try Data(contentsOf: URL(fileURLWithPath: scratch.path("two/shrunk.json")))
        #expect(first == second, "two shrinks of the same input wrote different files")
    }

    @Test func aPassingSeedExits0AndWritesNothing() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["shrink", "--scenario", "scenarios/card-payments.json", "--seed", "3",
                                   "--set", "run.lifecycles=300", "--out", scratch.path("out")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("seed 3 breaks no invariant: nothing to shrink"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out/shrunk.json")))
    }

    @Test func badInputExits64() throws {
        #expect(try paystorm(["shrink", "--seed", "3"]).status == 64)
        #expect(try paystorm(["shrink", "--scenario", "scenarios/no-such.json"]).status == 64)
        #expect(try paystorm(["shrink", "--scenario", "scenarios/card-payments.json", "--strategy", "pct:99"]).status == 64)
    }
}
