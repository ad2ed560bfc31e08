import SimulationKernel

/// sweep.json, sweep.csv and report.html from a sweep's analysis. Nothing here depends on how
/// the samples were produced (one process or merged shards), so both give the same files.
public enum SweepOutputs {
    /// `estimate` is the pooled figure under sectioning, the replications' mean otherwise; both
    /// are there, with the method, so a reader can see what pooling changed.
    static func interval(_ summary: PooledInterval, _ digits: Int = 6) -> JSONOutput {
        let round = { (value: Double) -> Double in
            guard value.isFinite else { return value }
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            return (value * scale).rounded() / scale
        }
        return .object([("estimate", .number(round(summary.estimate))), ("ci95_low", .number(round(summary.lower))),
                        ("ci95_high", .number(round(summary.upper))), ("n", .integer(Int64(summary.count))),
                        ("replications_mean", .number(round(summary.sectionMean))), ("method", .string(summary.method.rawValue))])
    }

    /// - Parameter interrupted: the sweep was stopped early; `points` holds the points whose
    ///   replications all finished.
    /// - Parameter warnings: the sweep's warnings (replications too short), as printed.
    public static func json(_ analysis: SweepAnalysis, scenario: String, interrupted: Bool = false,
                            warnings: [String] = []) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("scenario", .string(scenario)),
            ("interrupted", .bool(interrupted)),
            ("warnings", .array(warnings.map { .string($0) })),
            ("base_seed", .unsigned(analysis.plan.baseSeed)),
            ("replications", .integer(Int64(analysis.plan.replications))),
            ("axes", .array(analysis.plan.axes.map { axis in
                .object([("path", .string(axis.path)), ("values", .array(axis.values.map { .string($0) }))])
            })),
            ("points", .array(analysis.points.map(point))),
        ]
        if let knee = analysis.knee {
            members.append(("knee", .object([
                ("summary", .string(knee.summaryLine)),
                ("offered", knee.knee.map { .number(($0.offeredLoad * 10).rounded() / 10) } ?? .null),
                ("binding", knee.knee.map { .string($0.bindingActor.name) } ?? .null),
            ])))
        }
        return .object(members)
    }

    static func point(_ point: SweepAnalysis.Point) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("settings", .object(point.settings.map { ($0.path, .string($0.value)) })),
            ("offered_per_s", .number(point.offered)),
            ("achieved_per_s", interval(point.achieved, 3)),
            ("success_rate", interval(point.successRate)),
            ("latency_ms_mean", interval(point.latencyMean, 3)),
            ("latency_ms_p50", interval(point.latencyP50, 3)),
            ("latency_ms_p90", interval(point.latencyP90, 3)),
            ("latency_ms_p99", interval(point.latencyP99, 3)),
            ("stations", .object(point.stations.map { station in
                var fields: [(String, JSONOutput)] = [
                    ("servers", .integer(Int64(station.servers))),
                    ("utilization", interval(station.utilization)),
                    ("queueing_delay_ms_mean", interval(station.meanWaitMilliseconds, 3)),
                    ("probability_waited", interval(station.probabilityWaited)),
                ]
                if let peak = station.peakUtilization { fields.append(("peak_utilization", .number(peak))) }
                if let erlang = station.erlang {
                    fields.append(("erlang_c", .object([
                        ("arrival_rate", .number((erlang.arrivalRate * 1_000).rounded() / 1_000)),
                        ("utilization", .number(erlang.utilization)),
                        ("probability_of_waiting", erlang.probabilityOfWaiting.map { .number($0) } ?? .null),
                        ("mean_wait_ms", .number(erlang.meanWait * 1_000)),
                        ("mean_response_ms", .number(erlang.meanResponse * 1_000)),
                        ("mean_wait_difference_ms", .number(station.meanWaitMilliseconds.estimate - erlang.meanWait * 1_000)),
                        ("approximate", .bool(station.approximate)),
                    ])))
                }
                return (station.name, .object(fields))
            })),
        ]
        // Time-varying arrivals only: the earliest second a station ran out of servers.
        if point.stations.contains(where: { $0.peakUtilization != nil }) {
            members.append(("first_saturation", point.saturation.map { saturation in
                .object([("station", .string(saturation.first.station)), ("t_seconds", .number(saturation.first.seconds)),
                         ("utilization", .number(saturation.first.utilization)),
                         ("replications", .integer(Int64(saturation.replications)))])
            } ?? .null))
        }
        return .object(members)
    }

    public static func csv(_ analysis: SweepAnalysis) -> String {
        let stations = analysis.points.first?.stations.map(\.name) ?? []
        var header = analysis.plan.axes.map(\.path) + ["offered_per_s", "achieved_per_s", "achieved_ci95", "success_rate",
                                                       "latency_ms_mean", "latency_ms_p50", "latency_ms_p90",
                                                       "latency_ms_p99", "latency_ms_p99_ci95"]
        header += stations.flatMap { ["\($0)_utilization", "\($0)_wait_ms", "\($0)_erlang_wait_ms"] }
        // Under a ramp, spike or profile: each station's busiest second, and the first to saturate.
        let peaks = analysis.points.contains { $0.stations.contains { $0.peakUtilization != nil } }
        if peaks { header += stations.map { "\($0)_peak_utilization" } + ["first_saturated", "first_saturated_t_seconds"] }
        var lines = [header.joined(separator: ",")]
        for point in analysis.points {
            var row = point.settings.map(\.value)
            row += [format(point.offered), format(point.achieved.estimate), format(point.achieved.halfWidth95),
                    format(point.successRate.estimate), format(point.latencyMean.estimate), format(point.latencyP50.estimate),
                    format(point.latencyP90.estimate), format(point.latencyP99.estimate), format(point.latencyP99.halfWidth95)]
            for station in point.stations {
                row += [format(station.utilization.estimate), format(station.meanWaitMilliseconds.estimate),
                        station.erlang.map { format($0.meanWait * 1_000) } ?? ""]
            }
            if peaks {
                row += point.stations.map { $0.peakUtilization.map(format) ?? "" }
                row += [point.saturation?.first.station ?? "", point.saturation.map { format($0.first.seconds) } ?? ""]
            }
            lines.append(row.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func format(_ value: Double) -> String {
        value.isFinite ? SummaryTable.fixed(value, 4) : (value > 0 ? "inf" : "nan")
    }
}

