import SimulationKernel

extension RunReport {
    /// p50 and p99 per flow, side by side; on a log axis when the flows are decades apart.
    static func flowChart(_ flows: [RunSummary.Flow]) -> BarChart {
        let p50 = flows.map { Double($0.latency.percentile(0.5)) / 1e6 }
        let p99 = flows.map { Double($0.latency.percentile(0.99)) / 1e6 }
        let positive = (p50 + p99).filter { $0 > 0 }
        var chart = BarChart(title: "Latency per flow", categoryAxis: ChartAxis("flow"),
                             valueAxis: ChartAxis("latency", unit: "ms"), categories: flows.map(\.name),
                             series: [BarSeries(name: "p50", values: p50, colorIndex: 0),
                                      BarSeries(name: "p99", values: p99, colorIndex: 1)],
                             layout: .grouped)
        if (positive.max() ?? 1) / max(positive.min() ?? 1, 1e-9) > 30 { chart.valueScale = .logarithmic }
        return chart
    }

    static func flowTable(_ flows: [RunSummary.Flow]) -> HTMLTable {
        HTMLTable(
            caption: "Per flow; success and failure codes count the measured payments (after warm-up)",
            columns: [HTMLTable.Column("flow"), HTMLTable.Column("completed"), HTMLTable.Column("success"),
                      HTMLTable.Column("p50 ms"), HTMLTable.Column("p99 ms"),
                      HTMLTable.Column("top failure codes", alignment: .left)],
            rows: flows.map { flow in
                let failures = flow.topFailures.prefix(3).map { "\($0.name) ×\(SummaryTable.grouped($0.count))" }
                return [flow.name, SummaryTable.grouped(flow.completed), SummaryTable.percent(flow.successRate),
                        milliseconds(flow.latency.percentile(0.5)), milliseconds(flow.latency.percentile(0.99)),
                        failures.isEmpty ? "–" : failures.joined(separator: ", ")]
            })
    }
}
