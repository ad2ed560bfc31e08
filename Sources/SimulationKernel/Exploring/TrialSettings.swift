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

    /// Settings for one trial; random order, no jitter and a lane per actor by default.
    public init(seed: UInt64, strategy: SchedulingStrategy = .random, jitter: SimDuration = .zero,
                lanes: LaneMode = .perActor) {
        self.seed = seed
        self.strategy = strategy
        self.jitter = jitter
        self.lanes = lanes
    }

    /// `seed 17, pct(depth: 3, steps: 200), jitter 5ms`.
    public var description: String {
        "seed \(seed), \(strategy)" + (jitter == .zero ? "" : ", jitter \(jitter)")
    }

    /// The settings in one word for an environment variable: `17/pct:3:200/5000000` (seed,
    /// strategy, jitter in nanoseconds). ``TrialSettings/init(replayToken:lanes:)`` reads it back.
    public var replayToken: String {
        let strategy: String = switch self.strategy {
        case .fifo: "fifo"
        case .random: "random"
        case .pct(let depth, let steps): "pct:\(depth):\(steps)"
        }
        return "\(seed)/\(strategy)/\(jitter.nanoseconds)"
    }

    /// Settings from a ``replayToken``; nil if the token is not one.
    public init?(replayToken: String, lanes: LaneMode = .perActor) {
        let parts = replayToken.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let seed = UInt64(parts[0]), let jitter = Int64(parts[2]), jitter >= 0 else { return nil }
        let strategyParts = parts[1].split(separator: ":")
        let strategy: SchedulingStrategy
        switch strategyParts.first {
        case "fifo" where strategyParts.count == 1: strategy = .fifo
        case "random" where strategyParts.count == 1: strategy = .random
        case "pct" where strategyParts.count == 3:
            guard let depth = Int(strategyParts[1]), let steps = Int(strategyParts[2]), depth >= 1, steps >= 1 else { return nil }
            strategy = .pct(depth: depth, steps: steps)
        default: return nil
        }
        self.init(seed: seed, strategy: strategy, jitter: SimDuration(nanoseconds: jitter), lanes: lanes)
    }
}
