import Foundation

/// The world's own sections (RunSummary.sections), with tables from the summary's extra JSON
/// where it has the details: the invariants checked and the state coverage per lifecycle.
extension RunReport {
    static func sectionBlocks(_ section: (heading: String, lines: [String]), extra: [(String, JSONOutput)])
        -> [HTMLReport.Block] {
        switch section.heading {
        case "invariants":
            return [.list(section.lines)] + invariantBlocks(extra)
        case "steady state":
            return steadyStateBlocks(section.lines, extra: extra)
        case "state coverage":
            guard let table = coverageTable(extra) else { return [.list(section.lines)] }
            let grids = member(extra, "state_coverage").map(StateEventGrid.grids(fromCoverage:)) ?? []
            return [.table(table)] + (grids.isEmpty ? [] : [.stateEventGrids(grids)])
        default:
            return [columnTable(section.lines).map { .table($0) } ?? .list(section.lines)]
        }
    }

    /// A section printed as fixed-width columns (`system time apart from people's time`): a header
    /// whose titles are parted by two or more spaces, and rows with as many cells. In a bulleted
    /// list HTML collapses the spaces and the columns run together, so it becomes a table; nil
    /// for lines that are sentences.
    static func columnTable(_ lines: [String]) -> HTMLTable? {
        func cells(_ line: String) -> [String] {
            line.split(separator: /\s{2,}/).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        guard lines.count >= 2 else { return nil }
        let header = cells(lines[0])
        let rows = lines.dropFirst().map(cells)
        guard header.count >= 2, rows.allSatisfy({ $0.count == header.count }) else { return nil }
        return HTMLTable(columns: header, rows: Array(rows))
    }

    /// `invariants`: id, claim, checked, violations; `violation_details`: strings.
    static func invariantBlocks(_ extra: [(String, JSONOutput)]) -> [HTMLReport.Block] {
        var blocks: [HTMLReport.Block] = []
        if case .array(let records)? = member(extra, "invariants") {
            let rows = records.compactMap { record -> [String]? in
                guard case .object(let fields) = record else { return nil }
                return ["id", "claim", "checked", "violations"].map { text(member(fields, $0)) }
            }
            if !rows.isEmpty {
                blocks.append(.table(HTMLTable(columns: ["invariant", "claim", "checked", "violations"], rows: rows)))
            }
        }
        if case .array(let details)? = member(extra, "violation_details"), !details.isEmpty {
            blocks += [.paragraph("First violations:"), .list(details.map { text($0) })]
        }
        return blocks
    }

    /// `state_coverage`: per lifecycle, the (state, event) pairs of its table and how many were reached.
    static func coverageTable(_ extra: [(String, JSONOutput)]) -> HTMLTable? {
        guard case .object(let machines)? = member(extra, "state_coverage"), !machines.isEmpty else { return nil }
        let rows = machines.map { name, value -> [String] in
            guard case .object(let fields) = value,
                  case .integer(let pairs)? = member(fields, "pairs"),
                  case .integer(let reached)? = member(fields, "reached") else { return [name, "–", "–", "–"] }
            return [name, "\(reached)", "\(pairs)", pairs > 0 ? SummaryTable.percent(Double(reached) / Double(pairs)) : "–"]
        }
        return HTMLTable(caption: "(state, event) pairs of each lifecycle's table that the run reached",
                         columns: ["lifecycle", "reached", "pairs", "share"], rows: rows)
    }

    static func member(_ fields: [(String, JSONOutput)], _ key: String) -> JSONOutput? {
        fields.first { $0.0 == key }?.1
    }

    /// A JSON scalar as a table cell.
    static func text(_ value: JSONOutput?) -> String {
        switch value {
        case .string(let text)?: text
        case .unsigned(let value)?: SummaryTable.grouped(value)
        case .integer(let value)?: value >= 0 ? SummaryTable.grouped(UInt64(value)) : "\(value)"
        case .number(let value)?: number(value, 3)
        case .bool(let value)?: value ? "yes" : "no"
        default: "–"
        }
    }
}
