/// Which shard of a seed range this process runs, read from the batch system that started it:
/// `--shard auto`. Each process of a Kubernetes Indexed Job or a Slurm array then runs its own
/// part of the range, with no coordinator (``Explorer/seeds(_:shard:)``).
///
/// - Kubernetes sets `JOB_COMPLETION_INDEX` (0 ..< completions) but not the completion count, so
///   the manifest passes it as ``countVariable``, next to `spec.completions`.
/// - Slurm sets `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_COUNT` (and
///   `SLURM_ARRAY_TASK_MAX`, `SLURM_ARRAY_TASK_STEP`). Task ids run from the array's minimum, often
///   1, in steps: `--array=1-7:2` is ids 1, 3, 5, 7, shards 0 to 3 of 4.
///
/// ```swift
/// let shard = try ClusterShard(environment: ["JOB_COMPLETION_INDEX": "2", "PAYSTORM_SHARD_COUNT": "3"])
/// #expect(shard.index == 2 && shard.count == 3)
/// ```
///
/// What it does not promise: that the count matches the Job's `completions`; nothing in a pod can
/// read that. A count set too low is caught (an index past it); one set too high leaves shards no
/// pod runs, which `paystorm report` names when it merges.
public struct ClusterShard: Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int
    /// The variables it was read from, for the banner: `JOB_COMPLETION_INDEX=2 PAYSTORM_SHARD_COUNT=3`.
    public var source: String

    /// The completion count of a Kubernetes Indexed Job, which Kubernetes does not set itself.
    public static let countVariable = "PAYSTORM_SHARD_COUNT"
    /// The most shards: Kubernetes allows 100,000 completions in an Indexed Job, Slurm's MaxArraySize
    /// is at most 4,000,001.
    public static let maximumCount = 4_000_001

    static let kubernetesIndex = "JOB_COMPLETION_INDEX"
    static let slurmID = "SLURM_ARRAY_TASK_ID"
    static let slurmMinimum = "SLURM_ARRAY_TASK_MIN"
    static let slurmMaximum = "SLURM_ARRAY_TASK_MAX"
    static let slurmCount = "SLURM_ARRAY_TASK_COUNT"
    static let slurmStep = "SLURM_ARRAY_TASK_STEP"

    public var description: String { "\(index)/\(count)" }

    /// Why the environment names no shard, or names a bad one; the message names the variables.
    public struct Unresolved: Error, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// Reads the shard from `environment` (the process's environment, looked up, never iterated).
    public init(environment: [String: String]) throws(Unresolved) {
        let kubernetes = environment[Self.kubernetesIndex]
        let slurm = environment[Self.slurmID]
        switch (kubernetes, slurm) {
        case (nil, nil):
            throw Unresolved(description: "found neither a Kubernetes Indexed Job (\(Self.kubernetesIndex) with "
                + "\(Self.countVariable)) nor a Slurm array (\(Self.slurmID), \(Self.slurmMinimum), \(Self.slurmCount)) "
                + "in the environment; run under one of them, or give the shard as --shard I/N")
        case (.some, .some):
            throw Unresolved(description: "both \(Self.kubernetesIndex) (Kubernetes) and \(Self.slurmID) (Slurm) are set, "
                + "so the shard is ambiguous; unset one, or give the shard as --shard I/N")
        case (.some(let index), nil):
            self = try Self.kubernetes(index: index, environment: environment)
        case (nil, .some(let id)):
            self = try Self.slurm(id: id, environment: environment)
        }
    }

    private init(index: Int, count: Int, source: String) {
        self.index = index
        self.count = count
        self.source = source
    }

    private static func kubernetes(index text: String, environment: [String: String]) throws(Unresolved) -> ClusterShard {
        guard let countText = environment[countVariable] else {
            throw Unresolved(description: "\(kubernetesIndex) is \(text), but \(countVariable) is not set: Kubernetes does "
                + "not tell a pod the completion count, so set \(countVariable) to the Job's spec.completions in its env")
        }
        let count = try number(countVariable, countText, in: 1...maximumCount)
        let index = try number(kubernetesIndex, text, in: 0...maximumCount)
        guard index < count else {
            throw Unresolved(description: "\(kubernetesIndex) is \(index), past \(countVariable)=\(count) (indices run from 0 "
                + "to \(count - 1)); set \(countVariable) to the Job's spec.completions")
        }
        return ClusterShard(index: index, count: count, source: "\(kubernetesIndex)=\(index) \(countVariable)=\(count)")
    }

    private static func slurm(id text: String, environment: [String: String]) throws(Unresolved) -> ClusterShard {
        let missing = [slurmMinimum, slurmCount].filter { environment[$0] == nil }
        guard missing.isEmpty else {
            throw Unresolved(description: "\(slurmID) is \(text), but \(missing.joined(separator: " and ")) "
                + "\(missing.count == 1 ? "is" : "are") not set; Slurm sets them in every array task (sbatch --array)")
        }
        let id = try number(slurmID, text, in: 0...Int(Int32.max))
        let minimum = try number(slurmMinimum, environment[slurmMinimum] ?? "", in: 0...Int(Int32.max))
        let count = try number(slurmCount, environment[slurmCount] ?? "", in: 1...maximumCount)
        let step = try environment[slurmStep].map { text throws(Unresolved) in try number(slurmStep, text, in: 1...Int(Int32.max)) } ?? 1
        let last = minimum + (count - 1) * step
        if let maximumText = environment[slurmMaximum] {
            let maximum = try number(slurmMaximum, maximumText, in: 0...Int(Int32.max))
            guard maximum == last else {
                throw Unresolved(description: "the Slurm array is not evenly spaced: \(slurmCount)=\(count) ids from "
                    + "\(slurmMinimum)=\(minimum) in steps of \(step) end at \(last), but \(slurmMaximum) is \(maximum); "
                    + "use a range such as --array=0-\(count - 1) or --array=1-\(count), not a list")
            }
        }
        guard id >= minimum, (id - minimum) % step == 0, (id - minimum) / step < count else {
            throw Unresolved(description: "\(slurmID) is \(id), not one of the \(count) ids from \(slurmMinimum)=\(minimum) "
                + "in steps of \(step) (\(minimum)…\(last))")
        }
        if let stated = environment[countVariable], stated != "\(count)" {
            throw Unresolved(description: "\(countVariable) is \(stated) but \(slurmCount) is \(count); under Slurm the "
                + "array's count decides, so unset \(countVariable)")
        }
        return ClusterShard(index: (id - minimum) / step, count: count,
                            source: "\(slurmID)=\(id) \(slurmMinimum)=\(minimum) \(slurmCount)=\(count)"
                                + (step == 1 ? "" : " \(slurmStep)=\(step)"))
    }

    private static func number(_ variable: String, _ text: String, in range: ClosedRange<Int>) throws(Unresolved) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw Unresolved(description: "\(variable): expected a whole number from \(range.lowerBound) to "
                + "\(range.upperBound), found \"\(text)\"")
        }
        return value
    }
}
