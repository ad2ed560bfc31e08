import SimulationKernel

/// The run report's tables: outcomes, stations and SLOs.
extension RunReport {
    static func outcomeTable(_ summary: RunSummary) -> HTMLTable {
        let measured = summary.outcomes.reduce(0) { $0 + $1.count }
        return HTMLTable(caption: "After warm-up", columns: ["outcome", "count", "share"],
                         rows: summary.outcomes.map { outcome in
                             [outcome.name, SummaryTable.grouped(outcome.count),
                              SummaryTable.percent(measured > 0 ? Double(outcome.count) / Double(measured) : 0)]
                         })
    }

    static func stationTable(_ stations: [RunSummary.Station]) -> HTMLTable {
        HTMLTable(
            caption: "Utilization is the busy share of the servers over the run; waits are the queueing delay before service",
            columns: ["station", "servers", "utilization", "arrivals", "wait p50 ms", "wait p99 ms", "rejected", "abandoned"],
            rows: stations.map { station in
                [station.name, "\(station.servers)", SummaryTable.percent(station.utilization),
                 SummaryTable.grouped(station.arrivals), milliseconds(station.queueingDelay.percentile(0.5)),
                 milliseconds(station.queueingDelay.percentile(0.99)), SummaryTable.grouped(station.rejected),
                 SummaryTable.grouped(station.abandoned)]
            })
    }

    static func objectiveTable(_ objectives: [RunSummary.Objective]) -> HTMLTable {
        HTMLTable(columns: [HTMLTable.Column("metric"), HTMLTable.Column("threshold", alignment: .left),
                            HTMLTable.Column("actual"), HTMLTable.Column("result", alignment: .left)],
                  rows: objectives.map { objective in
                      [objective.metric, objective.threshold, number(objective.actual, 3),
                       objective.passed ? "passed" : "FAILED"]
                  })
    }
}
