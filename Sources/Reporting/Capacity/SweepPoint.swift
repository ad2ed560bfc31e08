/// One actor's utilization at one sweep point: the share of its capacity that was busy.
public struct ActorUtilization: Sendable, Hashable {
    /// The actor's name as the report shows it ("issuer", "gateway").
    public let name: String
    /// Busy time over available time, usually in [0, 1].
    public let utilization: Double

    public init(name: String, utilization: Double) {
        precondition(utilization.isFinite, "ActorUtilization: \(name) has utilization \(utilization)")
        self.name = name
        self.utilization = utilization
    }

    /// 1 − utilization: the share of capacity still free; negative if the input was above 1.
    public var headroom: Double { 1 - utilization }
}

/// One offered load of a capacity sweep, with what the system did at that load (usually the
/// means over its replications).
public struct SweepPoint: Sendable, Hashable {
    /// Payments offered per second.
    public let offered: Double
    /// Payments completed per second.
    public let achieved: Double
    /// The 99th percentile of end-to-end latency, in milliseconds.
    public let p99: Double
    /// Each actor's utilization, in the order the caller gave; that order breaks ties.
    public let actors: [ActorUtilization]

    public init(offered: Double, achieved: Double, p99: Double, actors: [ActorUtilization]) {
        precondition(offered.isFinite && offered > 0, "SweepPoint: offered load \(offered) is not a positive rate")
        precondition(achieved.isFinite && achieved >= 0, "SweepPoint: achieved \(achieved) at offered \(offered)")
        precondition(!p99.isNaN && p99 >= 0, "SweepPoint: p99 \(p99) ms at offered \(offered)")
        precondition(!actors.isEmpty, "SweepPoint: no actor utilizations at offered \(offered)")
        self.offered = offered
        self.achieved = achieved
        self.p99 = p99
        self.actors = actors
    }

    /// The same point from `(name, utilization)` pairs, kept in the order given.
    public init(offered: Double, achieved: Double, p99: Double, utilizations: [(name: String, utilization: Double)]) {
        self.init(
            offered: offered,
            achieved: achieved,
            p99: p99,
            actors: utilizations.map { ActorUtilization(name: $0.name, utilization: $0.utilization) }
        )
    }

    /// achieved / offered: 1 while the system keeps up.
    public var throughputRatio: Double { achieved / offered }

    /// The busiest actor first, then the rest by utilization descending; equal utilizations keep
    /// the caller's order, so the result never depends on hashing or on sort stability.
    public var actorsByUtilization: [ActorUtilization] {
        actors.enumerated()
            .sorted { a, b in
                if a.element.utilization != b.element.utilization {
                    return a.element.utilization > b.element.utilization
                }
                return a.offset < b.offset  // Tie: the caller's order.
            }
            .map(\.element)
    }
}
