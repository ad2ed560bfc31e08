import Exploration
import Testing

/// `--shard auto`: the shard a Kubernetes Indexed Job or a Slurm array gives a process, and a
/// message naming the variables whenever the environment does not give exactly one.
@Suite struct ClusterShardTests {
    struct Resolved: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var index: Int
        var count: Int
        var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ") }
    }

    static let resolved: [Resolved] = [
        Resolved(environment: ["JOB_COMPLETION_INDEX": "0", "PAYSTORM_SHARD_COUNT": "3"], index: 0, count: 3),
        Resolved(environment: ["JOB_COMPLETION_INDEX": "2", "PAYSTORM_SHARD_COUNT": "3"], index: 2, count: 3),
        // sbatch --array=0-2
        Resolved(environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "2",
                               "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_STEP": "1"], index: 0, count: 3),
        // sbatch --array=1-3: the first task is shard 0, not a skipped shard.
        Resolved(environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3",
                               "SLURM_ARRAY_TASK_COUNT": "3"], index: 0, count: 3),
        Resolved(environment: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"],
                 index: 2, count: 3),
        // sbatch --array=5-11:3 is ids 5, 8, 11.
        Resolved(environment: ["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "11",
                               "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_STEP": "3"], index: 1, count: 3),
        // A count that agrees with Slurm's is harmless.
        Resolved(environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "2",
                               "PAYSTORM_SHARD_COUNT": "2"], index: 0, count: 2),
    ]

    @Test(arguments: resolved)
    func theEnvironmentOfAJobOrAnArrayNamesTheShard(_ example: Resolved) throws {
        let shard = try ClusterShard(environment: example.environment)
        #expect(shard.index == example.index && shard.count == example.count, "\(shard)")
    }

    /// Every task of an array, whatever its first id and step, runs a different shard, and together they run all.
    @Test func theTasksOfAnArrayCoverEveryShardOnce() throws {
        for (minimum, step) in [(0, 1), (1, 1), (10, 4)] {
            let count = 5
            let indices = try (0..<count).map { task in
                try ClusterShard(environment: [
                    "SLURM_ARRAY_TASK_ID": "\(minimum + task * step)", "SLURM_ARRAY_TASK_MIN": "\(minimum)",
                    "SLURM_ARRAY_TASK_MAX": "\(minimum + (count - 1) * step)", "SLURM_ARRAY_TASK_COUNT": "\(count)",
                    "SLURM_ARRAY_TASK_STEP": "\(step)",
                ]).index
            }
            #expect(indices == Array(0..<count), "array from \(minimum) in steps of \(step)")
        }
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        /// Pieces the message must hold: the variables involved and what was found.
        var message: [String]
        var testDescription: String { message[0] }
    }

    static let refused: [Refused] = [
        Refused(environment: [:], message: ["found neither", "JOB_COMPLETION_INDEX", "PAYSTORM_SHARD_COUNT", "SLURM_ARRAY_TASK_ID",
                                            "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "--shard I/N"]),
        Refused(environment: ["JOB_COMPLETION_INDEX": "1"], message: ["PAYSTORM_SHARD_COUNT is not set", "spec.completions"]),
        Refused(environment: ["JOB_COMPLETION_INDEX": "3", "PAYSTORM_SHARD_COUNT": "3"],
                message: ["JOB_COMPLETION_INDEX is 3, past PAYSTORM_SHARD_COUNT=3"]),
        Refused(environment: ["JOB_COMPLETION_INDEX": "-1", "PAYSTORM_SHARD_COUNT": "3"],
                message: ["JOB_COMPLETION_INDEX: expected a whole number", #"found "-1""#]),
        Refused(environment: ["JOB_COMPLETION_INDEX": "0", "PAYSTORM_SHARD_COUNT": "three"],
                message: ["PAYSTORM_SHARD_COUNT: expected a whole number from 1", #"found "three""#]),
        Refused(environment: ["JOB_COMPLETION_INDEX": "0", "PAYSTORM_SHARD_COUNT": "0"],
                message: ["PAYSTORM_SHARD_COUNT: expected a whole number from 1", #"found "0""#]),
        Refused(environment: ["JOB_COMPLETION_INDEX": "0", "PAYSTORM_SHARD_COUNT": "2", "SLURM_ARRAY_TASK_ID": "0"],
                message: ["both JOB_COMPLETION_INDEX (Kubernetes) and SLURM_ARRAY_TASK_ID (Slurm) are set"]),
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "1"], message: ["SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT are not set"]),
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"], message: ["SLURM_ARRAY_TASK_COUNT is not set"]),
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"],
                message: ["SLURM_ARRAY_TASK_ID: expected a whole number", #"found "x""#]),
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"],
                message: ["SLURM_ARRAY_TASK_ID is 4, not one of the 3 ids from SLURM_ARRAY_TASK_MIN=1"]),
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"],
                message: ["SLURM_ARRAY_TASK_ID is 0, not one of the 3 ids"]),
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "3",
                              "SLURM_ARRAY_TASK_STEP": "3"], message: ["SLURM_ARRAY_TASK_ID is 6, not one of the 3 ids", "steps of 3"]),
        // --array=1,2,7: Slurm reports the list's minimum, maximum and count, which no step fits.
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7",
                              "SLURM_ARRAY_TASK_COUNT": "3"], message: ["not evenly spaced", "SLURM_ARRAY_TASK_MAX is 7"]),
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3",
                              "SLURM_ARRAY_TASK_STEP": "0"], message: ["SLURM_ARRAY_TASK_STEP: expected a whole number from 1"]),
        Refused(environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3",
                              "PAYSTORM_SHARD_COUNT": "4"], message: ["PAYSTORM_SHARD_COUNT is 4 but SLURM_ARRAY_TASK_COUNT is 3"]),
    ]

    @Test(arguments: refused)
    func anEnvironmentWithoutOneGoodShardIsRefusedNamingTheVariables(_ example: Refused) {
        do {
            let shard = try ClusterShard(environment: example.environment)
            Issue.record("resolved to \(shard) from \(example.environment)")
        } catch {
            for piece in example.message {
                #expect(error.description.contains(piece), "\(error.description)")
            }
        }
    }
}
