import Exploration
import Foundation
import Reporting
import Scenarios
import Synchronization

/// The search behind `paystorm size`: candidates are server counts per station, each judged by
/// its replications (`SweepRunner.runOne`, so a candidate is measured exactly as a sweep point is).
public struct SizeSearch {
    public static let maximumServers = 100_000
    /// At this windowed utilization a station is saturated, as `run`'s saturation line counts a
    /// second: its line grows for as long as the load lasts, or nearly, so a candidate with one fails
    /// whatever its objectives say. It guards the flows no objective reads: sized on the card flows
    /// alone, Paysafe's card platform was trimmed to 0.996.
    public static let saturated = FirstSaturation.threshold
    /// How many of the answer's busiest stations are tried one server short for the binding one.
    public static let bindingProbes = 3
    /// Above this the answer warns: little headroom, and a longer run may miss what a short one met.
    public static let crowded = 0.9

    public let file: String
    /// The scenario file as read once: every candidate is built from these bytes.
    public let source: ScenarioSource
    public let overrides: [String]
    public let objectives: [SizeObjective]
    public let replications: Int
    public let threads: Int
    public let seed: UInt64
    public let maxCandidates: Int
    public let log: (String) -> Void
    /// Asked between candidates and replications; a stopped search keeps the best it judged.
    public var stop = StopCondition.never
    public private(set) var candidates = 0
    /// Stations by windowed utilization at the first candidate, busiest first: the order they are trimmed in.
    public private(set) var stationOrder: [String] = []
    /// What one server less did at the answer's busiest stations, busiest first, up to the binding one.
    public private(set) var oneLess: [(station: String, outcome: OneLess)] = []

    /// A station one server short: what it does to the answer.
    public enum OneLess {
        /// An objective misses: the station binds the objectives.
        case missesObjective
        /// Only a station saturates, every objective holding: its own saturation holds it up, not the
        /// objectives (it serves flows no objective reads, or queues that a p99 does not feel yet).
        case saturates
        /// Under time-varying arrivals a station fills in some second: the load is not held, which
        /// binds as an objective does.
        case saturatesInASecond
        /// It still passes: the run may be too short to show the difference.
        case meets
    }

    /// The station one server short of which misses an objective (or, under time-varying arrivals,
    /// fills in a second); failing that, the busiest station.
    public var binding: (station: String, outcome: OneLess)? {
        oneLess.first { $0.outcome == .missesObjective || $0.outcome == .saturatesInASecond } ?? oneLess.first
    }
    /// Whether `maxCandidates` stopped the search before it finished trimming and checking.
    public private(set) var limitReached = false
    /// The scenario's own topology, judged: whether it holds the load as given.
    public private(set) var asGiven: Judgement?

    /// One replication of a candidate: its sweep sample, and the payments figures objectives read.
    public struct Replication: Sendable {
        public var sample: SweepSample
        /// The whole payments world's figures; nil for the reference pipeline.
        public var world: RunFigures?
        /// Each flow's figures, by name; looked up, never iterated.
        public var flows: [String: RunFigures]
    }

    /// What a candidate's replications showed.
    public struct Judgement: Sendable {
        public var passed: Bool
        /// Each station's highest windowed utilization over the replications; under time-varying
        /// arrivals, its busiest second's.
        public var utilization: [String: Double]  // Looked up by name; printed in `stationOrder`.
        /// Whether every replication met every objective (saturation apart).
        public var objectivesMet = true
        /// Each objective's worst value over the replications.
        public var worst: [String: Double]
        /// The station with the highest utilization; under time-varying arrivals, the first to saturate.
        public var binding: String?
        public var servers: [String: Int]
        /// Whether the arrivals vary over time, so stations were judged second by second.
        public var timeVarying = false
        /// The earliest second a station saturated in any replication, and in how many some did.
        public var firstSaturation: SweepSample.Saturation?
        public var saturatedReplications = 0
    }

    public init(source: ScenarioSource, overrides: [String], objectives: [SizeObjective], replications: Int, threads: Int,
                seed: UInt64, maxCandidates: Int, log: @escaping (String) -> Void) {
        self.file = source.file
        self.source = source
        self.overrides = overrides
        self.objectives = objectives
        self.replications = replications
        self.threads = threads
        self.seed = seed
        self.maxCandidates = maxCandidates
        self.log = log
    }

    /// The topology field a station's servers are set by, or nil for a station sized with another
    /// (the backup acquirer shares the acquirer's configuration).
    public static func topologyKey(_ station: String) -> String? {
        switch station {
        case "acquirer_backup": nil
        case "acs_backup": "acsBackup"
        default: station.split(separator: "_").enumerated()
            .map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
        }
    }

    /// Searches from the scenario's own topology; nil when no candidate passes within the limits.
    public mutating func run(from base: Scenario) -> (servers: [String: Int], judgement: Judgement)? {
        guard let first = judge([:]) else { return nil }
        asGiven = first
        stationOrder = first.utilization.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        var current = first
        // Grow the binding station until every objective holds.
        while !current.passed {
            guard let binding = current.binding, let utilization = current.utilization[binding],
                  let key = Self.topologyKey(binding), candidates < maxCandidates, !stop.isRequested() else { return nil }
            guard utilization >= 0.5 else {
                log("size: the objectives fail with every station below 0.5 utilization"
                    + (current.timeVarying ? " in its busiest second" : "") + " (busiest: \(binding) "
                    + "\(SummaryTable.fixed(utilization, 2))); more servers will not meet them")
                return nil
            }
            let servers = current.servers[binding] ?? 1
            let grown = min(Self.maximumServers, max(servers + 1, Int((Double(servers) * utilization / 0.8).rounded(.up))))
            guard grown > servers else { return nil }
            log("size: grow \(binding) (\(key)) \(servers) → \(grown)")
            guard let next = judge(current.servers.merging([binding: grown]) { $1 }) else { return nil }
            current = next
        }
        // Trim each station, busiest first, to the fewest servers that still pass.
        for name in stationOrder where Self.topologyKey(name) != nil {
            let servers = current.servers[name] ?? 1
            // Fewer servers than are busy on average cannot carry the load; one fewer still is tried,
            // since a short run's utilization is itself an estimate.
            let busy = Int((Double(servers) * (current.utilization[name] ?? 1)).rounded(.up))
            var low = max(1, busy - 1), high = servers
            while low < high && candidates < maxCandidates && !stop.isRequested() {
                let middle = (low + high) / 2
                guard let probe = judge(current.servers.merging([name: middle]) { $1 }) else { return nil }
                if probe.passed {
                    high = middle
                    current = probe
                } else {
                    low = middle + 1
                }
            }
        }
        // The answer, judged again as a whole, and its busiest stations one server short until one
        // misses an objective: that one binds. One whose shortage only saturates it is named apart,
        // not as what limits the objectives.
        guard let final = judge(current.servers), final.passed else { return (current.servers, current) }
        let busiest = final.utilization.filter { Self.topologyKey($0.key) != nil && (final.servers[$0.key] ?? 0) > 1 }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        for name in busiest.prefix(Self.bindingProbes) where !stop.isRequested() {
            guard let servers = final.servers[name], let short = judge(final.servers.merging([name: servers - 1]) { $1 }) else { break }
            let outcome: OneLess = !short.objectivesMet ? .missesObjective : short.passed ? .meets
                : short.timeVarying ? .saturatesInASecond : .saturates
            oneLess.append((name, outcome))
            if outcome == .missesObjective || outcome == .saturatesInASecond { break }
        }
        return (final.servers, final)
    }

    /// Runs a candidate's replications; nil when it could not be built or Ctrl-C stopped it.
    public mutating func judge(_ servers: [String: Int]) -> Judgement? {
        // Every candidate counts against the limit, the answer's own checks too.
        guard candidates < maxCandidates else {
            limitReached = true
            return nil
        }
        candidates += 1
        var sets = overrides
        for (name, count) in servers.sorted(by: { $0.key < $1.key }) {
            if let key = Self.topologyKey(name) { sets.append("topology.\(key).servers=\(count)") }
        }
        guard let scenario = try? source.load(overrides: sets) else { return nil }
        let samples = Mutex<[Replication?]>(Array(repeating: nil, count: replications))
        // Seeds seed, seed + 1, …: those `run.replications` uses, so a confirming run covers them.
        let seed = self.seed
        let stop = self.stop
        _ = WorkerThreads.run(count: replications, threads: threads, shouldStop: stop.isRequested) { index in
            var world: RunFigures?
            var flows: [String: RunFigures] = [:]
            let sample = SweepRunner.runOne(scenario, point: 0, replication: index, seed: seed &+ UInt64(index), stop: stop) { _ in
            } paymentsResult: { result in
                world = RunFigures(flows: result.flows)
                for flow in result.flows { flows["\(flow.flow)"] = RunFigures(flows: [flow]) }
            }
            samples.withLock { $0[index] = sample.map { Replication(sample: $0, world: world, flows: flows) } }
        }
        let runs = samples.withLock { $0.compactMap { $0 } }
        guard runs.count == replications else { return nil }
        // Under a ramp, spike or profile, stations are judged by their busiest second, as `run`'s
        // saturation line judges them: the window's average hides a minute of saturation.
        let timeVarying = runs.contains { $0.sample.timeVarying }
        var utilization: [String: Double] = [:]
        var counts: [String: Int] = [:]
        for run in runs {
            for station in run.sample.stations {
                let busy = timeVarying ? station.peakUtilization ?? 0 : station.utilization
                utilization[station.name] = max(utilization[station.name] ?? 0, busy)
                counts[station.name] = station.servers
            }
        }
        let saturations = runs.compactMap(\.sample.firstSaturation)
        let firstSaturation = saturations.min { $0.seconds != $1.seconds ? $0.seconds < $1.seconds : $0.utilization > $1.utilization }
        var worst: [String: Double] = [:]
        var objectivesMet = true
        for objective in objectives {
            let values = runs.map(objective.actual)
            objectivesMet = objectivesMet && values.allSatisfy { objective.threshold.holds(for: $0) }
            let lessIsBetter = objective.threshold.op == .lessThan || objective.threshold.op == .lessThanOrEqual
            worst[objective.metric] = lessIsBetter ? values.max() : values.min()
        }
        let passed = objectivesMet && (timeVarying ? saturations.isEmpty : utilization.values.allSatisfy { $0 < Self.saturated })
        let binding = firstSaturation?.station
            ?? utilization.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
        log("size: candidate \(candidates): " + (passed ? "passes" : "misses") + "; busiest "
            + (binding.map { "\($0) \(SummaryTable.fixed(utilization[$0] ?? 0, 2))" + (timeVarying ? " in its busiest second" : "")
                + " with \(counts[$0] ?? 0) servers" } ?? "none")
            + (firstSaturation.map { "; first saturated: \($0.station) at \(SummaryTable.fixed($0.seconds, 1)) s" } ?? "")
            + "; " + objectives.map { "\($0.metric) \(SummaryTable.fixed(worst[$0.metric] ?? .nan, 1))" }.joined(separator: ", "))
        return Judgement(passed: passed, utilization: utilization, objectivesMet: objectivesMet, worst: worst, binding: binding,
                         servers: counts,
                         timeVarying: timeVarying, firstSaturation: firstSaturation, saturatedReplications: saturations.count)
    }
}
