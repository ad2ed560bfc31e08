/// What decides one trial of a simulation besides the user's code: the seed, the scheduling
/// strategy and the delivery jitter. The same settings give the same interleaving, the same trace
/// and the same verdict, in any process.
public struct TrialSettings: Sendable, Hashable, CustomStringConvertible {
    /// The seed every random stream of the run is split from.
    public var seed: UInt64
    /// How the scheduler orders steps ready at the same time.
    public var strategy: SchedulingStrategy
    /// Extra delay, up to this much, the scheduler adds to each network delivery (``Network``).
    public var jitter: SimDuration
    /// How actors share the executor: one lane each makes every actor hop a scheduling point.
    public var lanes: LaneMode
    /// The size of the workload, for a body that reads it (``Trial/size``): a count of operations,
    /// a duration in seconds. Shrinking tries smaller ones. Nil: the body picks its own.
    public var size: Int?
    /// The scheduler choices that stand (``SchedulerChoice``); fifo's way at the others. Nil keeps
    /// every one: what exploring runs. A shrunk failure keeps the few it needs.
    public var keptChoices: [UInt64]?

    /// Settings for one trial; random order, no jitter and a lane per actor by default.
    public init(seed: UInt64, strategy: SchedulingStrategy = .random, jitter: SimDuration = .zero,
                lanes: LaneMode = .perActor, size: Int? = nil, keptChoices: [UInt64]? = nil) {
        self.seed = seed
        self.strategy = strategy
        self.jitter = jitter
        self.lanes = lanes
        self.size = size
        self.keptChoices = keptChoices
    }

    /// `seed 17, pct(depth: 3, steps: 200), jitter 5ms, size 3, choices 12,40`.
    public var description: String {
        var text = "seed \(seed), \(strategy)" + (jitter == .zero ? "" : ", jitter \(jitter)")
        if let size { text += ", size \(size)" }
        if let keptChoices { text += keptChoices.isEmpty ? ", no choices" : ", choices \(ChoiceList.text(keptChoices))" }
        return text
    }

    /// The settings in one word for an environment variable: `17/pct:3:200/5000000` (seed,
    /// strategy, jitter in nanoseconds), then `/size:3` and `/keep:12,40-42` when set.
    /// ``TrialSettings/init(replayToken:lanes:)`` reads it back.
    public var replayToken: String {
        let strategy: String = switch self.strategy {
        case .fifo: "fifo"
        case .random: "random"
        case .pct(let depth, let steps): "pct:\(depth):\(steps)"
        case .delayBounded(let delays, let steps): "delay:\(delays):\(steps)"
        }
        var token = "\(seed)/\(strategy)/\(jitter.nanoseconds)"
        if let size { token += "/size:\(size)" }
        if let keptChoices { token += "/keep:" + ChoiceList.text(keptChoices) }
        return token
    }

    /// Settings from a ``replayToken``; nil if the token is not one.
    public init?(replayToken: String, lanes: LaneMode = .perActor) {
        let parts = replayToken.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, let seed = UInt64(parts[0]), let jitter = Int64(parts[2]), jitter >= 0 else { return nil }
        var size: Int?
        var kept: [UInt64]?
        for part in parts.dropFirst(3) {
            if part.hasPrefix("size:"), size == nil, let value = Int(part.dropFirst(5)), value >= 0 {
                size = value
            } else if part.hasPrefix("keep:"), kept == nil, let list = ChoiceList.indices(part.dropFirst(5)) {
                kept = list
            } else {
                return nil
            }
        }
        let strategyParts = parts[1].split(separator: ":")
        let strategy: SchedulingStrategy
        switch strategyParts.first {
        case "fifo" where strategyParts.count == 1: strategy = .fifo
        case "random" where strategyParts.count == 1: strategy = .random
        case "pct" where strategyParts.count == 3:
            guard let depth = Int(strategyParts[1]), let steps = Int(strategyParts[2]), depth >= 1, steps >= 1 else { return nil }
            strategy = .pct(depth: depth, steps: steps)
        case "delay" where strategyParts.count == 3:
            guard let delays = Int(strategyParts[1]), let steps = Int(strategyParts[2]), delays >= 0, steps >= 1 else {
                return nil
            }
            strategy = .delayBounded(delays: delays, steps: steps)
        default: return nil
        }
        self.init(seed: seed, strategy: strategy, jitter: SimDuration(nanoseconds: jitter), lanes: lanes,
                  size: size, keptChoices: kept)
    }
}

/// Choice indices as text: sorted, runs written as ranges (`3,7-9,12`); empty is empty.
enum ChoiceList {
    static func text(_ indices: [UInt64]) -> String {
        let sorted = Array(Set(indices)).sorted()
        var parts: [String] = []
        var start = 0
        while start < sorted.count {
            var end = start
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end == start ? "\(sorted[start])" : "\(sorted[start])-\(sorted[end])")
            start = end + 1
        }
        return parts.joined(separator: ",")
    }

    static func indices(_ text: Substring) -> [UInt64]? {
        if text.isEmpty { return [] }
        var result: [UInt64] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard let low = bounds.first.flatMap({ UInt64($0) }) else { return nil }
            switch bounds.count {
            case 1: result.append(low)
            case 2:
                guard let high = UInt64(bounds[1]), high >= low, high - low < 10_000_000 else { return nil }
                result.append(contentsOf: low...high)
            default: return nil
            }
        }
        return result
    }
}
