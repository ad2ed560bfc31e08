/// How often a sweep's 95 % intervals hold the exact figures of an M/M/c station, counted over
/// many independent sweeps of one point: the replications' means (what sweeps did before
/// sectioning) beside the pooled intervals, and whether the sweep warned that its replications
/// were too short.
///
/// A method is honest at a point when its intervals cover in at least 90 % of sweeps, or when
/// the sweeps that miss say so: `coveredOrWarned` counts a sweep whose interval held the exact
/// value or that warned.
public struct IntervalCoverage: Sendable {
    /// One figure's tallies.
    public struct Figure: Sendable {
        /// "mean latency", "p99 latency", "utilization", "mean wait".
        public let name: String
        /// The exact value, in the sweep's unit (milliseconds for times).
        public let exact: Double
        public fileprivate(set) var sweeps = 0
        public fileprivate(set) var coveredByReplicationMeans = 0
        public fileprivate(set) var coveredByPooling = 0
        public fileprivate(set) var coveredOrWarned = 0
        /// Σ (pooled estimate / exact − 1), for the mean relative error of the pooled estimate.
        fileprivate var relativeErrorSum = 0.0

        /// The pooled estimates' mean relative error: their bias, as a share of the exact value.
        public var meanRelativeError: Double { sweeps > 0 ? relativeErrorSum / Double(sweeps) : 0 }

        /// `count` as a share of the sweeps.
        public func share(_ count: Int) -> Double { sweeps > 0 ? Double(count) / Double(sweeps) : 0 }
    }

    public let station: MMcStation
    /// The station's name in the sweep's samples.
    public let stationName: String
    /// Mean, p50 and p99 latency, utilization and mean wait, in that order.
    public private(set) var figures: [Figure]
    public private(set) var sweeps = 0
    public private(set) var warnings = 0

    /// Tallies for a sweep whose latency is this station's response time alone (no other delay).
    public init(station: MMcStation, stationName: String) {
        precondition(station.isStable, "IntervalCoverage: \(station) is unstable; it has no exact figures")
        self.station = station
        self.stationName = stationName
        figures = [
            Figure(name: "mean latency", exact: station.meanResponse * 1_000),
            Figure(name: "p50 latency", exact: station.responseQuantile(0.5) * 1_000),
            Figure(name: "p99 latency", exact: station.responseQuantile(0.99) * 1_000),
            Figure(name: "utilization", exact: station.utilization),
            Figure(name: "mean wait", exact: station.meanWait * 1_000),
        ]
    }

    /// Counts one sweep of one point: its samples and its replications' latency pooled.
    public mutating func record(plan: SweepPlan, samples: [SweepSample], pooledLatency: SweepSample.Latency) {
        precondition(plan.points.count == 1, "IntervalCoverage: a sweep of \(plan.points.count) points; coverage is per point")
        // Without weights or a pool the analysis falls back to the replications' means, as before sectioning.
        let unweighted = samples.map { sample in
            var copy = sample
            copy.stations = copy.stations.map { station in
                var plain = station
                plain.measuredSeconds = 0
                plain.waits = 0
                return plain
            }
            return copy
        }
        guard let pooled = SweepAnalysis(plan: plan, samples: samples, pooledLatency: [0: pooledLatency]),
              let averaged = SweepAnalysis(plan: plan, samples: unweighted),
              let new = pooled.points.first, let old = averaged.points.first else {
            preconditionFailure("IntervalCoverage: the sweep's \(samples.count) samples do not fill its plan")
        }
        let warned = ReplicationLengthWarning(pooled) != nil
        sweeps += 1
        if warned { warnings += 1 }
        let intervals = [Self.intervals(of: new, station: stationName), Self.intervals(of: old, station: stationName)]
        for index in figures.indices {
            let exact = figures[index].exact
            let (after, before) = (intervals[0][index], intervals[1][index])
            figures[index].sweeps += 1
            if before.contains(exact) { figures[index].coveredByReplicationMeans += 1 }
            if after.contains(exact) { figures[index].coveredByPooling += 1 }
            if after.contains(exact) || warned { figures[index].coveredOrWarned += 1 }
            figures[index].relativeErrorSum += after.estimate / exact - 1
        }
    }

    /// A point's intervals in the order of `figures`.
    static func intervals(of point: SweepAnalysis.Point, station name: String) -> [PooledInterval] {
        guard let station = point.stations.first(where: { $0.name == name }) else {
            preconditionFailure("IntervalCoverage: no station \(name) among \(point.stations.map(\.name))")
        }
        return [point.latencyMean, point.latencyP50, point.latencyP99, station.utilization, station.meanWaitMilliseconds]
    }

    /// The tallies as a Markdown table, one row per figure.
    public var table: String {
        var lines = ["| figure | exact | replications' means | pooled (sectioning) | pooled or warned | pooled estimate's bias |",
                     "| --- | ---: | ---: | ---: | ---: | ---: |"]
        for figure in figures {
            lines.append("| \(figure.name) | \(SummaryTable.fixed(figure.exact, figure.exact < 10 ? 4 : 2)) "
                         + "| \(percent(figure.share(figure.coveredByReplicationMeans))) "
                         + "| \(percent(figure.share(figure.coveredByPooling))) "
                         + "| \(percent(figure.share(figure.coveredOrWarned))) "
                         + "| \(SummaryTable.fixed(figure.meanRelativeError * 100, 1)) % |")
        }
        return lines.joined(separator: "\n")
    }

    private func percent(_ share: Double) -> String { SummaryTable.fixed(share * 100, 1) + " %" }
}
