import SimulationKernel

/// A sweep's figures per point, across replications: means with 95 % confidence intervals,
/// the knee and the binding actor, and Erlang C beside the stations that are M/M/c.
public struct SweepAnalysis: Sendable {
    public struct StationFigures: Sendable {
        public var name: String
        public var servers: Int
        public var utilization: SampleSummary
        /// Mean wait for a server, milliseconds.
        public var meanWaitMilliseconds: SampleSummary
        public var probabilityWaited: SampleSummary
        public var arrivalRate: Double
        /// Erlang C for this station when it is M/M/c (Poisson arrivals, exponential service).
        public var erlang: MMcStation?
        /// Some waits were abandoned (a queue timeout): Erlang C without abandonment only approximates it.
        public var approximate: Bool
    }

    public struct Point: Sendable {
        public var settings: [(path: String, value: String)]
        public var offered: Double
        public var achieved: SampleSummary
        public var successRate: SampleSummary
        /// Per-replication latency statistics, milliseconds.
        public var latencyMean: SampleSummary
        public var latencyP50: SampleSummary
        public var latencyP90: SampleSummary
        public var latencyP99: SampleSummary
        public var stations: [StationFigures]
    }

    public var plan: SweepPlan
    public var points: [Point]
    public var knee: KneeFinding?

    /// Aggregates samples, in any order. Nil when a point lacks some of its replications (unless
    /// `skippingIncompletePoints`, for a sweep stopped early: those points are left out), when a
    /// sample names a point the plan does not have, or when samples disagree on their stations
    /// (runs of different scenarios).
    public init?(plan: SweepPlan, samples unordered: [SweepSample], skippingIncompletePoints: Bool = false) {
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
                if mine.allSatisfy(\.poissonArrivals), let mean = station.exponentialServiceMean, mean > 0 {
                    erlang = MMcStation(arrivalRate: rate, serviceRate: 1 / mean, servers: station.servers)
                }
                stations.append(StationFigures(
                    name: station.name, servers: station.servers, utilization: SampleSummary(values.map(\.utilization)),
                    meanWaitMilliseconds: SampleSummary(values.map { $0.meanWait * 1_000 }),
                    probabilityWaited: SampleSummary(values.map(\.probabilityWaited)), arrivalRate: rate, erlang: erlang,
                    approximate: values.contains { $0.abandoned > 0 }))
            }
            points.append(Point(
                settings: setting, offered: first.offered, achieved: SampleSummary(mine.map(\.achieved)),
                successRate: SampleSummary(mine.map(\.successRate)),
                latencyMean: SampleSummary(mine.map(\.latency.mean)),
                latencyP50: SampleSummary(mine.map(\.latency.p50)),
                latencyP90: SampleSummary(mine.map(\.latency.p90)),
                latencyP99: SampleSummary(mine.map(\.latency.p99)),
                stations: stations))
        }
        self.points = points
        if plan.axes.count == 1, points.count >= 2, points.allSatisfy({ !$0.stations.isEmpty }) {
            let ordered = points.sorted { $0.offered < $1.offered }
            let increasing = zip(ordered, ordered.dropFirst()).allSatisfy { $0.offered < $1.offered }
            if increasing {
                let sweep = ordered.map { point in
                    SweepPoint(offered: point.offered, achieved: point.achieved.mean, p99: point.latencyP99.mean,
                               actors: point.stations.map { ActorUtilization(name: $0.name, utilization: $0.utilization.mean) })
                }
                let byStations = !unordered.isEmpty && unordered.allSatisfy(\.kneeByStations)
                knee = byStations ? KneeFinding.analyzeStations(sweep) : KneeFinding.analyze(sweep)
            }
        }
    }
}
