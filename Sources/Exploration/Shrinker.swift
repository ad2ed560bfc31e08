import Scenarios

/// Makes a failing seed's scenario as small as it can be while the same invariant still breaks
/// (QuickCheck's shrinking, at the level of the scenario file).
///
/// The shrinker holds the smallest failing scenario tree found so far and tries smaller ones,
/// one change at a time, keeping a change only if the candidate breaks the same invariant
/// (``Verdict/invariantID``): fewer lifecycles, a shorter `run.duration`, fault windows, outages,
/// slowdowns, fault rates and defects removed one at a time, fewer merchants, cards and servers,
/// a smaller pct depth; round after round until a round changes nothing. Every choice depends
/// only on the input and on the runs' results, so the same input always shrinks to the same file.
///
/// Candidates run as `explore` runs a seed (``ScenarioRun`` judged by ``Verdict`` without
/// objectives), so ``start()`` classifies the seed exactly as `explore` does.
///
/// ```swift
/// let tree = try ScenarioLoader.tree(file: "scenarios/card-payments.json", overrides: overrides)
/// var shrinker = try Shrinker(tree: tree, file: "shrunk.json", seed: 3, scheduling: SchedulingOptions())
/// guard shrinker.start().invariantID != nil else { return }  // breaks no invariant
/// shrinker.shrink()
/// let (shrunk, verdict) = shrinker.finish(source: "scenarios/card-payments.json", name: "card-payments")
/// ```
public struct Shrinker {
    /// The smallest failing tree so far.
    public internal(set) var tree: JSONNode
    /// The path the shrunk scenario will be written to: the file its runs are named after.
    public let file: String
    public let seed: UInt64
    /// The scheduling options, with the pct depth shrunk so far.
    public internal(set) var scheduling: SchedulingOptions
    /// Whether the seed chooses its faults, as in `explore --swarm`.
    public let swarm: Bool
    public let maxRuns: Int
    /// Candidate runs so far, the first (``start()``) included.
    public internal(set) var runs = 0
    /// The reductions that stuck, in order.
    public internal(set) var steps: [ShrinkStep] = []
    /// How the scenario as given failed: what every kept candidate fails with too.
    public internal(set) var target: Verdict?
    let onAttempt: (ShrinkAttempt) -> Void
    /// Asked before each candidate; once it says `true` (Ctrl-C) no candidate runs and
    /// ``shrink()`` returns with the smallest failing scenario so far.
    public var shouldStop: () -> Bool = { false }
    /// Whether ``shouldStop`` cut the shrinking short.
    public private(set) var stopped = false

    /// - Parameters:
    ///   - tree: the scenario's JSON with its overrides applied (`ScenarioLoader.tree`).
    ///   - file: the scenario's path, for error messages and the printed commands.
    ///   - seed: the failing seed; every candidate runs it.
    ///   - scheduling: the failing run's scheduling; a candidate may lower its PCT depth.
    ///   - swarm: whether the seed chose its own faults (`explore --swarm`); candidates keep them.
    ///   - maxRuns: candidates to try at most before stopping with the smallest failure so far.
    ///   - onAttempt: told of every candidate run after ``start()``, for progress lines.
    /// - Throws: every problem of `tree` when it is not a valid scenario.
    public init(tree: JSONNode, file: String, seed: UInt64, scheduling: SchedulingOptions, swarm: Bool = false,
                maxRuns: Int = 500, onAttempt: @escaping (ShrinkAttempt) -> Void = { _ in }) throws(ScenarioErrors) {
        _ = try ScenarioLoader.load(bytes: Array(tree.serialized().utf8), file: file)
        self.tree = tree
        self.file = file
        self.seed = seed
        self.scheduling = scheduling
        self.swarm = swarm
        self.maxRuns = maxRuns
        self.onAttempt = onAttempt
    }

    /// Runs the scenario as given and classifies it; only a verdict with an invariant can be
    /// shrunk.
    public mutating func start() -> Verdict {
        runs += 1
        // The tree loaded in `init`, so it loads here: a nil verdict would be a bug.
        guard let verdict = probe(tree, scheduling: scheduling) else {
            preconditionFailure("the shrinker's tree loaded in init and no longer does")
        }
        target = verdict.invariantID == nil ? nil : verdict
        return verdict
    }

    /// Shrinks until a whole round of passes changes nothing, or the run budget is spent. Does
    /// nothing unless ``start()`` found an invariant to keep.
    public mutating func shrink() {
        guard target != nil else { return }
        // Objectives are not invariants: a tiny run breaks most of them, which says nothing.
        if tree["slo"] != nil {
            tree.remove(["slo"])
            steps.append(ShrinkStep(label: "slo", from: "(objectives are not part of an invariant failure)", to: nil))
        }
        for _ in 0..<8 where !stopped {
            let (treeBefore, schedulingBefore) = (tree, scheduling)
            shrinkRound()
            if tree == treeBefore && scheduling == schedulingBefore { break }
        }
    }

    /// The tree to write, named, described and seeded, and its verdict from one more run: the
    /// same invariant as ``target`` unless PayStorm has a bug.
    public func finish(source: String, name: String) -> (tree: JSONNode, verdict: Verdict?) {
        var result = tree
        let shortName = String((name.count > 73 ? String(name.prefix(73)) : name) + "-shrunk")
        result.set(["name"], .string(shortName))
        let changes = steps.map(\.description).joined(separator: "; ")
        result.set(["description"], .string(
            "Shrunk by paystorm shrink from \(source), seed \(seed), while \(target?.invariant ?? "") still fails"
                + (swarm ? " under the faults the seed chooses with --swarm" : "")
                + (changes.isEmpty ? "." : ": \(changes).")))
        // Written by its digits: a scenario's seed is read back exactly, to 2^64 - 1.
        result.set(["seed"], .number(Double(seed), literal: "\(seed)"))
        return (result, probe(result, scheduling: scheduling))
    }

    /// The command that runs the shrunk scenario, once written to ``file``.
    public var replayCommand: ReplayCommand {
        ReplayCommand(swarm ? .swarmExplore : .run, scenarioFile: file, seed: seed, scheduling: scheduling,
                      program: "paystorm")
    }

    // MARK: Running candidates

    /// Runs a candidate; keeps it when it breaks the target invariant.
    mutating func attempt(_ candidate: JSONNode, _ change: String, scheduling: SchedulingOptions? = nil) -> Bool {
        if stopped || shouldStop() {
            stopped = true
            return false
        }
        runs += 1
        let verdict = probe(candidate, scheduling: scheduling ?? self.scheduling)
        let broke = verdict?.invariantID
        let kept = broke != nil && broke == target?.invariantID
        let outcome: ShrinkAttempt.Outcome = switch (verdict, broke) {
        case (nil, _): .invalid
        case (_, nil): .passed
        case (_, let id?): kept ? .kept(id) : .brokeAnother(id)
        }
        onAttempt(ShrinkAttempt(run: runs, change: change, outcome: outcome))
        if kept { tree = candidate }
        return kept
    }

    /// A step taken, merged with an earlier step on the same field (a later round goes further).
    mutating func record(_ label: String, from: String, to: String) {
        if let index = steps.firstIndex(where: { $0.label == label && $0.to != nil }) {
            steps[index].to = to
        } else {
            steps.append(ShrinkStep(label: label, from: from, to: to))
        }
    }

    func load(_ tree: JSONNode) -> Scenario? {
        try? ScenarioLoader.load(bytes: Array(tree.serialized().utf8), file: file)
    }

    /// Runs `tree` as the file it will be written as would run; nil when it is not a valid scenario.
    func probe(_ tree: JSONNode, scheduling: SchedulingOptions) -> Verdict? {
        guard let scenario = load(tree) else { return nil }
        return Verdict(ScenarioRun(scenario: scenario, seed: seed, scheduling: scheduling, swarm: swarm).run())
    }
}

/// One reduction that stuck, for the report: `lifecycles 10000 → 37`, `removed outage {…}`.
public struct ShrinkStep: Sendable, Hashable, CustomStringConvertible {
    /// The field or element: `lifecycles`, `outage`, `pct depth`.
    public var label: String
    public var from: String
    /// The new value; nil when the element was removed.
    public var to: String?

    public var description: String { to.map { "\(label) \(from) → \($0)" } ?? "removed \(label) \(from)" }
}

/// One candidate run and what became of it: `shrink: run 12  lifecycles 75  fails G-10: kept`.
public struct ShrinkAttempt: Sendable, Hashable, CustomStringConvertible {
    public enum Outcome: Sendable, Hashable {
        /// It broke the target invariant, so it is the new smallest.
        case kept(String)
        /// It broke another invariant, so it was rejected.
        case brokeAnother(String)
        case passed
        /// The edit made a scenario that does not validate.
        case invalid
    }

    /// Which run it was, counting from 1 with ``Shrinker/start()``.
    public var run: Int
    /// The change tried: `lifecycles 75`, `without outage {…}`.
    public var change: String
    public var outcome: Outcome

    public var description: String {
        let result = switch outcome {
        case .kept(let id): "fails \(id): kept"
        case .brokeAnother(let id): "fails \(id) instead: rejected"
        case .passed: "passes: rejected"
        case .invalid: "not a valid scenario: rejected"
        }
        return "shrink: run \(run)  \(change)  \(result)"
    }
}
