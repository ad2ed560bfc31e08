/// One lifecycle's (state × event) table as a grid of cells, for report.html: which pairs its
/// transition function allows and whether runs reached them. Where people would rather look than
/// read: a legal pair never reached is a path no run took, an illegal pair tried is a refusal.
public struct StateEventGrid: Sendable, Equatable {
    /// One (state, event) pair.
    public enum Cell: Sendable, Equatable {
        /// The table allows it and runs took it, this many times (applied and refused together).
        case legalReached(UInt64)
        /// The table allows it; no run took it.
        case legalNotReached
        /// The table refuses it, and runs tried it this many times (each a refusal).
        case illegalTried(UInt64)
        /// The table refuses it and no run tried it.
        case illegal
    }

    public var lifecycle: String
    public var states: [String]
    public var events: [String]
    /// Row by state, column by event.
    public var cells: [[Cell]]

    public init(lifecycle: String, states: [String], events: [String], cells: [[Cell]]) {
        self.lifecycle = lifecycle
        self.states = states
        self.events = events
        self.cells = cells
    }

    /// Legal pairs reached, and legal pairs in all.
    public var legalCoverage: (reached: Int, legal: Int) {
        var reached = 0
        var legal = 0
        for cell in cells.joined() {
            switch cell {
            case .legalReached: reached += 1; legal += 1
            case .legalNotReached: legal += 1
            case .illegalTried, .illegal: break
            }
        }
        return (reached, legal)
    }

    /// The grid as an HTML table: events as columns (names written upwards), states as rows, each
    /// cell a colored square with its count, and the pair in its tooltip.
    func html() -> String {
        let coverage = legalCoverage
        let share = coverage.legal > 0 ? SummaryTable.percent(Double(coverage.reached) / Double(coverage.legal)) : "–"
        var lines = ["<div class=\"table-wrap\"><table class=\"grid\">",
                     "<caption>\(MarkupText.escaped(lifecycle)): legal pairs reached \(coverage.reached) of "
                        + "\(coverage.legal) (\(share))</caption>",
                     "<thead><tr><th>state \\ event</th>"
                        + events.map { "<th class=\"event\"><span>\(MarkupText.escaped($0))</span></th>" }.joined()
                        + "</tr></thead>", "<tbody>"]
        for (row, state) in states.enumerated() {
            var line = "<tr><th>\(MarkupText.escaped(state))</th>"
            for (column, event) in events.enumerated() {
                let cell = row < cells.count && column < cells[row].count ? cells[row][column] : .illegal
                let pair = MarkupText.escaped("\(state) × \(event)")
                switch cell {
                case .legalReached(let count):
                    line += "<td class=\"reached\" title=\"\(pair): legal, reached \(count) times\">\(Self.short(count))</td>"
                case .legalNotReached:
                    line += "<td class=\"unreached\" title=\"\(pair): legal, never reached\">·</td>"
                case .illegalTried(let count):
                    line += "<td class=\"refused\" title=\"\(pair): illegal, refused \(count) times\">\(Self.short(count))</td>"
                case .illegal:
                    line += "<td class=\"illegal\" title=\"\(pair): illegal\"></td>"
                }
            }
            lines.append(line + "</tr>")
        }
        lines.append("</tbody></table></div>")
        return lines.joined(separator: "\n")
    }

    /// The legend shown once above a set of grids.
    static let legendHTML = """
        <p class="grid-legend"><span class="reached">12</span> legal, reached (times) \
        <span class="unreached">·</span> legal, never reached \
        <span class="refused">3</span> illegal, tried and refused \
        <span class="illegal">&nbsp;</span> illegal, never tried</p>
        """

    /// `7`, `1.2k`, `3.4M`: a count that fits a small cell (the tooltip has it whole).
    static func short(_ count: UInt64) -> String {
        switch count {
        case ..<1_000: "\(count)"
        case ..<1_000_000: "\(SummaryTable.fixed(Double(count) / 1e3, count < 10_000 ? 1 : 0))k"
        default: "\(SummaryTable.fixed(Double(count) / 1e6, count < 10_000_000 ? 1 : 0))M"
        }
    }
}
