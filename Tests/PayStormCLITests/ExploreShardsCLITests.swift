import Foundation
import Testing

/// `explore --shard auto` under the environment a Kubernetes Indexed Job or a Slurm array sets,
/// and `report` merging the shards into exactly the unsharded explore.
@Suite struct ExploreShardsCLITests {
    /// A planted race that breaks seeds 2 and 6 at 800 lifecycles (G-2, or AUTH-1 on the capture of
    /// an overdrawn hold) while the others pass and add their coverage: a few seconds of debug
    /// build in all. (At 600 only seed 6 broke once Paysafe purchases held money, stop 39.)
    static let explore = ["explore", "--scenario", "scenarios/hot-customers.json", "--seeds", "1..6",
                          "--set", "run.lifecycles=800", "--set", #"defects=["issuer-books-hold-after-check"]"#,
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
            #expect(report.stdout.contains("merged 3 shards of hot-customers seeds 1..6: explored 6 seeds"), "\(report)")
            let merged = try readJSONObject(scratch.path("\(scheduler)/merged/explore.json"))
            #expect(merged["failures"] as? NSArray == unsharded["failures"] as? NSArray, "\(scheduler): failures differ")
            #expect(merged["groups"] as? NSDictionary == unsharded["groups"] as? NSDictionary, "\(scheduler): groups differ")
            #expect(merged["state_coverage"] as? NSDictionary == unsharded["state_coverage"] as? NSDictionary,
                    "\(scheduler): state coverage differs")
            // Everything else too, but the wall time: the merge is the unsharded explore's file.
            #expect(Self.withoutWallTime(merged) == Self.withoutWallTime(unsharded), "\(scheduler)")
            // And so is its report.html, built from the file's fields alone.
            #expect(try Self.reportWithoutWallTime(scratch.path("\(scheduler)/merged"))
                    == Self.reportWithoutWallTime(scratch.path("whole")), "\(scheduler): report.html differs")
        }
    }

    static func reportWithoutWallTime(_ directory: String) throws -> String {
        try String(contentsOfFile: directory + "/report.html", encoding: .utf8)
            .replacing(/<div class="label">wall time<\/div><div class="value">[^<]*<\/div>/, with: "")
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

/// `report` refuses explore shards that do not make one explore, saying which files and why.
@Suite struct ExploreShardRefusalTests {
    static let tiny = ["explore", "--scenario", "scenarios/card-payments.json", "--seeds", "1..3", "--quiet", "--threads", "1",
                       "--set", "run.lifecycles=60"]

    /// Shard `index` of 3 of the tiny explore, with `extra` flags, into `directory`.
    private func shard(_ index: Int, _ extra: [String] = [], into directory: String) throws {
        let result = try paystorm(Self.tiny + extra + ["--shard", "\(index)/3", "--out", directory])
        try #require(result.status == 0, "\(result)")
    }

    private func refused(_ directories: [String], out: String, _ pieces: String...) throws {
        let result = try paystorm(["report"] + directories + ["--out", out])
        #expect(result.status == 64, "\(result)")
        for piece in pieces { #expect(result.stderr.contains(piece), "\(result)") }
        #expect(!FileManager.default.fileExists(atPath: out + "/explore.json"), "a refused merge wrote \(out)/explore.json")
    }

    @Test func reportRefusesDifferentExploresDuplicateAndMissingShards() throws {
        let scratch = try TemporaryDirectory()
        let (a, b, c) = (scratch.path("a"), scratch.path("b"), scratch.path("c"))
        for (index, directory) in [a, b, c].enumerated() { try shard(index, into: directory) }
        try shard(1, ["--set", "run.lifecycles=80"], into: scratch.path("longer"))
        try shard(1, ["--strategy", "random"], into: scratch.path("random"))
        let whole = try paystorm(Self.tiny + ["--out", scratch.path("whole")])
        try #require(whole.status == 0, "\(whole)")
        try FileManager.default.copyItem(atPath: a, toPath: scratch.path("a-again"))
        let out = scratch.path("merged")

        try refused([a, scratch.path("longer"), c], out: out, "\(a)/explore.json and \(scratch.path("longer"))/explore.json "
                    + "are shards of different explores: run.lifecycles is 60 in one and 80 in the other")
        try refused([a, scratch.path("random"), c], out: out,
                    "are shards of different explores: scheduling flags is (none) in one and --strategy random in the other")
        try refused([a, b, scratch.path("a-again"), c], out: out,
                    "shard 0/3 is in both \(a)/explore.json and \(scratch.path("a-again"))/explore.json")
        try refused([a, c], out: out, "1 of 3 explore shards are missing: 1/3")
        try refused([a, b, c, scratch.path("whole")], out: out, "\(scratch.path("whole"))/explore.json is a whole explore")
        let intoShard = try paystorm(["report", a, b, c, "--out", b])
        #expect(intoShard.status == 64 && intoShard.stderr.contains("--out \(b) is the shard directory \(b)"), "\(intoShard)")
        let noOut = try paystorm(["report", a, b, c])
        #expect(noOut.status == 64 && noOut.stderr.contains("--out DIR is required to merge explore shards"), "\(noOut)")
        try FileManager.default.createDirectory(atPath: scratch.path("empty"), withIntermediateDirectories: true)
        try refused([a, scratch.path("empty")], out: out, "\(a) holds an explore shard (explore.json) but \(scratch.path("empty")) does not")

        // An edited file: a lifecycle state this build does not have.
        let edited = try String(contentsOfFile: c + "/explore.json", encoding: .utf8)
        let renamed = edited.replacingOccurrences(of: #""state": "authorizing""#, with: #""state": "daydreaming""#)
        try #require(renamed != edited, "the tiny explore reached no authorizing pair to edit")
        try renamed.write(toFile: c + "/explore.json", atomically: true, encoding: .utf8)
        try refused([a, b, c], out: out, "\(c)/explore.json: expected an explore.json written by paystorm explore --out",
                    "daydreaming", "which this paystorm's lifecycle tables do not have")

        try edited.write(toFile: c + "/explore.json", atomically: true, encoding: .utf8)
        let merged = try paystorm(["report", a, b, c, "--out", out])
        #expect(merged.status == 0, "\(merged)")
        #expect(ExploreShardsCLITests.withoutWallTime(try readJSONObject(out + "/explore.json"))
                == ExploreShardsCLITests.withoutWallTime(try readJSONObject(scratch.path("whole/explore.json"))))
    }
}
