/// How the simulation picks the next step among those ready at the same instant
/// (../shared/design.md §3.2). Every choice draws from the run's own scheduler stream, so the
/// strategy, the lane mode and the seed together fix the interleaving.
public enum SchedulingStrategy: Sendable, Hashable, CustomStringConvertible {
    /// In the order scheduled: the default for load runs.
    case fifo
    /// A uniform pick among ready jobs, and a random order among events due at one instant.
    case random
    /// Probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010): every lane and receiver
    /// gets a random priority, the highest ready one runs, and at `depth - 1` random steps among
    /// the first `steps` the one running drops below all others. Finds a bug of depth `depth`
    /// with probability at least 1 / (n · steps^(depth-1)) for n entities.
    case pct(depth: Int, steps: Int)

    /// Every strategy's ``name``, for parsing flags and writing help.
    public static let names = ["fifo", "random", "pct"]

    /// The strategy with its parameters, as banners print it: `pct(depth: 3, steps: 200)`.
    public var description: String {
        switch self {
        case .fifo: "fifo"
        case .random: "random"
        case .pct(let depth, let steps): "pct(depth: \(depth), steps: \(steps))"
        }
    }

    /// The name used on the command line.
    public var name: String {
        switch self {
        case .fifo: "fifo"
        case .random: "random"
        case .pct: "pct"
        }
    }

    /// The strategy without its parameters: a one-byte enum, so the event loop's checks of the
    /// strategy are byte compares, not matches on an enum with a payload.
    @usableFromInline enum Kind {
        case fifo
        case random
        case pct
    }

    @usableFromInline var kind: Kind {
        switch self {
        case .fifo: .fifo
        case .random: .random
        case .pct: .pct
        }
    }
}

/// Whether every actor gets its own executor identity or all share one (../shared/design.md §3.1).
public enum LaneMode: String, Sendable, Hashable, CaseIterable {
    /// Every actor hop is a job and a scheduling point: for exploring interleavings.
    case perActor = "per-actor"
    /// All actors share one identity, so hops are direct calls: for load runs.
    case shared
}
