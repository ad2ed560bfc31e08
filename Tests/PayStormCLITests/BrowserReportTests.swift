import Foundation
import Reporting
import Testing

/// Each kind of report.html (run, sweep, explore), written by `paystorm` from small inputs and
/// rendered in headless Chromium: every chart must have drawn its data where a reader sees it.
/// String checks on the HTML cannot tell whether a browser draws a chart; these ask one.
@Suite(.enabled(if: chromiumIsAvailable, "no chromium (or timeout) on PATH; .ci/run installs Debian's chromium"))
struct BrowserReportTests {
    @Test func runReportDrawsEveryChart() throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("run")
        let result = try paystorm(["run", "--quiet", "--seed", "7", "--scenario", "scenarios/default.json",
                                   "--set", "run.lifecycles=2000", "--out", out])
        try #require(result.status == 0, "\(result)")
        // Throughput, success and latency over time, the latency histogram, p50/p99 per flow.
        try expectEveryChartDrew(out + "/report.html", atLeast: 5)
    }

    @Test func sweepReportDrawsEveryChart() throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("sweep")
        let result = try paystorm(["sweep", "--quiet", "--scenario", "scenarios/reference-pipeline.json",
                                   "--vary", "workload.rate=100..250:75", "--replications", "2",
                                   "--set", "run.lifecycles=2000", "--set", "topology.issuer.servers=8", "--out", out])
        try #require(result.status == 0, "\(result)")
        // Latency, throughput and utilization against load, and Erlang C beside the M/M/c stations.
        try expectEveryChartDrew(out + "/report.html", atLeast: 4)
    }

    @Test func exploreReportWithFailuresDrawsEveryChart() throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("explore")
        let result = try paystorm(["explore", "--quiet", "--scenario", "scenarios/card-payments.json", "--seeds", "1..4",
                                   "--set", #"defects=["approve-unusable-card"]"#] + ExploreCLITests.small + ["--out", out])
        try #require(result.status == 1, "the planted defect must fail some seed: \(result)")
        // Failing seeds per invariant and state coverage per lifecycle.
        try expectEveryChartDrew(out + "/report.html", atLeast: 2)
    }

    /// The probe itself, on a chart broken in each way it looks for, so that the checks above
    /// cannot pass by measuring nothing.
    @Test func theProbeSeesWhatABrokenChartGetsWrong() throws {
        let scratch = try TemporaryDirectory()
        let report = scratch.path("report.html")
        let page = HTMLReport(title: "Broken", sections: [HTMLReport.Section("Charts", [.chart(BrokenChart())])])
        try page.render().write(toFile: report, atomically: true, encoding: .utf8)
        let probe = try ReportProbe.measure(report)
        let chart = try #require(probe.charts.first)
        #expect(chart.marks == 2 && chart.drawnMarks == 0, "\(chart)")
        #expect(chart.badAttributes.count == 1, "\(chart.badAttributes)")
        #expect(chart.marksOutside.count == 1, "\(chart.marksOutside)")
        #expect(chart.textsOutside == ["text \"cut off\""])
        #expect(chart.overlappingTexts == ["text \"upright\" over text \"over upright\"",
                                           "text \"turned label\" over text \"over turned label\""])
    }
}

/// A bar with a NaN height and one of no width off the chart, two upright labels on one spot,
/// two turned ones on another (and a third turned one beside them, which does not overlap),
/// and a label past the left edge.
struct BrokenChart: SVGChart {
    var title: String { "Broken" }

    func svg() -> String {
        """
        <svg viewBox="0 0 800 300" role="img" class="chart"><title>Broken</title>
        <rect class="bar" x="100" y="50" width="40" height="NaN" fill="#0072B2"/>
        <rect class="bar" x="900" y="50" width="0" height="100" fill="#0072B2"/>
        <text x="300" y="100" font-size="14">upright</text><text x="304" y="102" font-size="14">over upright</text>
        <text x="500" y="200" font-size="12" transform="rotate(-35 500 200)">turned label</text>
        <text x="503" y="201" font-size="12" transform="rotate(-35 503 201)">over turned label</text>
        <text x="560" y="200" font-size="12" transform="rotate(-35 560 200)">turned apart</text>
        <text x="-40" y="280" font-size="14">cut off</text>
        </svg>
        """
    }
}

/// Renders `report` and expects at least `minimum` charts, each drawn: a visible size, data
/// marks with area, nothing outside its box, no overlapping labels, no NaN; and a page with
/// text, no scripts of its own and no errors.
func expectEveryChartDrew(_ report: String, atLeast minimum: Int,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let probe = try ReportProbe.measure(report)
    #expect(probe.charts.count >= minimum, "\(probe.charts.map(\.title))", sourceLocation: sourceLocation)
    #expect(probe.emptyFigures == 0, sourceLocation: sourceLocation)
    #expect(probe.reportScripts == 0, sourceLocation: sourceLocation)
    #expect(probe.errors.isEmpty, "\(probe.errors)", sourceLocation: sourceLocation)
    #expect(probe.brokenNumbers.isEmpty, "\(probe.brokenNumbers)", sourceLocation: sourceLocation)
    #expect(probe.textLength > 500, sourceLocation: sourceLocation)
    for chart in probe.charts {
        let name = "chart \"\(chart.title)\""
        // 1400 px window, a 1080 px page: a chart narrower than 600 px was squashed by the CSS.
        #expect(chart.width > 600 && chart.height > 150, "\(name): \(chart.width)×\(chart.height) px",
                sourceLocation: sourceLocation)
        #expect(chart.drawnMarks > 0, "\(name): \(chart.drawnMarks) of \(chart.marks) marks drawn",
                sourceLocation: sourceLocation)
        #expect(chart.marksOutside.isEmpty, "\(name): \(chart.marksOutside)", sourceLocation: sourceLocation)
        #expect(chart.textsOutside.isEmpty, "\(name): \(chart.textsOutside)", sourceLocation: sourceLocation)
        #expect(chart.overlappingTexts.isEmpty, "\(name): \(chart.overlappingTexts)", sourceLocation: sourceLocation)
        #expect(chart.badAttributes.isEmpty, "\(name): \(chart.badAttributes)", sourceLocation: sourceLocation)
    }
}
