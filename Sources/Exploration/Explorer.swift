import Foundation
import PaymentWorld
import Scenarios
import SimulationKernel
import Synchronization

/// Runs a scenario over many seeds looking for broken invariants, one simulation per thread, and
/// reports every seed that broke one with its trace hash and the command that replays it.
///
/// Each seed runs exactly as `paystorm replay` would run it (``ScenarioRun``) and is judged by the
/// same ``Verdict``, without the scenario's objectives: exploration hunts bugs, and injected
/// faults miss most SLOs without one. In swarm mode each seed also chooses its faults
/// (``SwarmFaults``).
///
/// ```swift
/// let scenario = try ScenarioLoader.load(file: "scenarios/card-payments.json",
///                                        overrides: [#"defects=["approve-unusable-card"]"#, "run.lifecycles=600"])
/// let explorer = Explorer(scenario: scenario, scheduling: SchedulingOptions(strategy: .random), swarm: true)
/// let report = explorer.explore(seeds: Array(1...20), threads: 2)
/// for finding in report.findings {
///     print(finding.seed, finding.invariant, finding.traceHashText, explorer.replayCommand(for: finding.seed))
/// }
/// ```
///
/// What it does not promise: with a `deadline`, which seeds ran depends on the wall clock; what
/// each seed found never does.
public struct Explorer: Sendable {
    public var scenario: Scenario
    public var scheduling: SchedulingOptions
    /// Let each seed choose which faults are on and how strong.
    public var swarm: Bool

    public init(scenario: Scenario, scheduling: SchedulingOptions = SchedulingOptions(), swarm: Bool = false) {
        self.scenario = scenario
        self.scheduling = scheduling
        self.swarm = swarm
    }

    /// Runs one seed and judges it.
    public func run(seed: UInt64) -> SeedReport {
        let run = ScenarioRun(scenario: scenario, seed: seed, scheduling: scheduling, swarm: swarm)
        let result = run.run()
        let violations = if case .payments(let payments) = result { payments.violations.count } else { 0 }
        return SeedReport(seed: seed, verdict: Verdict(result), traceHash: result.traceHash, faults: run.swarmFaults,
                          violations: violations, coverage: result.coverage)
    }

    /// Runs `seeds` on up to `threads` threads.
    ///
    /// - Parameters:
    ///   - seeds: the seeds to run, each once; the report lists them in this order.
    ///   - threads: how many seeds run at once, each on a thread of its own.
    ///   - deadline: start no seed after this instant of the wall clock.
    ///   - shouldStop: asked before each seed starts; `true` (Ctrl-C) starts no more, and the
    ///     seeds already running finish, so every seed counted in the report ran whole.
    ///   - heartbeat: called on the calling thread about once a wall second while seeds run.
    /// - Returns: the findings in seed order, and the coverage merged over every seed that ran.
    public func explore(seeds: [UInt64], threads: Int, deadline: ContinuousClock.Instant? = nil,
                        shouldStop: @escaping @Sendable () -> Bool = { false },
                        heartbeat: (ExplorationProgress) -> Void = { _ in }) -> ExplorationReport {
        explore(SeedSet(seeds), threads: threads, deadline: deadline, shouldStop: shouldStop, heartbeat: heartbeat)
    }

    /// Runs the seeds of a set, computed one at a time: a range of 10^8 seeds takes no memory.
    public func explore(_ seeds: SeedSet, threads: Int, deadline: ContinuousClock.Instant? = nil,
                        shouldStop: @escaping @Sendable () -> Bool = { false },
                        heartbeat: (ExplorationProgress) -> Void = { _ in }) -> ExplorationReport {
        let findings = Mutex<[Finding]>([])
        let coverage = Mutex(StateCoverage())
        let ran = WorkerThreads.run(count: seeds.count, threads: threads, deadline: deadline, shouldStop: shouldStop,
                                    heartbeat: { finished in
            let failed = findings.withLock { $0.count }
            heartbeat(ExplorationProgress(finished: finished, total: seeds.count, failed: failed))
        }) { index in
            let seed = seeds[index]
            // A seed that stops the whole process (a precondition in the world) says how to run it again.
            let report = TrialCrashNote.during("PayStorm: the process stopped at seed \(seed); run it again alone: "
                                               + "\(replayCommand(for: seed))") { run(seed: seed) }
            if let finding = report.finding { findings.withLock { $0.append(finding) } }
            // Counts add up the same in any order, so the thread that finishes first does not matter.
            if let reached = report.coverage { coverage.withLock { $0.merge(reached) } }
        }
        // Threads finish in any order; the report is in seed order.
        let sorted = findings.withLock { $0 }.sorted { $0.seed < $1.seed }
        return ExplorationReport(ran: ran, findings: sorted, coverage: coverage.withLock { $0 })
    }

    /// The command that replays `seed` as this explorer ran it: `replay` for a seed of the
    /// scenario as written, `explore --swarm` for a seed whose faults the swarm chose.
    public func replayCommand(for seed: UInt64) -> ReplayCommand {
        ReplayCommand(swarm ? .swarmExplore : .replay, scenario: scenario, seed: seed, scheduling: scheduling)
    }

    /// The seeds of `range` in shard `index` of `count`: those `s` with `(s - lower) mod count == index`,
    /// so N machines each running one shard cover the range once, with no coordinator.
    public static func seeds(_ range: ClosedRange<UInt64>, shard: (index: Int, count: Int)? = nil) -> SeedSet {
        SeedSet(range, shard: shard)
    }
}

/// The seeds an exploration runs, in order: a list, or a range (or one shard of it) whose seeds
/// are computed by position, so that its size costs no memory.
public struct SeedSet: Sendable, RandomAccessCollection {
    private enum Storage: Sendable {
        case list([UInt64])
        case stride(first: UInt64, step: UInt64, count: Int)
    }

    private let storage: Storage

    public init(_ seeds: [UInt64]) { storage = .list(seeds) }

    /// `range`, or its shard `index` of `count`: the seeds `s` with `(s - lower) mod count == index`.
    public init(_ range: ClosedRange<UInt64>, shard: (index: Int, count: Int)? = nil) {
        let step = UInt64(shard?.count ?? 1)
        let offset = UInt64(shard?.index ?? 0)
        let span = range.upperBound - range.lowerBound  // One less than the range's size, so 2^64 seeds cannot overflow.
        let count = offset > span ? 0 : Int(clamping: (span - offset) / step + 1)
        storage = .stride(first: range.lowerBound &+ offset, step: step, count: count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .list(let seeds): seeds.count
        case .stride(_, _, let count): count
        }
    }

    public subscript(position: Int) -> UInt64 {
        switch storage {
        case .list(let seeds): seeds[position]
        case .stride(let first, let step, _): first &+ UInt64(position) &* step
        }
    }
}

/// How far an exploration is, for a progress line.
public struct ExplorationProgress: Sendable, Hashable {
    public var finished: Int
    public var total: Int
    public var failed: Int
}

/// What an exploration found.
public struct ExplorationReport: Sendable {
    /// Seeds that ran (fewer than asked when a deadline passed).
    public var ran: Int
    /// Every seed that broke an invariant, in seed order.
    public var findings: [Finding]
    /// The (state, event) pairs reached over every seed that ran.
    public var coverage: StateCoverage

    /// The findings grouped by invariant, in the order each invariant first broke (by seed).
    public var groups: [(invariant: String, seeds: Int)] { Self.groups(of: findings.map(\.invariant)) }

    /// `invariants` (one per failing seed, in seed order) grouped, in the order each first appears:
    /// the groups of an exploration, or of explorations merged.
    public static func groups(of invariants: [String]) -> [(invariant: String, seeds: Int)] {
        var groups: [(invariant: String, seeds: Int)] = []
        for invariant in invariants {
            if let index = groups.firstIndex(where: { $0.invariant == invariant }) {
                groups[index].seeds += 1
            } else {
                groups.append((invariant, 1))
            }
        }
        return groups
    }

    /// Whether any seed broke a safety invariant (or escaped), not only liveness.
    public var hasSafetyFailure: Bool { findings.contains { !$0.isLiveness } }
}
