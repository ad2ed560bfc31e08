import Reporting
import Testing

/// report.html's steady state: each judged figure by window beside its fitted trend, titled with
/// the verdict the trend test gave it; a figure the run has none of (no money held) is left out.
@Suite struct SteadyStateReportTests {
    static func window(_ index: Int, success: Double, inFlight: Double) -> JSONOutput {
        .object([("start", .number(Double(index) * 100)), ("end", .number(Double(index + 1) * 100)),
                 ("success", .number(success)), ("p99_ms", .number(2_000)), ("in_flight", .number(inFlight)),
                 ("held_minor_units", .number(0))])
    }

    @Test func eachFigureIsDrawnWithItsTrendAndItsVerdict() {
        var (summary, timeline) = sampleRun()
        summary.sections.append((heading: "steady state", lines: ["steady state: drifting: in flight +50 %"]))
        summary.extra.append(("steady_state", .object([
            ("series", .array((0..<6).map { Self.window($0, success: 0.9, inFlight: 100 + Double($0) * 10) })),
            ("trends", .array([
                .object([("figure", .string("success")), ("drifting", .bool(false))]),
                .object([("figure", .string("in flight")), ("drifting", .bool(true))]),
            ])),
        ])))
        let html = RunReport.html(summary, timeline: timeline, verdict: .passing, replay: "r")
        #expect(html.contains("steady state: drifting: in flight +50 %"))
        #expect(html.contains("Success by window: holds still") && html.contains("Lifecycles in flight by window: drifting"))
        #expect(html.contains("Latency p99 by window: holds still"))
        #expect(!html.contains("Money held on cards by window"), "no money was held: no chart of it")
        #expect(html.contains("the fitted trend"))
    }

    @Test func theFittedTrendIsTheLeastSquaresLine() {
        let points = [ChartPoint(x: 0, y: 1), ChartPoint(x: 1, y: 3), ChartPoint(x: 2, y: 5)]
        let line = RunReport.fittedLine(points)
        #expect(line.map(\.x) == [0, 2] && line.map(\.y) == [1, 5])
    }
}
