import Foundation
import Reporting
import Scenarios
import SimulationKernel

/// Writing a sweep's files, and reading shard files back for `paystorm report`.
public enum SweepFiles {
    public static func planJSON(_ plan: SweepPlan) -> JSONOutput {
        .object([
            ("base_seed", .unsigned(plan.baseSeed)), ("replications", .integer(Int64(plan.replications))),
            ("axes", .array(plan.axes.map { .object([("path", .string($0.path)), ("values", .array($0.values.map { .string($0) }))]) })),
        ])
    }

    /// A shard file: the sweep it belongs to (scenario, its effective settings, the command and
    /// the plan, which `report` compares across shards) and the runs it did.
    public static func shard(plan: SweepPlan, scenario: Scenario, command: String, samples: [SweepSample],
                             digest: String) -> String {
        JSONOutput.object([
            ("kind", .string("paystorm-sweep-shard")), ("scenario", .string(scenario.name)),
            ("scenario_digest", .string(digest)),
            ("settings", .array(scenario.effectiveOptions.map { .string("\($0.path)=\($0.value)") })),
            ("command", .string(command)), ("plan", planJSON(plan)), ("samples", .array(samples.map(\.json))),
        ]).serialized(pretty: false) + "\n"
    }

    /// What writing a sweep's files came to.
    public enum Written {
        /// The files, and the table of points the command prints.
        case files(paths: [String], table: String, pointsWritten: Int)
        /// Stopped before any point finished its replications: nothing was written.
        case nothingFinished
    }

    /// Analyses samples and writes sweep.json, sweep.csv and report.html.
    ///
    /// - Parameter interrupted: the sweep stopped early (Ctrl-C, SIGTERM): the files hold the points
    ///   whose replications all finished, marked interrupted.
    /// - Parameter pooled: each point's latency over all its replications pooled (empty for merged
    ///   shards, which keep no histograms): with it latency intervals come from sectioning, and the
    ///   sweep warns, on stdout and in its files, when replications are too short for them.
    /// - Throws: ``InputError`` when the samples do not make a whole sweep, ``WriteError`` when a
    ///   file cannot be written.
    public static func write(plan: SweepPlan, samples: [SweepSample], scenario: String, command: String, directory: String,
                             seconds: Double?, interrupted: Bool = false, pooled: [Int: SweepSample.Latency] = [:],
                             lifecycles: Int? = nil) throws -> Written {
        guard interrupted || samples.count == plan.items.count else {
            throw InputError("paystorm: the sweep has \(samples.count) of \(plan.items.count) runs; every point needs its replications")
        }
        guard let analysis = SweepAnalysis(plan: plan, samples: samples, pooledLatency: pooled,
                                           skippingIncompletePoints: interrupted) else {
            throw InputError("paystorm: the sweep's runs disagree on their stations or points; they come from different scenarios")
        }
        if interrupted && analysis.points.isEmpty { return .nothingFinished }
        let warnings = ReplicationLengthWarning(analysis).map { [$0.text(lifecycles: lifecycles)] } ?? []
        let files = [
            (name: "sweep.json",
             text: SweepOutputs.json(analysis, scenario: scenario, interrupted: interrupted, warnings: warnings).serialized() + "\n"),
            (name: "sweep.csv", text: SweepOutputs.csv(analysis)),
            (name: "report.html",
             text: SweepReport.html(analysis, scenario: scenario, command: command, interrupted: interrupted, warnings: warnings)),
        ]
        let paths = try ResultSet.write(files, into: directory, command: command, identity: [
            ("base_seed", .unsigned(plan.baseSeed)), ("runs", .integer(Int64(samples.count))), ("interrupted", .bool(interrupted)),
        ])
        var lines = [""]
        lines.append("offered/s   achieved/s   success     p50 ms     p99 ms  (± 95 % CI)   busiest")
        let timeVarying = samples.contains(where: \.timeVarying)
        for point in analysis.points.sorted(by: { $0.offered < $1.offered }) {
            // Under a ramp or spike, the busiest second's utilization and the first station to fill.
            let utilization = { (station: SweepAnalysis.StationFigures) in station.peakUtilization ?? station.utilization.estimate }
            let busiest = point.stations.max { utilization($0) < utilization($1) }
            let first = timeVarying ? "; " + (point.saturation.map {
                "first saturated: \($0.first.station) at \(SummaryTable.fixed($0.first.seconds, 1)) s "
                    + "(\($0.replications) of \(plan.replications))"
            } ?? "none saturated") : ""
            lines.append([
                SummaryTable.fixed(point.offered, 1).leftPadded(9), SummaryTable.fixed(point.achieved.estimate, 1).leftPadded(12),
                SummaryTable.percent(point.successRate.estimate).leftPadded(9),
                SummaryTable.fixed(point.latencyP50.estimate, 1).leftPadded(10),
                SummaryTable.fixed(point.latencyP99.estimate, 1).leftPadded(10),
                ("± " + (point.latencyP99.halfWidth95.isFinite ? SummaryTable.fixed(point.latencyP99.halfWidth95, 1) : "–")).leftPadded(12),
                "  " + (busiest.map { "\($0.name) \(SummaryTable.fixed(utilization($0), 2))" } ?? "") + first,
            ].joined(separator: " "))
        }
        if samples.first?.kneeByStations == true {
            lines.append("latency is system time (queues, service, network, timeouts), without people's time; "
                         + (timeVarying ? "offered/s is the arrivals' peak rate; utilization is the busiest second's, saturated at "
                            + "\(SummaryTable.fixed(FirstSaturation.threshold, 2)) in a second"
                            : "utilization is over the window from the warm-up to the last arrival"))
        }
        lines += warnings
        if let knee = analysis.knee { lines.append("\n" + knee.summaryLine) }
        if let seconds { lines.append("\(samples.count) runs in \(SummaryTable.fixed(seconds, 1)) wall s") }
        lines.append("files: " + paths.joined(separator: ", "))
        return .files(paths: paths, table: lines.joined(separator: "\n"), pointsWritten: analysis.points.count)
    }
}
