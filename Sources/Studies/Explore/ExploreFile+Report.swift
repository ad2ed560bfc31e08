import PaymentWorld
import Reporting

/// report.html beside explore.json: the verdict, the failing seeds by invariant with the command
/// that replays each, and the state coverage the seeds reached together. Built from the file's
/// own fields, so an explore and a merge of its shards render the same page (but wall time).
extension ExploreFile {
    /// The most failing seeds listed in the table: a night of seeds may fail thousands of times,
    /// and explore.json keeps them all; the page stays small enough to open.
    public static let listedFailures = 100

    public var html: String {
        var report = HTMLReport(title: "Explore: \(header.scenarioName)", subtitle: subtitle)
        report.addSection("Summary", [.keyFigures(keyFigures)] + notes.map { .note($0) })
        if !failures.isEmpty {
            report.addSection("Failures", [
                .chart(groupsChart, caption: "Failing seeds per invariant, in the order each invariant first broke."),
                .table(failureTable),
            ] + (failures.count > Self.listedFailures
                ? [.note("The first \(Self.listedFailures) of \(failures.count) failing seeds; explore.json lists them all.")]
                : []))
        }
        let used = coverage.machines.filter(\.isUsed)
        if !used.isEmpty {
            report.addSection("State coverage", [
                .chart(coverageChart(used), caption: "(state, event) pairs of each lifecycle's table reached by any seed. "
                       + "Pairs never reached include those the table forbids."),
                .table(coverageTable(used)),
                .stateEventGrids(StateEventGrid.grids(fromCoverage: CoverageReport.json(coverage))),
            ])
        }
        return report.render()
    }

    public var subtitle: [String] {
        let seeds = "\(header.seeds.lowerBound)..\(header.seeds.upperBound)"
        var flags = header.scheduling + (header.swarm ? ["--swarm"] : [])
        flags += header.overrides.flatMap { ["--set", $0] }
        var lines = ["scenario=\(header.scenarioFile)  seeds=\(seeds)  paystorm \(header.paystorm)"]
        if let shard { lines.append("shard \(shard.index)/\(shard.count) of the seeds") }
        if !flags.isEmpty { lines.append(flags.joined(separator: " ")) }
        return lines
    }

    public var keyFigures: [KeyFigure] {
        let safety = failures.filter { !$0.isLiveness }.count
        return [
            KeyFigure(label: "verdict", value: failures.isEmpty ? "passed" : "FAILED", detail: "exit \(status.rawValue)",
                      tone: failures.isEmpty ? .good : .bad),
            KeyFigure(label: "seeds explored", value: SummaryTable.grouped(UInt64(ran)),
                      detail: "of \(SummaryTable.grouped(header.seeds.upperBound - header.seeds.lowerBound &+ 1))"),
            KeyFigure(label: "failing seeds", value: SummaryTable.grouped(UInt64(failures.count)),
                      detail: "\(safety) safety, \(failures.count - safety) liveness", tone: failures.isEmpty ? .neutral : .bad),
            KeyFigure(label: "invariants broken", value: "\(groups.count)"),
            KeyFigure(label: "wall time", value: "\(SummaryTable.fixed(wallSeconds, 1)) s"),
        ]
    }

    public var notes: [String] {
        interrupted ? ["Interrupted: only the seeds that ran are counted; run the rest of the range to finish."] : []
    }

    public var groupsChart: BarChart {
        var chart = BarChart(title: "Failing seeds per invariant", categoryAxis: ChartAxis("invariant"),
                             valueAxis: ChartAxis("seeds"), categories: groups.map(\.invariant),
                             series: [BarSeries(name: "failing seeds", values: groups.map { Double($0.seeds) }, colorIndex: 1)],
                             plotHeight: 200)  // Usually one or two bars: a full-height plot would be mostly empty.
        chart.wholeNumbers = true
        return chart
    }

    public var failureTable: HTMLTable {
        HTMLTable(columns: [HTMLTable.Column("seed", alignment: .right), HTMLTable.Column("invariant"),
                            HTMLTable.Column("kind"), HTMLTable.Column("detail"), HTMLTable.Column("replay")],
                  rows: failures.prefix(Self.listedFailures).map { failure in
                      ["\(failure.seed)", failure.invariant, failure.isLiveness ? "liveness" : "safety",
                       failure.detail + (failure.faults.isEmpty ? "" : "; faults: \(failure.faults)"), failure.replay]
                  })
    }

    public func coverageChart(_ used: [StateCoverage.Machine]) -> BarChart {
        var chart = BarChart(title: "State coverage per lifecycle", categoryAxis: ChartAxis("lifecycle"),
                 valueAxis: ChartAxis("(state, event) pairs"), categories: used.map(\.lifecycle),
                 series: [BarSeries(name: "reached", values: used.map { Double($0.reached) }, colorIndex: 2),
                          BarSeries(name: "never reached", values: used.map { Double($0.pairs - $0.reached) }, colorIndex: 6)],
                 layout: .stacked)
        chart.wholeNumbers = true
        return chart
    }

    public func coverageTable(_ used: [StateCoverage.Machine]) -> HTMLTable {
        HTMLTable(columns: ["lifecycle", "reached", "pairs", "share", "rejected as illegal"],
                  rows: used.map { machine in
                      ["\(machine.lifecycle)", "\(machine.reached)", "\(machine.pairs)",
                       SummaryTable.percent(Double(machine.reached) / Double(max(1, machine.pairs))),
                       "\(machine.rejected.filter { $0 > 0 }.count)"]
                  })
    }
}
