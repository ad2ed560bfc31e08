import Foundation
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
