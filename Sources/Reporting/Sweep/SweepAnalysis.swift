import SimulationKernel

/// A sweep's figures per point, across replications: estimates with 95 % confidence intervals,
/// the knee and the binding actor, and Erlang C beside the stations that are M/M/c.
///
/// Latency, utilization and waits are pooled over a point's replications with sectioning
/// (`PooledInterval`) when the sweep kept the point's pooled latency; throughput and success,
/// and latency from merged shards, are means of the replications' figures.
public struct SweepAnalysis: Sendable {
    public struct StationFigures: Sendable {
        public var name: String
        public var servers: Int
        /// Busy time over the measured window, pooled by window length.
        public var utilization: PooledInterval
        /// Mean wait for a server, milliseconds, pooled over every wait.
        public var meanWaitMilliseconds: PooledInterval
        public var probabilityWaited: PooledInterval
        public var arrivalRate: Double
        /// Arrivals one replication measured, on average; 0 when the samples do not say (old shards).
        public var arrivalsPerReplication: Double
        /// Erlang C for this station when it is M/M/c (Poisson arrivals, exponential service).
        public var erlang: MMcStation?
        /// Some waits were abandoned (a queue timeout): Erlang C without abandonment only approximates it.
        public var approximate: Bool
        /// Under time-varying arrivals, the busiest interval's utilization in any replication.
        public var peakUtilization: Double?
    }

    /// Under time-varying arrivals, the earliest first saturation among a point's replications,
    /// and in how many of them some station saturated.
    public struct PointSaturation: Sendable {
        /// The earliest saturated second among the point's replications.
        public var first: SweepSample.Saturation
        /// How many of the point's replications saturated some station in some second.
        public var replications: Int
    }

    public struct Point: Sendable {
        public var settings: [(path: String, value: String)]
        public var offered: Double
        public var achieved: PooledInterval
        public var successRate: PooledInterval
        /// End-to-end latency, milliseconds: from the pooled payments when the sweep kept them.
        public var latencyMean: PooledInterval
        public var latencyP50: PooledInterval
        public var latencyP90: PooledInterval
        public var latencyP99: PooledInterval
        public var stations: [StationFigures]
        /// Nil when no replication saturated a station in an interval, or arrivals were steady.
        public var saturation: PointSaturation?
    }

    public var plan: SweepPlan
    public var points: [Point]
    public var knee: KneeFinding?

    /// Aggregates samples, in any order. Nil when a point lacks some of its replications (unless
    /// `skippingIncompletePoints`, for a sweep stopped early: those points are left out), when a
    /// sample names a point the plan does not have, or when samples disagree on their stations
    /// (runs of different scenarios).
    ///
    /// - Parameter pooledLatency: each point's latency over all its replications' payments, by
    ///   point index; a point without one gets the replications' means.
    public init?(plan: SweepPlan, samples unordered: [SweepSample], pooledLatency: [Int: SweepSample.Latency] = [:],
                 skippingIncompletePoints: Bool = false) {
        self.plan = plan
        let settings = plan.points
        var byPoint = Array(repeating: [SweepSample](), count: settings.count)
        let stationNames = unordered.first.map { $0.stations.map(\.name) } ?? []
        for sample in unordered {
            guard settings.indices.contains(sample.point), sample.stations.map(\.name) == stationNames else { return nil }
            byPoint[sample.point].append(sample)
        }
        var points: [Point] = []
        for (index, setting) in settings.enumerated() {
            let mine = byPoint[index].sorted { $0.replication < $1.replication }
            guard mine.count == plan.replications, let first = mine.first else {
                if skippingIncompletePoints { continue }
                return nil
            }
            var stations: [StationFigures] = []
            for (stationIndex, station) in first.stations.enumerated() {
                let values = mine.compactMap { $0.stations.count > stationIndex ? $0.stations[stationIndex] : nil }
                let rate = values.map(\.arrivalRate).reduce(0, +) / Double(values.count)
                var erlang: MMcStation?
                if mine.allSatisfy(\.poissonArrivals), let mean = station.exponentialServiceMean, mean > 0, station.servers >= 1 {
                    erlang = MMcStation(arrivalRate: rate, serviceRate: 1 / mean, servers: station.servers)
                }
                stations.append(Self.figures(of: station, replications: values, arrivalRate: rate, erlang: erlang))
            }
            let pooled = pooledLatency[index]
            let latency = { (figure: KeyPath<SweepSample.Latency, Double>) -> PooledInterval in
                let sections = mine.map { $0.latency[keyPath: figure] }
                return (pooled.map { PooledInterval(pooled: $0[keyPath: figure], sections: sections) }
                    ?? PooledInterval(averaging: sections)).bounded(to: 0...Double.infinity)
            }
            let saturated = mine.compactMap(\.firstSaturation)
            let earliest = saturated.min { $0.seconds != $1.seconds ? $0.seconds < $1.seconds : $0.utilization > $1.utilization }
            points.append(Point(
                settings: setting, offered: first.offered,
                achieved: PooledInterval(averaging: mine.map(\.achieved)).bounded(to: 0...Double.infinity),
                successRate: PooledInterval(averaging: mine.map(\.successRate)).bounded(to: 0...1),
                latencyMean: latency(\.mean), latencyP50: latency(\.p50), latencyP90: latency(\.p90), latencyP99: latency(\.p99),
                stations: stations, saturation: earliest.map { PointSaturation(first: $0, replications: saturated.count) }))
        }
        self.points = points
        if plan.axes.count == 1, points.count >= 2, points.allSatisfy({ !$0.stations.isEmpty }) {
            let ordered = points.sorted { $0.offered < $1.offered }
            let increasing = zip(ordered, ordered.dropFirst()).allSatisfy { $0.offered < $1.offered }
            if increasing {
                // Under a ramp or spike a station saturates in its busiest seconds, which the window's
                // average dilutes with the quiet ones: the knee reads the peak.
                let sweep = ordered.map { point in
                    SweepPoint(offered: point.offered, achieved: point.achieved.estimate, p99: point.latencyP99.estimate,
                               actors: point.stations.map {
                                   ActorUtilization(name: $0.name, utilization: $0.peakUtilization ?? $0.utilization.estimate)
                               })
                }
                let byStations = !unordered.isEmpty && unordered.allSatisfy(\.kneeByStations)
                let byPeaks = points.contains { $0.stations.contains { $0.peakUtilization != nil } }
                knee = byStations ? KneeFinding.analyzeStations(sweep, byBusiestInterval: byPeaks) : KneeFinding.analyze(sweep)
            }
        }
    }

    /// A station's figures pooled over its replications: utilization weighted by each window's
    /// length, waits by how many there were, the share that waited by arrivals.
    static func figures(of station: SweepSample.Station, replications values: [SweepSample.Station], arrivalRate: Double,
                        erlang: MMcStation?) -> StationFigures {
        let windows = values.map(\.measuredSeconds)
        return StationFigures(
            name: station.name, servers: station.servers,
            utilization: PooledInterval(sections: values.map(\.utilization), weights: windows).bounded(to: 0...1),
            meanWaitMilliseconds: PooledInterval(sections: values.map { $0.meanWait * 1_000 }, weights: values.map { Double($0.waits) })
                .bounded(to: 0...Double.infinity),
            probabilityWaited: PooledInterval(sections: values.map(\.probabilityWaited),
                                              weights: values.map { $0.arrivalRate * $0.measuredSeconds }).bounded(to: 0...1),
            arrivalRate: arrivalRate,
            arrivalsPerReplication: values.map { $0.arrivalRate * $0.measuredSeconds }.reduce(0, +) / Double(values.count),
            erlang: erlang, approximate: values.contains { $0.abandoned > 0 },
            peakUtilization: values.compactMap(\.peakUtilization).max())
    }
}
