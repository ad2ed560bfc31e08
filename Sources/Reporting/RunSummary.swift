import SimulationKernel

/// What a run reports, in domain-free terms: outcomes by name, a latency histogram, stations.
/// The CLI fills it from whichever world ran; this module turns it into `summary.json`, a table
/// and CSV.
public struct RunSummary: Sendable {
    public struct Station: Sendable {
        public var name: String
        public var servers: Int
        public var utilization: Double
        public var queueingDelay: LatencyHistogram
        public var arrivals: UInt64
        public var rejected: UInt64
        public var abandoned: UInt64
        /// Seconds the figures cover (the measurement window).
        public var measuredSeconds: Double
        /// The time-average number waiting for a server over those seconds (L in Little's law).
        public var meanQueueLength: Double
        /// The mean service time in seconds when service is exponential (an M/M/c station), else nil.
        public var exponentialServiceMean: Double?

        public init(name: String, servers: Int, utilization: Double, queueingDelay: LatencyHistogram,
                    arrivals: UInt64, rejected: UInt64, abandoned: UInt64, measuredSeconds: Double = 0,
                    meanQueueLength: Double = 0, exponentialServiceMean: Double? = nil) {
            self.name = name
            self.servers = servers
            self.utilization = utilization
            self.queueingDelay = queueingDelay
            self.arrivals = arrivals
            self.rejected = rejected
            self.abandoned = abandoned
            self.measuredSeconds = measuredSeconds
            self.meanQueueLength = meanQueueLength
            self.exponentialServiceMean = exponentialServiceMean
        }

        /// Arrivals per second over the measured seconds (λ).
        public var arrivalRate: Double { measuredSeconds > 0 ? Double(arrivals) / measuredSeconds : 0 }

        /// L / (λW): 1 when the station's own figures agree with Little's law; nil without waits.
        public var littleRatio: Double? {
            let lambdaW = arrivalRate * queueingDelay.mean / 1e9
            guard lambdaW > 0 else { return nil }
            return meanQueueLength / lambdaW
        }

        /// Erlang C's mean wait for an M/M/c station with the measured arrival rate and the
        /// configured service, in seconds; nil unless service is exponential and the station stable.
        public var erlangCWait: Double? {
            guard let mean = exponentialServiceMean, mean > 0, arrivalRate > 0 else { return nil }
            let station = MMcStation(arrivalRate: arrivalRate, serviceRate: 1 / mean, servers: servers)
            return station.isStable ? station.meanWait : nil
        }
    }

    /// One SLO threshold and how the run did against it.
    public struct Objective: Sendable {
        public var metric: String
        public var threshold: String
        public var actual: Double
        public var passed: Bool

        public init(metric: String, threshold: String, actual: Double, passed: Bool) {
            self.metric = metric
            self.threshold = threshold
            self.actual = actual
            self.passed = passed
        }
    }

    /// One flow's line in the summary table.
    public struct Flow: Sendable {
        public var name: String
        public var completed: UInt64
        public var successRate: Double
        public var latency: LatencyHistogram
        /// The most frequent failure outcomes, most frequent first.
        public var topFailures: [(name: String, count: UInt64)]
        /// Latency less people's time (worlds that tell them apart), and people's time.
        public var systemLatency: LatencyHistogram?
        public var peopleLatency: LatencyHistogram?

        public init(name: String, completed: UInt64, successRate: Double, latency: LatencyHistogram,
                    topFailures: [(name: String, count: UInt64)]) {
            self.name = name
            self.completed = completed
            self.successRate = successRate
            self.latency = latency
            self.topFailures = topFailures
        }
    }

    /// Per-flow lines for the table (empty for single-flow worlds).
    public var flows: [Flow] = []
    public var scenario: String
    public var scenarioFile: String
    public var seed: UInt64
    public var strategy: String
    public var lanes: String
    public var traceHash: UInt64
    public var steps: UInt64
    public var completed: UInt64
    public var outcomes: [(name: String, count: UInt64)]
    /// The outcomes that count as success, for `success_rate`.
    public var successOutcomes: [String]
    public var latency: LatencyHistogram
    /// Every flow's system time merged, in worlds that tell it from people's time.
    public var systemLatency: LatencyHistogram?
    public var simulatedSeconds: Double
    public var wallSeconds: Double
    public var violations: UInt64
    public var stations: [Station]
    public var objectives: [Objective] = []
    public var interrupted = false
    public var endReason: String
    /// World-specific figures, appended to the JSON as they are.
    public var extra: [(String, JSONOutput)] = []
    /// Extra sections for the printed table, each a heading and its lines (e.g. state coverage).
    public var sections: [(heading: String, lines: [String])] = []

    public init(scenario: String, scenarioFile: String, seed: UInt64, strategy: String, lanes: String,
                traceHash: UInt64, steps: UInt64, completed: UInt64, outcomes: [(name: String, count: UInt64)],
                successOutcomes: [String], latency: LatencyHistogram, simulatedSeconds: Double, wallSeconds: Double,
                violations: UInt64, stations: [Station], endReason: String) {
        self.scenario = scenario
        self.scenarioFile = scenarioFile
        self.seed = seed
        self.strategy = strategy
        self.lanes = lanes
        self.traceHash = traceHash
        self.steps = steps
        self.completed = completed
        self.outcomes = outcomes
        self.successOutcomes = successOutcomes
        self.latency = latency
        self.simulatedSeconds = simulatedSeconds
        self.wallSeconds = wallSeconds
        self.violations = violations
        self.stations = stations
        self.endReason = endReason
    }

    /// The success share of the measured lifecycles (those the outcomes count: after warm-up).
    public var successRate: Double {
        let measured = outcomes.reduce(0) { $0 + $1.count }
        guard measured > 0 else { return 0 }
        let succeeded = outcomes.filter { successOutcomes.contains($0.name) }.reduce(0) { $0 + $1.count }
        return Double(succeeded) / Double(measured)
    }

    public var completedPerWallSecond: Double { wallSeconds > 0 ? Double(completed) / wallSeconds : 0 }

    /// A metric by its summary name, for SLO thresholds; nil for an unknown name.
    public func metric(_ name: String) -> Double? {
        if name.hasPrefix("flows.") {
            let parts = name.split(separator: ".").map(String.init)
            guard parts.count == 3, let flow = flows.first(where: { $0.name == parts[1] }) else { return nil }
            // No payment measured: no figure, which meets no threshold (not a latency of 0).
            if flow.latency.count == 0 && parts[2] != "completed" { return .nan }
            switch parts[2] {
            case "system_ms_p50": return flow.systemLatency.map { Self.milliseconds($0.percentile(0.5)) }
            case "system_ms_p99": return flow.systemLatency.map { Self.milliseconds($0.percentile(0.99)) }
            case "latency_ms_p50": return Self.milliseconds(flow.latency.percentile(0.5))
            case "latency_ms_p99": return Self.milliseconds(flow.latency.percentile(0.99))
            case "latency_ms_max": return Self.milliseconds(flow.latency.max)
            case "success_rate": return flow.successRate
            case "completed": return Double(flow.completed)
            default: return nil
            }
        }
        if latency.count == 0 && (name.hasPrefix("latency_ms_") || name.hasPrefix("system_ms_") || name == "success_rate") { return .nan }
        let value: Double? = switch name {
        case "system_ms_p50": systemLatency.map { Self.milliseconds($0.percentile(0.5)) } ?? .nan
        case "system_ms_p99": systemLatency.map { Self.milliseconds($0.percentile(0.99)) } ?? .nan
        case "latency_ms_mean": latency.mean / 1e6
        case "latency_ms_p50": Self.milliseconds(latency.percentile(0.50))
        case "latency_ms_p90": Self.milliseconds(latency.percentile(0.90))
        case "latency_ms_p99": Self.milliseconds(latency.percentile(0.99))
        case "latency_ms_p999": Self.milliseconds(latency.percentile(0.999))
        case "latency_ms_max": Self.milliseconds(latency.max)
        case "success_rate": successRate
        case "violations": Double(violations)
        case "completed": Double(completed)
        default: nil
        }
        return value
    }

    /// The latency object of `summary.json`: milliseconds, rounded to microseconds.
    public static func latencyJSON(_ histogram: LatencyHistogram) -> JSONOutput {
        .object([
            ("count", .unsigned(histogram.count)),
            ("mean", .number(rounded(histogram.mean / 1e6))),
            ("p50", .number(rounded(milliseconds(histogram.percentile(0.50))))),
            ("p90", .number(rounded(milliseconds(histogram.percentile(0.90))))),
            ("p99", .number(rounded(milliseconds(histogram.percentile(0.99))))),
            ("p999", .number(rounded(milliseconds(histogram.percentile(0.999))))),
            ("max", .number(rounded(milliseconds(histogram.max)))),
        ])
    }

    public func json() -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("scenario", .string(scenario)),
            ("scenario_file", .string(scenarioFile)),
            ("seed", .unsigned(seed)),
            ("strategy", .string(strategy)),
            ("lanes", .string(lanes)),
            ("trace_hash", .string(Trace.hex(traceHash))),
            ("steps", .unsigned(steps)),
            ("completed", .unsigned(completed)),
            ("outcomes", .object(outcomes.map { ($0.name, .unsigned($0.count)) })),
            ("success_rate", .number(successRate)),
            ("latency_ms", Self.latencyJSON(latency)),
            ("system_ms", systemLatency.map(Self.latencyJSON) ?? .null),
            ("simulated_seconds", .number(Self.rounded(simulatedSeconds))),
            ("wall_seconds", .number(Self.rounded(wallSeconds))),
            ("completed_per_wall_second", .number(completedPerWallSecond.rounded())),
            ("violations", .unsigned(violations)),
            ("interrupted", .bool(interrupted)),
            ("end", .string(endReason)),
            ("stations", .object(stations.map { station in
                (station.name, .object([
                    ("servers", .integer(Int64(station.servers))),
                    ("utilization", .number(Self.rounded(station.utilization))),
                    ("queueing_delay_ms", Self.latencyJSON(station.queueingDelay)),
                    ("arrivals", .unsigned(station.arrivals)),
                    ("rejected", .unsigned(station.rejected)),
                    ("abandoned", .unsigned(station.abandoned)),
                    ("measured_s", .number(station.measuredSeconds)),
                    ("arrival_rate_per_s", .number(station.arrivalRate)),
                    ("mean_queue_length", .number(station.meanQueueLength)),
                    ("little_l_over_lambda_w", station.littleRatio.map { .number($0) } ?? .null),
                    ("erlang_c_wait_ms", station.erlangCWait.map { .number($0 * 1_000) } ?? .null),
                ]))
            })),
            ("slo", .array(objectives.map { objective in
                .object([
                    ("metric", .string(objective.metric)),
                    ("threshold", .string(objective.threshold)),
                    ("actual", .number(objective.actual)),
                    ("passed", .bool(objective.passed)),
                ])
            })),
        ]
        members += extra
        return .object(members)
    }

    public static func milliseconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e6 }
    /// Six decimals: enough for microseconds in milliseconds, short enough to read.
    public static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}
