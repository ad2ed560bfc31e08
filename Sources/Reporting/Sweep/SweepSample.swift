import SimulationKernel

/// One replication of one sweep point: what a capacity sweep keeps of a run, a few hundred
/// bytes, so that a sweep of 10^5 runs holds its samples in tens of megabytes. Figures are
/// written to shard files exactly (shortest round-trip decimals), so a merged sweep computes what
/// an unsharded one does.
public struct SweepSample: Sendable {
    /// A run's end-to-end latency as the analysis uses it: its count, mean and quantiles.
    public struct Latency: Sendable, Hashable {
        public var count: UInt64
        /// Milliseconds.
        public var mean: Double
        public var p50: Double
        public var p90: Double
        public var p99: Double

        public init(count: UInt64, mean: Double, p50: Double, p90: Double, p99: Double) {
            self.count = count
            self.mean = mean
            self.p50 = p50
            self.p90 = p90
            self.p99 = p99
        }

        public init(_ histogram: LatencyHistogram) {
            let ms = { (value: Int64) in Double(value) / 1e6 }
            self.init(count: histogram.count, mean: histogram.mean / 1e6, p50: ms(histogram.percentile(0.5)),
                      p90: ms(histogram.percentile(0.9)), p99: ms(histogram.percentile(0.99)))
        }
    }

    public struct Station: Sendable {
        public var name: String
        public var servers: Int
        public var utilization: Double
        /// Mean wait for a server, seconds.
        public var meanWait: Double
        /// Share of arrivals that waited for a server.
        public var probabilityWaited: Double
        /// Arrivals per virtual second at this station.
        public var arrivalRate: Double
        /// The mean service time, seconds, when service is exponential; nil otherwise.
        public var exponentialServiceMean: Double?
        public var abandoned: UInt64
        /// Virtual seconds the utilization and arrival rate cover: the weight of this replication's
        /// utilization in the point's pooled one. 0 when unknown (shards of older sweeps).
        public var measuredSeconds: Double
        /// Waits `meanWait` averages: the weight of this replication's mean wait when pooled.
        public var waits: UInt64
        /// The busiest reporting interval's utilization (a virtual second), under time-varying
        /// arrivals (ramp, spike, profile): a spike that fills a station for a minute shows here while
        /// the window's average hides it. Nil for steady arrivals, whose seconds vary by chance alone.
        public var peakUtilization: Double?

        public init(name: String, servers: Int, utilization: Double, meanWait: Double, probabilityWaited: Double,
                    arrivalRate: Double, exponentialServiceMean: Double?, abandoned: UInt64, measuredSeconds: Double = 0,
                    waits: UInt64 = 0, peakUtilization: Double? = nil) {
            self.name = name
            self.servers = servers
            self.utilization = utilization
            self.meanWait = meanWait
            self.probabilityWaited = probabilityWaited
            self.arrivalRate = arrivalRate
            self.exponentialServiceMean = exponentialServiceMean
            self.abandoned = abandoned
            self.measuredSeconds = measuredSeconds
            self.waits = waits
            self.peakUtilization = peakUtilization
        }
    }

    /// The first station that ran out of servers in a reporting interval, and when.
    public struct Saturation: Sendable, Hashable {
        public var station: String
        /// The end of that interval, virtual seconds from the start of the run.
        public var seconds: Double
        /// The station's utilization in that interval.
        public var utilization: Double

        public init(station: String, seconds: Double, utilization: Double) {
            self.station = station
            self.seconds = seconds
            self.utilization = utilization
        }
    }

    public var point: Int
    public var replication: Int
    public var seed: UInt64
    /// Offered load, lifecycles per virtual second.
    public var offered: Double
    /// Completions per virtual second over the measured window.
    public var achieved: Double
    public var successRate: Double
    public var latency: Latency
    public var stations: [Station]
    /// Whether arrivals were Poisson (a condition for the Erlang C comparison).
    public var poissonArrivals: Bool
    /// Whether the knee is found on the stations' windowed utilization (`KneeFinding.analyzeStations`):
    /// the payments world, whose end-to-end latency and throughput include people's time.
    public var kneeByStations: Bool
    /// Under time-varying arrivals, the first station whose interval utilization reached the
    /// saturation threshold; nil when none did or arrivals were steady (see `peakUtilization`).
    public var firstSaturation: Saturation?

    /// Whether the stations carry per-interval peaks: the arrivals were time-varying.
    public var timeVarying: Bool { stations.contains { $0.peakUtilization != nil } }

    public init(point: Int, replication: Int, seed: UInt64, offered: Double, achieved: Double, successRate: Double,
                latency: LatencyHistogram, stations: [Station], poissonArrivals: Bool, kneeByStations: Bool = false) {
        self.init(point: point, replication: replication, seed: seed, offered: offered, achieved: achieved,
                  successRate: successRate, latency: Latency(latency), stations: stations, poissonArrivals: poissonArrivals,
                  kneeByStations: kneeByStations)
    }

    public init(point: Int, replication: Int, seed: UInt64, offered: Double, achieved: Double, successRate: Double,
                latency: Latency, stations: [Station], poissonArrivals: Bool, kneeByStations: Bool = false) {
        self.point = point
        self.replication = replication
        self.seed = seed
        self.offered = offered
        self.achieved = achieved
        self.successRate = successRate
        self.latency = latency
        self.stations = stations
        self.poissonArrivals = poissonArrivals
        self.kneeByStations = kneeByStations
    }

    /// The sample as JSON, for shard files.
    public var json: JSONOutput {
        .object([
            ("point", .integer(Int64(point))), ("replication", .integer(Int64(replication))), ("seed", .unsigned(seed)),
            ("offered", .number(offered)), ("achieved", .number(achieved)), ("success_rate", .number(successRate)),
            ("poisson_arrivals", .bool(poissonArrivals)), ("knee_by_stations", .bool(kneeByStations)),
            ("latency", .object([
                ("count", .unsigned(latency.count)), ("mean_ms", .number(latency.mean)), ("p50_ms", .number(latency.p50)),
                ("p90_ms", .number(latency.p90)), ("p99_ms", .number(latency.p99)),
            ])),
            ("stations", .array(stations.map { station in
                .object([
                    ("name", .string(station.name)), ("servers", .integer(Int64(station.servers))),
                    ("utilization", .number(station.utilization)), ("mean_wait", .number(station.meanWait)),
                    ("probability_waited", .number(station.probabilityWaited)),
                    ("arrival_rate", .number(station.arrivalRate)),
                    ("exponential_service_mean", station.exponentialServiceMean.map { .number($0) } ?? .null),
                    ("abandoned", .unsigned(station.abandoned)),
                    ("measured_seconds", .number(station.measuredSeconds)), ("waits", .unsigned(station.waits)),
                    ("peak_utilization", station.peakUtilization.map { .number($0) } ?? .null),
                ])
            })),
            ("first_saturation", firstSaturation.map { saturation in
                .object([("station", .string(saturation.station)), ("t_seconds", .number(saturation.seconds)),
                         ("utilization", .number(saturation.utilization))])
            } ?? .null),
        ])
    }
}

/// The points of a sweep: the cross product of its axes, first axis slowest.
public struct SweepPlan: Sendable {
    public struct Axis: Sendable {
        public var path: String
        public var values: [String]
        public init(path: String, values: [String]) {
            self.path = path
            self.values = values
        }
    }

    public var axes: [Axis]
    public var replications: Int
    public var baseSeed: UInt64

    public init(axes: [Axis], replications: Int, baseSeed: UInt64) {
        self.axes = axes
        self.replications = replications
        self.baseSeed = baseSeed
    }

    /// Each point's `path=value` settings, in order.
    public var points: [[(path: String, value: String)]] {
        var result: [[(path: String, value: String)]] = [[]]
        for axis in axes {
            result = result.flatMap { prefix in axis.values.map { prefix + [(axis.path, $0)] } }
        }
        return result
    }

    /// Work items: (point, replication) in a fixed order; item i belongs to shard i mod N.
    public var items: [(point: Int, replication: Int)] {
        (0..<points.count).flatMap { point in (0..<replications).map { (point, $0) } }
    }

    /// Replication r's seed, the same at every point (common random numbers: differences between
    /// points come from the load, not from the draws).
    public func seed(replication: Int) -> UInt64 {
        var stream = SimRandom(seed: baseSeed).stream(for: UInt64(replication))
        return stream.next() >> 11  // 53 bits, so it prints and parses exactly everywhere.
    }
}
