import SimulationKernel

/// report.html for one run: the verdict and key figures, throughput, success and latency over
/// virtual time, the latency distribution, flows, stations, SLOs and the world's own sections
/// (invariants, state coverage). Built only from the summary and the run's timeline.
public enum RunReport {
    public static func html(_ summary: RunSummary, timeline: RunTimeline, verdict: RunVerdict, replay: String) -> String {
        var report = HTMLReport(
            title: "Run: \(summary.scenario)",
            subtitle: ["scenario=\(summary.scenarioFile)  seed=\(summary.seed)  strategy=\(summary.strategy)"
                       + "  lanes=\(summary.lanes)  trace=\(Trace.hex(summary.traceHash))", "replay: \(replay)"])
        report.addSection("Summary", [.keyFigures(keyFigures(summary, verdict: verdict)), .table(outcomeTable(summary))])
        let timeline = Timeline(timeline, end: summary.simulatedSeconds)
        if !timeline.points.isEmpty {
            report.addSection("Over virtual time", [
                .chart(timeline.throughputChart(), caption: timeline.caption),
                .chart(timeline.successChart()),
                .chart(timeline.latencyChart()),
            ])
        }
        report.addSection("Latency distribution", latencyBlocks(summary.latency))
        if !summary.flows.isEmpty {
            report.addSection("Flows", [.chart(flowChart(summary.flows)), .table(flowTable(summary.flows))])
        }
        if !summary.stations.isEmpty { report.addSection("Stations", [.table(stationTable(summary.stations))]) }
        if !summary.objectives.isEmpty { report.addSection("SLOs", [.table(objectiveTable(summary.objectives))]) }
        for section in summary.sections {
            report.addSection(capitalized(section.heading), sectionBlocks(section, extra: summary.extra))
        }
        return report.render()
    }

    static func keyFigures(_ summary: RunSummary, verdict: RunVerdict) -> [KeyFigure] {
        [
            KeyFigure(label: "verdict", value: verdict.passed ? "passed" : "FAILED",
                      detail: (verdict.passed ? "" : verdict.headline + "; ") + "exit \(verdict.exitStatus)",
                      tone: verdict.passed ? .good : .bad),
            KeyFigure(label: "completed", value: SummaryTable.grouped(summary.completed),
                      detail: "in \(number(summary.simulatedSeconds, 1)) simulated s"),
            KeyFigure(label: "success rate", value: SummaryTable.percent(summary.successRate), detail: "after warm-up"),
            KeyFigure(label: "latency p99", value: duration(summary.latency.percentile(0.99)),
                      detail: "p50 \(duration(summary.latency.percentile(0.5)))"),
            KeyFigure(label: "wall time", value: "\(number(summary.wallSeconds, 2)) s",
                      detail: "\(SummaryTable.grouped(UInt64(summary.completedPerWallSecond))) per wall s"),
            KeyFigure(label: "seed", value: "\(summary.seed)", detail: "strategy \(summary.strategy)"),
            KeyFigure(label: "steps", value: SummaryTable.grouped(summary.steps),
                      detail: "trace hash \(Trace.hex(summary.traceHash))"),
            KeyFigure(label: "violations", value: "\(summary.violations)", tone: summary.violations > 0 ? .bad : .neutral),
        ]
    }

    /// A number with fixed decimals, or "–" where there is none (never "nan" or "inf").
    static func number(_ value: Double, _ digits: Int) -> String {
        value.isFinite ? SummaryTable.fixed(value, digits) : "–"
    }

    static func milliseconds(_ nanoseconds: Int64) -> String { SummaryTable.ms(nanoseconds) }

    /// "412.1 ms" below a second, "153.0 s" above: for cards, where "153008.2 ms" is hard to read.
    static func duration(_ nanoseconds: Int64) -> String {
        nanoseconds < 1_000_000_000 ? "\(SummaryTable.ms(nanoseconds)) ms" : "\(number(Double(nanoseconds) / 1e9, 1)) s"
    }

    static func capitalized(_ heading: String) -> String { heading.prefix(1).uppercased() + heading.dropFirst() }
}
