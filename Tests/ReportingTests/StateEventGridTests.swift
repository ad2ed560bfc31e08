import Reporting
import Testing

@Suite struct StateEventGridTests {
    /// A lifecycle's coverage as summary.json writes it: two states, two events, one legal pair
    /// reached, one legal pair never reached, one illegal pair refused, one illegal never tried.
    static let coverage = JSONOutput.object([
        ("LC-99 Demo", .object([
            ("states", .array([.string("open"), .string("closed")])),
            ("events", .array([.string("close"), .string("reopen")])),
            ("pairs", .integer(4)),
            ("reached", .integer(2)),
            ("reached_pairs", .array([
                .object([("state", .string("open")), ("event", .string("close")), ("applied", .unsigned(1_500)),
                         ("rejected", .unsigned(0))]),
                .object([("state", .string("closed")), ("event", .string("close")), ("applied", .unsigned(0)),
                         ("rejected", .unsigned(3))]),
            ])),
            ("legal_not_reached", .array([.string("closed × reopen")])),
            ("illegal_tried", .array([.string("closed × close")])),
        ])),
        ("LC-98 Old", .object([("pairs", .integer(4)), ("reached", .integer(0))])),  // No states: an older file.
    ])

    @Test func cellsTellLegalReachedUnreachedAndIllegalApart() throws {
        let grids = StateEventGrid.grids(fromCoverage: Self.coverage)
        let grid = try #require(grids.first)
        #expect(grids.count == 1 && grid.lifecycle == "LC-99 Demo")
        #expect(grid.cells == [[.legalReached(1_500), .illegal], [.illegalTried(3), .legalNotReached]])
        #expect(grid.legalCoverage == (reached: 1, legal: 2))
    }

    @Test func theReportDrawsEachCellWithItsClassAndTooltip() throws {
        var report = HTMLReport(title: "grid")
        report.addSection("State coverage", [.stateEventGrids(StateEventGrid.grids(fromCoverage: Self.coverage))])
        let html = report.render()
        #expect(html.contains("LC-99 Demo: legal pairs reached 1 of 2 (50.00%)"))
        #expect(html.contains("<td class=\"reached\" title=\"open × close: legal, reached 1500 times\">1.5k</td>"))
        #expect(html.contains("<td class=\"refused\" title=\"closed × close: illegal, refused 3 times\">3</td>"))
        #expect(html.contains("<td class=\"unreached\" title=\"closed × reopen: legal, never reached\">"))
        #expect(html.contains("<td class=\"illegal\" title=\"open × reopen: illegal\">"))
        #expect(html.contains("grid-legend") && !html.contains("LC-98"))
    }

    @Test(arguments: [(UInt64(7), "7"), (999, "999"), (1_000, "1.0k"), (12_345, "12k"), (2_500_000, "2.5M"), (45_000_000, "45M")])
    func countsFitASmallCell(count: UInt64, text: String) {
        let grid = StateEventGrid(lifecycle: "x", states: ["s"], events: ["e"], cells: [[.legalReached(count)]])
        var report = HTMLReport(title: "grid")
        report.addSection("g", [.stateEventGrids([grid])])
        #expect(report.render().contains(">\(text)</td>"))
    }
}
