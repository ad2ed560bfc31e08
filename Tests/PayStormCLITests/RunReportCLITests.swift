import Foundation
import Testing

/// `paystorm run --out DIR` writes report.html beside summary.json, for both models.
@Suite(.serialized) struct RunReportCLITests {
    @Test(arguments: [tinyRun, ["--scenario", "scenarios/default.json", "--set", "run.lifecycles=1000"]])
    func runWritesAReportWithTheTraceHash(_ scenario: [String]) throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("run")
        let result = try paystorm(["run", "--quiet", "--out", out, "--seed", "7"] + scenario)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("files: \(out)/summary.json, \(out)/metrics.csv, \(out)/latency.csv, \(out)/report.html"),
                "\(result)")
        let summaryData = try Data(contentsOf: URL(fileURLWithPath: out + "/summary.json"))
        let summary = try #require(try JSONSerialization.jsonObject(with: summaryData) as? [String: Any])
        let hash = try #require(summary["trace_hash"] as? String)
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains(hash))
        #expect(html.contains("paystorm replay --scenario"))
        #expect(html.contains("<div class=\"value\">passed</div>"))
        #expect(html.contains("<svg "))
        if scenario.contains("scenarios/default.json") {
            // The world's state coverage as a (state × event) grid per lifecycle the run used.
            #expect(html.contains("<table class=\"grid\">") && html.contains("LC-01 Sale: legal pairs reached"))
        }
        // Written atomically: no temporary file is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
    }

    @Test func aFailedSLOIsTheReportsVerdict() throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("run")
        let result = try paystorm(["run", "--quiet", "--out", out] + tinyRun + ["--set", "slo.latency_ms_p99=< 1"])
        #expect(result.status == 1, "\(result)")
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.contains("<div class=\"value\">FAILED</div><div class=\"detail\">SLO latency_ms_p99 &lt; 1 (actual "),
                "\(html.prefix(3000))")
        #expect(html.contains("exit 1"))
    }
}
