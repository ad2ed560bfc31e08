import Foundation
import Reporting
import Testing

/// A report shaped like a capacity sweep's: header, cards, charts, a table and notes.
func sampleReport() -> HTMLReport {
    var report = HTMLReport(
        title: "Capacity sweep: default scenario",
        subtitle: ["scenario=scenarios/default.json  seed=8127361  strategy=fifo",
                   "paystorm sweep --scenario scenarios/default.json --seed 8127361 --rates 50...300"])
    report.addSection("Key figures", [
        .keyFigures([
            KeyFigure(label: "knee", value: "≈ 245/s", detail: "p99 doubles past it"),
            KeyFigure(label: "p99 latency at 200/s", value: "412 ms"),
            KeyFigure(label: "SLO latency_ms_p99 < 800", value: "passed", tone: .good),
            KeyFigure(label: "invariant violations", value: "1", detail: "AUTH-1 at 300/s", tone: .bad),
        ]),
    ])
    report.addSection("Latency", [
        .chart(sweepChart(), caption: "Shaded: 95% confidence band over 20 seeds. Dashed: M/M/c prediction."),
        .chart(sweepChart(yScale: .logarithmic), caption: "The same on a log scale."),
        .note("Rates above the knee are unstable: queues grow for the whole run, so their p99 depends on its length."),
    ])
    report.addSection("Outcomes", [
        .chart(outcomeChart(.stacked)),
        .chart(outcomeChart(.grouped)),
        .table(HTMLTable(
            caption: "Per flow at 200 payments/s",
            columns: ["flow", "completed", "success", "p50", "p99", "top failure"],
            rows: [["sale", "9,775", "93.30%", "118.2 ms", "412.0 ms", "51 insufficient funds"],
                   ["refund", "422", "97.16%", "88.0 ms", "201.4 ms", "timed out"],
                   ["3DS sale", "2,571", "89.46%", "1.2K ms", "3.9K ms", "<none> & \"other\""]])),
        .paragraph("Counts exclude the warm-up (first 60 simulated s)."),
    ])
    return report
}

@Suite("HTMLReport document")
struct HTMLReportTests {
    @Test func documentIsCompleteAndSelfContained() {
        let html = sampleReport().render()
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(html.hasSuffix("</html>\n"))
        let lowered = html.lowercased()
        #expect(!lowered.contains("<script"))
        #expect(!lowered.contains("http://") && !lowered.contains("https://"))
        #expect(!lowered.contains("@import") && !lowered.contains("url(") && !lowered.contains("<link"))
        #expect(!lowered.contains("<img") && !lowered.contains("src="))
        #expect(html.components(separatedBy: "<svg").count - 1 == 4)
        #expect(html.components(separatedBy: "role=\"img\"").count - 1 == 4)
    }

    @Test func everyPieceOfTextIsEscaped() {
        let hostile = "<script>alert(\"x\") & 'y'</script>"
        var report = HTMLReport(title: hostile, subtitle: [hostile], footer: hostile)
        report.addSection(hostile, [
            .keyFigures([KeyFigure(label: hostile, value: hostile, detail: hostile)]),
            .table(HTMLTable(caption: hostile, columns: [hostile], rows: [[hostile]])),
            .note(hostile), .paragraph(hostile),
            .chart(LineChart(title: hostile, xAxis: ChartAxis(hostile), yAxis: ChartAxis(hostile)), caption: hostile),
        ])
        let html = report.render()
        #expect(!html.contains("<script"))
        #expect(!html.contains(hostile))
        let escaped = "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;"
        // Title, subtitle, footer, heading, card ×3, caption, header cell, cell, note, paragraph, figcaption,
        // and in the chart: <title>, visible title, both axis titles.
        #expect(html.components(separatedBy: escaped).count - 1 >= 17)
    }

    @Test func escapingCoversTheFiveCharacters() {
        #expect(MarkupText.escaped("a<b>&\"c\"'d'") == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;")
        #expect(MarkupText.escaped("ok ≈ 245/s") == "ok ≈ 245/s")
    }

    @Test func numericColumnsAreRightAligned() {
        let table = HTMLTable(
            columns: [HTMLTable.Column("flow"), HTMLTable.Column("count"), HTMLTable.Column("share"),
                      HTMLTable.Column("p99"), HTMLTable.Column("code", alignment: .right), HTMLTable.Column("mixed")],
            rows: [["sale", "1,204", "93.5%", "412 ms", "51", "12"], ["refund", "-3", "–", "1.2K ms", "05", "n/a"]])
        #expect((0..<6).map(table.isRightAligned) == [false, true, true, true, true, false])
        var report = HTMLReport(title: "t")
        report.addSection("s", [.table(table)])
        let html = report.render()
        #expect(html.contains("<th class=\"num\">count</th>"))
        #expect(html.contains("<td class=\"num\">1,204</td>"))
        #expect(html.contains("<td>sale</td>"))
    }

    @Test func chartsScaleToTheirContainer() {
        let html = sampleReport().render()
        #expect(html.contains("figure svg { display: block; width: 100%; height: auto;"))
        #expect(html.contains("max-width: 1080px"))
        #expect(!html.contains("xmlns="))
    }

    @Test func outputIsDeterministic() {
        #expect(sampleReport().render() == sampleReport().render())
    }

    /// Writes the sample to `PAYSTORM_SAMPLE_REPORT` when set, to look at it in a browser:
    /// `PAYSTORM_SAMPLE_REPORT=/tmp/report.html swift test --filter HTMLReport`, then
    /// `scripts/screenshot-report.sh /tmp/report.html`.
    @Test func sampleReportCanBeWrittenForALook() throws {
        let html = sampleReport().render()
        #expect(html.utf8.count < 200_000)
        if let path = ProcessInfo.processInfo.environment["PAYSTORM_SAMPLE_REPORT"] {
            try html.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
