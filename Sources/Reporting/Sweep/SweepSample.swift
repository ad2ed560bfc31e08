import SimulationKernel

/// One replication of one sweep point: what a capacity sweep keeps of a run. Exact enough to
/// be written by one shard and merged by another with the same result (histograms are kept
/// bucket by bucket).
public struct SweepSample: Sendable {
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

        public init(name: String, servers: Int, utilization: Double, meanWait: Double, probabilityWaited: Double,
                    arrivalRate: Double, exponentialServiceMean: Double?, abandoned: UInt64) {
            self.name = name
            self.servers = servers
            self.utilization = utilization
            self.meanWait = meanWait
            self.probabilityWaited = probabilityWaited
            self.arrivalRate = arrivalRate
            self.exponentialServiceMean = exponentialServiceMean
            self.abandoned = abandoned
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
    public var latency: LatencyHistogram
    public var stations: [Station]
    /// Whether arrivals were Poisson (a condition for the Erlang C comparison).
    public var poissonArrivals: Bool

    public init(point: Int, replication: Int, seed: UInt64, offered: Double, achieved: Double, successRate: Double,
                latency: LatencyHistogram, stations: [Station], poissonArrivals: Bool) {
        self.point = point
        self.replication = replication
        self.seed = seed
        self.offered = offered
        self.achieved = achieved
        self.successRate = successRate
        self.latency = latency
        self.stations = stations
        self.poissonArrivals = poissonArrivals
    }

    /// The sample as JSON, for shard files.
    public var json: JSONOutput {
        let snapshot = latency.snapshot
        return .object([
            ("point", .integer(Int64(point))), ("replication", .integer(Int64(replication))), ("seed", .unsigned(seed)),
            ("offered", .number(offered)), ("achieved", .number(achieved)), ("success_rate", .number(successRate)),
            ("poisson_arrivals", .bool(poissonArrivals)),
            ("latency", .object([
                ("count", .unsigned(snapshot.count)), ("sum", .string(String(snapshot.sum))),
                ("min", .integer(snapshot.min)), ("max", .integer(snapshot.max)),
                ("buckets", .array(snapshot.buckets.map { .array([.integer(Int64($0.index)), .unsigned($0.count)]) })),
            ])),
            ("stations", .array(stations.map { station in
                .object([
                    ("name", .string(station.name)), ("servers", .integer(Int64(station.servers))),
                    ("utilization", .number(station.utilization)), ("mean_wait", .number(station.meanWait)),
                    ("probability_waited", .number(station.probabilityWaited)),
                    ("arrival_rate", .number(station.arrivalRate)),
                    ("exponential_service_mean", station.exponentialServiceMean.map { .number($0) } ?? .null),
                    ("abandoned", .unsigned(station.abandoned)),
                ])
            })),
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
