import SimulationKernel

/// The run report's tables: outcomes, stations, SLOs and invariants.
extension RunReport {
    static func outcomeTable(_ summary: RunSummary) -> HTMLTable {
        let measured = summary.outcomes.reduce(0) { $0 + $1.count }
        return HTMLTable(caption: "Outcomes of the measured payments (after warm-up)", columns: ["outcome", "count", "share"],
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

    /// The invariants the world checked and the first violations, from the summary's extra JSON
    /// (`invariants`: id, claim, checked, violations; `violation_details`: strings), when present.
    static func invariantBlocks(_ extra: [(String, JSONOutput)]) -> [HTMLReport.Block] {
        var blocks: [HTMLReport.Block] = []
        if case .array(let records)? = extra.first(where: { $0.0 == "invariants" })?.1 {
            let rows = records.compactMap { record -> [String]? in
                guard case .object(let fields) = record else { return nil }
                return ["id", "claim", "checked", "violations"].map { key in
                    switch fields.first(where: { $0.0 == key })?.1 {
                    case .string(let text)?: text
                    case .unsigned(let value)?: SummaryTable.grouped(value)
                    case .integer(let value)?: "\(value)"
                    default: "–"
                    }
                }
            }
            if !rows.isEmpty {
                blocks.append(.table(HTMLTable(columns: ["invariant", "claim", "checked", "violations"], rows: rows)))
            }
        }
        if case .array(let details)? = extra.first(where: { $0.0 == "violation_details" })?.1 {
            let lines = details.compactMap { detail -> String? in
                if case .string(let text) = detail { return text }
                return nil
            }
            if !lines.isEmpty { blocks += [.paragraph("First violations:"), .list(lines)] }
        }
        return blocks
    }
}
