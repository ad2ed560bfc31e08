import Foundation
import Testing

/// `explore --shard auto` under the environment a Kubernetes Indexed Job or a Slurm array sets,
/// and `report` merging the shards into exactly the unsharded explore.
@Suite struct ExploreShardsCLITests {
    /// A planted race that breaks G-2 on seeds 9, 10, 11 and 12 (one or two in every shard of
    /// three) while 7 and 8 pass and add their coverage: a few seconds of debug build in all.
    static let explore = ["explore", "--scenario", "scenarios/hot-customers.json", "--seeds", "7..12",
                          "--set", "run.lifecycles=1200", "--set", #"defects=["issuer-books-hold-after-check"]"#,
                          "--quiet", "--threads", "1"]

    /// The environment the scheduler gives shard `index` of `count`.
    enum Scheduler: CaseIterable {
        case kubernetesIndexedJob
        /// `sbatch --array=1-N`: task ids from 1, so task 1 is shard 0.
        case slurmArrayFromOne

        func environment(index: Int, count: Int) -> [String: String] {
            switch self {
            case .kubernetesIndexedJob:
                ["JOB_COMPLETION_INDEX": "\(index)", "PAYSTORM_SHARD_COUNT": "\(count)"]
            case .slurmArrayFromOne:
                ["SLURM_ARRAY_JOB_ID": "4242", "SLURM_ARRAY_TASK_ID": "\(index + 1)", "SLURM_ARRAY_TASK_MIN": "1",
                 "SLURM_ARRAY_TASK_MAX": "\(count)", "SLURM_ARRAY_TASK_COUNT": "\(count)", "SLURM_ARRAY_TASK_STEP": "1"]
            }
        }
    }

    @Test func threeShardsOfAJobOrAnArrayMergeIntoExactlyTheUnshardedExplore() throws {
        let scratch = try TemporaryDirectory()
        let whole = try paystorm(Self.explore + ["--out", scratch.path("whole")])
        #expect(whole.status == 1, "\(whole)")
        let unsharded = try readJSONObject(scratch.path("whole/explore.json"))
        let failures = try #require(unsharded["failures"] as? [[String: Any]])
        try #require(failures.count >= 2 && failures.count < 6, "the defect should break some seeds, not all: \(whole)")

        for scheduler in Scheduler.allCases {
            var directories: [String] = []
            for index in 0..<3 {
                let directory = scratch.path("\(scheduler)/shard-\(index)")
                let shard = try paystorm(Self.explore + ["--shard", "auto", "--out", directory],
                                         environment: scheduler.environment(index: index, count: 3))
                #expect([0, 1].contains(shard.status), "\(shard)")
                #expect(shard.stdout.contains("shard=\(index)/3 ("), "the banner names the shard and its variables: \(shard)")
                let written = try readJSONObject(directory + "/explore.json")
                #expect((written["shard"] as? [String: Int]) == ["index": index, "count": 3], "\(scheduler) \(index)")
                directories.append(directory)
            }
            // The order given does not matter: the merge is in seed order.
            let report = try paystorm(["report"] + directories.reversed() + ["--out", scratch.path("\(scheduler)/merged")])
            #expect(report.status == whole.status, "\(report)")
            #expect(report.stdout.contains("merged 3 shards of hot-customers seeds 7..12: explored 6 seeds"), "\(report)")
            let merged = try readJSONObject(scratch.path("\(scheduler)/merged/explore.json"))
            #expect(merged["failures"] as? NSArray == unsharded["failures"] as? NSArray, "\(scheduler): failures differ")
            #expect(merged["groups"] as? NSDictionary == unsharded["groups"] as? NSDictionary, "\(scheduler): groups differ")
            #expect(merged["state_coverage"] as? NSDictionary == unsharded["state_coverage"] as? NSDictionary,
                    "\(scheduler): state coverage differs")
            // Everything else too, but the wall time: the merge is the unsharded explore's file.
            #expect(Self.withoutWallTime(merged) == Self.withoutWallTime(unsharded), "\(scheduler)")
        }
    }

    static func withoutWallTime(_ json: [String: Any]) -> NSDictionary {
        var copy = json
        copy["wall_seconds"] = nil
        return copy as NSDictionary
    }

    /// `--shard auto` with no scheduler, or a bad one, ends before any seed runs, naming the variables.
    @Test(arguments: [
        ([:], ["paystorm explore: --shard auto: found neither", "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"]),
        (["JOB_COMPLETION_INDEX": "0"], ["paystorm explore: --shard auto:", "PAYSTORM_SHARD_COUNT is not set"]),
        (["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"],
         ["SLURM_ARRAY_TASK_ID is 4, not one of the 3 ids from SLURM_ARRAY_TASK_MIN=1"]),
    ])
    func shardAutoWithoutAGoodSchedulerExits64(environment: [String: String], message: [String]) throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(Self.explore + ["--shard", "auto", "--out", scratch.path("out")], environment: environment)
        #expect(result.status == 64, "\(result)")
        for piece in message { #expect(result.stderr.contains(piece), "\(result)") }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out/explore.json")))
    }
}

/// The JSON object in the file at `path`.
func readJSONObject(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(path) is not a JSON object")
}
