import Foundation
import Testing

/// `run.replications`: several seeds, their files, and confidence intervals.
@Suite struct ReplicationsCLITests {
    @Test func replicationsRunConsecutiveSeedsAndSummarizeThem() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", "scenarios/reference-pipeline.json", "--seed", "10", "--quiet",
                                   "--set", "run.lifecycles=1500", "--set", "run.replications=3",
                                   "--out", scratch.path("rep")])
        #expect(result.status == 0, "\(result)")
        for (index, seed) in [(1, 10), (2, 11), (3, 12)] {
            #expect(result.stdout.contains("replication \(index)  seed \(seed)  success "), "\(result)")
            #expect(FileManager.default.fileExists(atPath: scratch.path("rep/replication-\(index)/summary.json")))
        }
        #expect(result.stdout.contains("success_rate     mean "), "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("rep/replications.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((root["runs"] as? [Any])?.count == 3)
        let success = try #require((root["summary"] as? [String: Any])?["success_rate"] as? [String: Any])
        let low = try #require(success["ci95_low"] as? Double)
        let high = try #require(success["ci95_high"] as? Double)
        let mean = try #require(success["mean"] as? Double)
        #expect(low <= mean && mean <= high && high - low < 0.2)
    }

    @Test func aFailingReplicationFailsTheRun() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", "scenarios/reference-pipeline.json", "--quiet",
                                   "--set", "run.lifecycles=500", "--set", "run.replications=2",
                                   "--set", "slo.latency_ms_p99=< 1", "--out", scratch.path("rep")])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("exit 1"), "\(result)")
    }
}
