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
    /// Delay-bounded scheduling (Emmi, Qadeer and Rakamarić, POPL 2011): fifo order, except at
    /// `delays` scheduler choices (``SchedulerChoice``) drawn among the first `steps`, where it
    /// chooses as random does: another ready job, another place among events due together, a
    /// delivery delay under jitter. Most bugs need only one or two such deviations from the
    /// order a program usually runs in; give `steps` about the number of choices a run makes
    /// (``Simulation/choicesMade`` of a random run), or 0 under ``ScheduleExploration``, which
    /// then counts the choices of a fifo run of each trial and draws the delays among those.
    case delayBounded(delays: Int, steps: Int)

    /// Every strategy's ``name``, for parsing flags and writing help.
    public static let names = ["fifo", "random", "pct", "delay-bounded"]

    /// The strategy with its parameters, as banners print it: `pct(depth: 3, steps: 200)`.
    public var description: String {
        switch self {
        case .fifo: "fifo"
        case .random: "random"
        case .pct(let depth, let steps): "pct(depth: \(depth), steps: \(steps))"
        case .delayBounded(let delays, let steps): "delay-bounded(delays: \(delays), steps: \(steps == 0 ? "counted" : "\(steps)"))"
        }
    }

    /// The name used on the command line.
    public var name: String {
        switch self {
        case .fifo: "fifo"
        case .random: "random"
        case .pct: "pct"
        case .delayBounded: "delay-bounded"
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
        // Random's draws at the few choices that stand, fifo's way at every other.
        case .delayBounded: .random
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
