import SimulationKernel

/// One reporting interval of a run: a row of metrics.csv.
public struct IntervalRow: Sendable {
    public var end: SimTime
    public var seconds: Double
    public var completed: UInt64
    public var succeeded: UInt64
    public var inFlight: Int
    /// The interval's latency figures, in nanoseconds (0 when nothing completed). Figures, not
    /// the histogram: rows are kept for the whole run, one per virtual second.
    public var latencyP50: Int64
    public var latencyP99: Int64
    public var latencyMax: Int64
    /// Minor units held on cards at the interval's end: authorizations not yet captured, voided,
    /// reversed or expired (a payments world; 0 for others).
    public var held: Int64 = 0
    /// Each station in this interval, so a ramp or a spike shows when each one saturates.
    public var stations: [StationInterval] = []

    public init(end: SimTime, seconds: Double, completed: UInt64, succeeded: UInt64, inFlight: Int,
                latency: LatencyHistogram) {
        self.end = end
        self.seconds = seconds
        self.completed = completed
        self.succeeded = succeeded
        self.inFlight = inFlight
        latencyP50 = latency.percentile(0.5)
        latencyP99 = latency.percentile(0.99)
        latencyMax = latency.max
    }
}

/// One station's figures over one reporting interval.
public struct StationInterval: Sendable, Hashable {
    public var name: String
    /// Busy server-time over server-time available in the interval.
    public var utilization: Double
    /// Time-average number waiting for a server.
    public var queueLength: Double
    /// Mean wait of the services that started in the interval, milliseconds (0 when none).
    public var meanWaitMilliseconds: Double

    public init(name: String, utilization: Double, queueLength: Double, meanWaitMilliseconds: Double) {
        self.name = name
        self.utilization = utilization
        self.queueLength = queueLength
        self.meanWaitMilliseconds = meanWaitMilliseconds
    }
}

/// The CSV files of a run: plain, one header line, numbers without thousands separators.
public enum CSVReports {
    public static let metricsHeader =
        "t_seconds,completed,throughput_per_s,success_rate,in_flight,latency_ms_p50,latency_ms_p99,latency_ms_max,held_minor_units"

    /// metrics.csv: one row per interval, so a time series can be plotted or diffed.
    /// Worlds with stations add three columns per station: `<station>_utilization`,
    /// `<station>_queue` and `<station>_wait_ms`, named after the stations of the last row (a
    /// station appears once it has had work; earlier rows leave its columns empty).
    public static func metrics(_ rows: [IntervalRow]) -> String {
        let stationNames = rows.last?.stations.map(\.name) ?? []
        var lines = [metricsHeader + stationNames.map { ",\($0)_utilization,\($0)_queue,\($0)_wait_ms" }.joined()]
        for row in rows {
            var cells: [String] = []
            for name in stationNames {
                guard let station = row.stations.first(where: { $0.name == name }) else {
                    cells += ["", "", ""]
                    continue
                }
                cells += [SummaryTable.fixed(station.utilization, 4), SummaryTable.fixed(station.queueLength, 3),
                          SummaryTable.fixed(station.meanWaitMilliseconds, 3)]
            }
            let throughput = row.seconds > 0 ? Double(row.completed) / row.seconds : 0
            let success = row.completed > 0 ? Double(row.succeeded) / Double(row.completed) : 0
            lines.append([
                SummaryTable.fixed(row.end.seconds, 3), "\(row.completed)", SummaryTable.fixed(throughput, 3),
                SummaryTable.fixed(success, 6), "\(row.inFlight)", milliseconds(row.latencyP50),
                milliseconds(row.latencyP99), milliseconds(row.latencyMax), "\(row.held)",
            ].joined(separator: ",") + cells.map { "," + $0 }.joined())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static let latencyHeader = "lower_ms,upper_ms,count,cumulative_fraction"

    /// latency.csv: the histogram's non-empty buckets; merging two runs is adding counts per row.
    public static func latency(_ histogram: LatencyHistogram) -> String {
        var lines = [latencyHeader]
        var seen: UInt64 = 0
        for bucket in histogram.nonEmptyBuckets() {
            seen += bucket.count
            let fraction = histogram.count > 0 ? Double(seen) / Double(histogram.count) : 0
            lines.append("\(milliseconds(bucket.lowerBound)),\(milliseconds(bucket.upperBound)),\(bucket.count),"
                         + SummaryTable.fixed(fraction, 6))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func milliseconds(_ nanoseconds: Int64) -> String { SummaryTable.fixed(Double(nanoseconds) / 1e6, 3) }
}
