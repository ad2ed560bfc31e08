import Foundation
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel

/// `paystorm shrink`: takes a seed that breaks an invariant and makes its scenario as small as it
/// can while the same invariant still breaks (QuickCheck's shrinking, at the level of the
/// scenario file), then writes the result as a scenario file with its replay command.
enum ShrinkCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to shrink (required)"),
        FlagSpec(name: "seed", valueName: "N", help: "the failing seed (default: the scenario's seed)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field before shrinking (repeatable)",
                 repeatable: true),
        FlagSpec(name: "strategy", valueName: "S", help: "scheduling: fifo (default), random, or pct[:DEPTH]; pct's depth is shrunk too"),
        FlagSpec(name: "lanes", valueName: "MODE", help: "shared (default) or per-actor"),
        FlagSpec(name: "jitter", valueName: "DURATION", help: "let the scheduler delay each message by up to DURATION, from its own stream (message races)"),
        FlagSpec(name: "out", valueName: "DIR", help: "where to write shrunk.json (default results/shrink/<scenario>-<seed>/)"),
        FlagSpec(name: "max-runs", valueName: "N", help: "stop shrinking after this many candidate runs (default 500)"),
        FlagSpec(name: "quiet", valueName: nil, help: "no progress lines on stderr"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "shrink", synopsis: "--scenario FILE [--seed N] [--set PATH=VALUE]... [--strategy S] [--lanes MODE] [--out DIR]",
        summary: """
            Runs a seed; if it breaks an invariant, greedily shrinks the scenario while the same invariant still breaks:
            fewer lifecycles (binary search), a shorter run.duration, fault windows, outages, slowdowns, fault rates and
            defects removed one at a time, fewer merchants, cards and servers, a smaller pct depth; round after round until
            nothing more goes. Writes the smallest as OUT/shrunk.json (the scenario's JSON with --set applied, so it runs
            on its own) and prints the steps, the invariant and the replay command. Same input, same shrunk file.
            """, specs: specs,
        notes: ["exit status: 0 the seed broke no invariant, 1 a shrunk failure was written, 64 bad input, 70 internal error"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "shrink", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard let file = parsed.value("scenario") else { throw UsageError("paystorm shrink: --scenario FILE is required") }
        let options = try RunOptions(parsed)
        let maxRuns = try SweepCommand.positive(parsed.value("max-runs"), flag: "--max-runs", default: 500, limit: 1_000_000)
        let scenario: Scenario
        let tree: JSONNode
        do {
            scenario = try ScenarioLoader.load(file: file, overrides: parsed.all("set"))
            tree = try ScenarioLoader.tree(file: file, overrides: parsed.all("set"))
        } catch {
            output.err(error.description)
            return .badInput
        }
        let seed = options.seed ?? scenario.seed
        let directory = parsed.value("out") ?? "results/shrink/\(scenario.name)-\(seed)"
        let path = directory + "/shrunk.json"
        let quiet = parsed.has("quiet")
        output.info("paystorm \(PayStormVersion.current) shrink  scenario=\(file)  seed=\(seed)  strategy=\(options.strategyText)"
                    + "  lanes=\(options.lanes.rawValue)")
        let start = ContinuousClock.now
        var shrinker = Shrinker(tree: tree, file: path, seed: seed, options: options, maxRuns: maxRuns,
                                progress: quiet ? { _ in } : output.err)
        guard let failure = shrinker.start() else {
            output.out("seed \(seed) breaks no invariant: nothing to shrink")
            return .passed
        }
        output.info("seed \(seed) fails: \(failure.label)  \(failure.detail)")
        shrinker.shrink()
        let (shrunk, final) = shrinker.finish(source: file, name: scenario.name)
        guard let final, final.key == failure.key else {
            output.err("paystorm shrink: the shrunk scenario no longer fails with \(failure.key); this is a bug in PayStorm")
            return .internalError
        }
        do {
            try AtomicFile.write(shrunk.serialized() + "\n", to: path)
        } catch {
            output.err("paystorm shrink: could not write \(path): \(error.localizedDescription)")
            return .internalError
        }
        var replay = "paystorm run --scenario \(shellQuoted(path)) --seed \(seed)"
        if shrinker.options.strategyText != "fifo" { replay += " --strategy \(shrinker.options.strategyText)" }
        if options.lanes != .shared { replay += " --lanes \(options.lanes.rawValue)" }
        if options.jitter > .zero { replay += " --jitter \(options.jitter)" }
        let seconds = wallSeconds(since: start)
        var lines = ["shrunk in \(shrinker.runs) runs (\(SummaryTable.fixed(seconds, 1)) wall s)"
                     + (shrinker.runs >= maxRuns ? ", stopped at --max-runs \(maxRuns)" : "") + ":"]
        lines += shrinker.steps.isEmpty ? ["  nothing could be removed"] : shrinker.steps.map { "  " + $0.description }
        lines.append("invariant: \(final.label)  \(final.detail)")
        lines.append("wrote: \(path)")
        lines.append("replay: \(replay)")
        output.out(lines.joined(separator: "\n"))
        return .invariantViolated
    }
}

/// How one candidate run ended: the failure's key (the invariant id) and what to print.
struct ShrinkFailure: Equatable {
    /// What must stay the same while shrinking: the invariant id (`G-10`), `liveness` or `escape`.
    var key: String
    /// The invariant with its claim: `G-10 OnlyUsableCardsAreApproved`.
    var label: String
    var detail: String
}

/// One reduction that stuck, for the report: `lifecycles 10000 → 37`, `removed outage {…}`.
struct ShrinkStep: CustomStringConvertible {
    var label: String
    var from: String
    var to: String?

    var description: String { to.map { "\(label) \(from) → \($0)" } ?? "removed \(label) \(from)" }
}

/// The greedy shrinker: holds the smallest failing scenario tree found so far and tries smaller
/// ones, one change at a time, keeping a change only if the same invariant still breaks.
/// Every choice depends only on the input and on the runs' results, so it is deterministic.
struct Shrinker {
    private(set) var tree: JSONNode
    let file: String
    let seed: UInt64
    private(set) var options: RunOptions
    let maxRuns: Int
    let progress: (String) -> Void
    private(set) var runs = 0
    private(set) var steps: [ShrinkStep] = []
    private var target: ShrinkFailure?

    init(tree: JSONNode, file: String, seed: UInt64, options: RunOptions, maxRuns: Int, progress: @escaping (String) -> Void) {
        self.tree = tree
        self.file = file
        self.seed = seed
        self.options = options
        self.maxRuns = maxRuns
        self.progress = progress
    }

    /// Runs the scenario as given; the failure to keep, or nil when it passes.
    mutating func start() -> ShrinkFailure? {
        runs += 1
        target = probe(tree, options: options).failure
        return target
    }

    /// Shrinks until a whole round of passes changes nothing (or the run budget is spent).
    mutating func shrink() {
        // Objectives are not invariants: a tiny run breaks most of them, which says nothing.
        if tree["slo"] != nil {
            tree.remove(["slo"])
            steps.append(ShrinkStep(label: "slo", from: "(objectives are not part of an invariant failure)", to: nil))
        }
        for _ in 0..<8 {
            let before = tree
            let depth = options.pctDepth
            shrinkRound()
            if tree == before && depth == options.pctDepth { break }
        }
    }

    private mutating func shrinkRound() {
        let duration = tree["run"]?["duration"] != nil
        if tree["run"]?["lifecycles"] != nil || !duration {
            shrinkCount(["run", "lifecycles"], label: "lifecycles") { scenario in
                switch scenario.model {
                case .payments(let world): world.lifecycles
                case .referencePipeline(let pipeline): pipeline.lifecycles
                }
            }
        }
        if duration { shrinkDuration() }
        if tree["run"]?["warmup"] != nil { tryRemoving(["run", "warmup"], label: "warmup") }
        for (key, label) in [("outages", "outage"), ("windows", "fault window"), ("slowdowns", "slowdown")] {
            removeElements(["faults", key], label: label)
        }
        for key in ["loss", "duplication", "reordering"] where tree["faults"]?[key] != nil {
            tryRemoving(["faults", key], label: "faults.\(key)")
        }
        removeElements(["defects"], label: "defect")
        guard let scenario = load(tree) else { return }
        switch scenario.model {
        case .payments:
            shrinkCount(["workload", "merchants"], label: "merchants") {
                if case .payments(let world) = $0.model { world.merchants } else { 1 }
            }
            shrinkCount(["workload", "cards", "count"], label: "cards") {
                if case .payments(let world) = $0.model { world.cards.count } else { 1 }
            }
            for (station, servers) in [("gateway", \PaymentStations.gateway.servers), ("acs", \.acs.servers),
                                       ("acquirer", \.acquirer.servers), ("network", \.network.servers),
                                       ("issuer", \.issuer.servers)] {
                shrinkCount(["topology", station, "servers"], label: "\(station) servers") {
                    if case .payments(let world) = $0.model { world.stations[keyPath: servers] } else { 1 }
                }
            }
        case .referencePipeline:
            for (station, servers) in [("gateway", \PipelineConfiguration.gateway.servers), ("acs", \.acs.servers),
                                       ("acsBackup", \.acsBackup.servers), ("issuer", \.issuer.servers)] {
                shrinkCount(["topology", station, "servers"], label: "\(station) servers") {
                    if case .referencePipeline(let pipeline) = $0.model { pipeline[keyPath: servers] } else { 1 }
                }
            }
        }
        if options.strategyText.hasPrefix("pct") { shrinkDepth() }
    }

    // MARK: Passes

    /// Binary search for the smallest whole number at `path` that still fails: each probe that
    /// fails lowers the bound, so the value kept always failed.
    private mutating func shrinkCount(_ path: [String], label: String, current: (Scenario) -> Int) {
        guard let scenario = load(tree) else { return }
        let original = current(scenario)
        var low = 1
        var high = original
        while low < high && runs < maxRuns {
            let middle = low + (high - low) / 2
            var candidate = tree
            candidate.set(path, .number(Double(middle), literal: "\(middle)"))
            if attempt(candidate, "\(label) \(middle)") { high = middle } else { low = middle + 1 }
        }
        if high < original { record(label, from: "\(original)", to: "\(high)") }
    }

    /// The same search on `run.duration`, in whole milliseconds.
    private mutating func shrinkDuration() {
        guard let scenario = load(tree) else { return }
        let duration: SimDuration? = switch scenario.model {
        case .payments(let world): world.duration
        case .referencePipeline(let pipeline): pipeline.duration
        }
        guard let duration, duration.nanoseconds >= 2_000_000 else { return }
        let original = duration.nanoseconds / 1_000_000
        var low: Int64 = 1
        var high = original
        while low < high && runs < maxRuns {
            let middle = low + (high - low) / 2
            var candidate = tree
            candidate.set(["run", "duration"], .string("\(SimDuration.milliseconds(middle))"))
            if attempt(candidate, "duration \(SimDuration.milliseconds(middle))") { high = middle } else { low = middle + 1 }
        }
        if high < original { record("duration", from: "\(duration)", to: "\(SimDuration.milliseconds(high))") }
    }

    /// Tries the array at `path` without each of its elements in turn, first to last.
    private mutating func removeElements(_ path: [String], label: String) {
        var index = 0
        while let elements = tree.node(path)?.value.arrayElements, index < elements.count, runs < maxRuns {
            let element = elements[index]
            var candidate = tree
            candidate.removeElement(path, at: index)
            if elements.count == 1 { candidate.remove(path) }  // No empty list left behind.
            let text = element.serialized(pretty: false)
            if attempt(candidate, "without \(label) \(text)") {
                steps.append(ShrinkStep(label: label, from: text, to: nil))
            } else {
                index += 1
            }
        }
    }

    private mutating func tryRemoving(_ path: [String], label: String) {
        guard runs < maxRuns, let node = tree.node(path) else { return }
        var candidate = tree
        candidate.remove(path)
        if path.count > 1, candidate.node(path.dropLast())?.value.objectMembers?.isEmpty == true {
            candidate.remove(Array(path.dropLast()))  // No empty object left behind.
        }
        let text = node.serialized(pretty: false)
        if attempt(candidate, "without \(label)") { record(label, from: text, to: "none") }
    }

    private mutating func shrinkDepth() {
        let original = options.pctDepth
        var low = 1
        var high = original
        while low < high && runs < maxRuns {
            let middle = low + (high - low) / 2
            var candidate = options
            candidate.pctDepth = middle
            candidate.strategyText = "pct:\(middle)"
            if attempt(tree, "pct depth \(middle)", options: candidate) {
                high = middle
                options = candidate
            } else {
                low = middle + 1
            }
        }
        if high < original { record("pct depth", from: "\(original)", to: "\(high)") }
    }

    // MARK: Running candidates

    /// Runs a candidate; keeps it when it fails with the target invariant.
    private mutating func attempt(_ candidate: JSONNode, _ change: String, options: RunOptions? = nil) -> Bool {
        runs += 1
        let outcome = probe(candidate, options: options ?? self.options)
        let kept = outcome.failure?.key == target?.key
        let result = outcome.failure.map { kept ? "fails \($0.key): kept" : "fails \($0.key) instead: rejected" }
            ?? (outcome.valid ? "passes: rejected" : "not a valid scenario: rejected")
        progress("shrink: run \(runs)  \(change)  \(result)")
        if kept { tree = candidate }
        return kept
    }

    /// A step taken, merged with an earlier step on the same field (a later round goes further).
    private mutating func record(_ label: String, from: String, to: String) {
        if let index = steps.firstIndex(where: { $0.label == label && $0.to != nil }) {
            steps[index].to = to
        } else {
            steps.append(ShrinkStep(label: label, from: from, to: to))
        }
    }

    private func load(_ tree: JSONNode) -> Scenario? {
        try? ScenarioLoader.load(bytes: Array(tree.serialized().utf8), file: file)
    }

    /// Runs `tree` as the file it will be written as would run under `paystorm run`.
    private func probe(_ tree: JSONNode, options: RunOptions) -> (valid: Bool, failure: ShrinkFailure?) {
        guard let scenario = load(tree) else { return (false, nil) }
        return (true, ShrinkProbe.run(scenario, seed: seed, options: options))
    }

    /// The tree to write: named, described and seeded, checked by one more run. The failure is
    /// nil when the final tree does not fail as the target did (a bug).
    func finish(source: String, name: String) -> (JSONNode, ShrinkFailure?) {
        var result = tree
        let shortName = String((name.count > 73 ? String(name.prefix(73)) : name) + "-shrunk")
        result.set(["name"], .string(shortName))
        let changes = steps.map(\.description).joined(separator: "; ")
        result.set(["description"], .string(
            "Shrunk by paystorm shrink from \(source), seed \(seed), while \(target?.label ?? "") still fails"
                + (changes.isEmpty ? "." : ": \(changes).")))
        if seed <= 9_007_199_254_740_992 { result.set(["seed"], .number(Double(seed), literal: "\(seed)")) }
        return (result, probe(result, options: options).failure)
    }
}

/// One run of a scenario, reduced to the invariant it breaks, the way `paystorm run` decides
/// (keep-going off: the first safety violation stops the run).
enum ShrinkProbe {
    static func run(_ scenario: Scenario, seed: UInt64, options: RunOptions) -> ShrinkFailure? {
        let simulationOptions = Simulation.Options(seed: seed, strategy: options.strategy(for: scenario), lanes: options.lanes,
                                                   deliveryJitter: options.jitter)
        switch scenario.model {
        case .payments(let configuration):
            let result = PaymentsWorld(configuration: configuration, options: simulationOptions).run(reportingEvery: .hours(24))
            if let violation = result.safetyViolation ?? result.livenessViolation {
                return ShrinkFailure(key: violation.invariant, label: "\(violation.invariant) \(violation.claim)",
                                     detail: "\(violation.subject) t=\(violation.time): \(violation.detail)")
            }
            if let escape = result.escapes.first {
                return ShrinkFailure(key: "escape", label: "determinism escape", detail: "\(escape)")
            }
            if result.unfinished > 0, case .idle = result.end {
                return ShrinkFailure(key: "liveness", label: "liveness", detail: "\(result.unfinished) payments still open")
            }
            return nil
        case .referencePipeline(let configuration):
            let result = ReferencePipeline(configuration: configuration, options: simulationOptions).run(reportingEvery: .hours(24))
            if let escape = result.escapes.first {
                return ShrinkFailure(key: "escape", label: "determinism escape", detail: "\(escape)")
            }
            if result.unfinished > 0 {
                return ShrinkFailure(key: "G-7", label: "G-7 EveryLifecycleEndsInTime",
                                     detail: "\(result.unfinished) payments unfinished")
            }
            return nil
        }
    }
}

// MARK: Editing a scenario tree

extension JSONNode {
    func node(_ path: some Sequence<String>) -> JSONNode? {
        var node: JSONNode? = self
        for key in path { node = node?[key] }
        return node
    }

    /// Sets the value at `path`, creating objects on the way (as `--set` does).
    mutating func set(_ path: [String], _ newValue: JSONValue) {
        guard let key = path.first else {
            value = newValue
            return
        }
        var members = value.objectMembers ?? []
        let origin = SourcePosition(line: 0, column: 0)
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value.set(Array(path.dropFirst()), newValue)
        } else {
            var child = JSONNode(.object([]), at: origin)
            child.set(Array(path.dropFirst()), newValue)
            members.append(JSONMember(key: key, keyPosition: origin, value: child))
        }
        value = .object(members)
    }

    /// Removes the member at `path`; nothing when it is not there.
    mutating func remove(_ path: [String]) {
        guard let key = path.first, var members = value.objectMembers,
              let index = members.firstIndex(where: { $0.key == key }) else { return }
        if path.count == 1 {
            members.remove(at: index)
        } else {
            members[index].value.remove(Array(path.dropFirst()))
        }
        value = .object(members)
    }

    /// Removes element `index` of the array at `path`.
    mutating func removeElement(_ path: [String], at index: Int) {
        guard var elements = node(path)?.value.arrayElements, elements.indices.contains(index) else { return }
        elements.remove(at: index)
        set(path, .array(elements))
    }
}
