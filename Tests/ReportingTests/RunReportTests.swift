import Foundation
import Reporting
import SimulationKernel
import Testing

/// A histogram of `values` milliseconds.
func histogram(_ values: [Double]) -> LatencyHistogram {
    var histogram = LatencyHistogram()
    for value in values { histogram.record(Int64(value * 1e6)) }
    return histogram
}

/// A payments-like run: three flows, two stations, SLOs (one failed), the invariants and
/// state-coverage sections with their extra JSON, and a timeline of `rows` one-second intervals.
func sampleRun(scenario: String = "default", rows count: Int = 120) -> (RunSummary, RunTimeline) {
    let fast = histogram((1...200).map { 80 + Double($0) })
    let slow = histogram((1...50).map { 2_000 + Double($0) * 900 })
    var all = fast
    all.merge(slow)
    var summary = RunSummary(
        scenario: scenario, scenarioFile: "scenarios/\(scenario).json", seed: 42, strategy: "fifo", lanes: "shared",
        traceHash: 0x6ce7_8fb8_25a7_051d, steps: 1_946_241, completed: 250,
        outcomes: [("succeeded", 230), ("declined", 20)], successOutcomes: ["succeeded"], latency: all,
        simulatedSeconds: Double(count) + 30.5, wallSeconds: 0.8, violations: 0,
        stations: [RunSummary.Station(name: "gateway", servers: 32, utilization: 0.42, queueingDelay: histogram([0, 1, 3]),
                                      arrivals: 250, rejected: 0, abandoned: 0),
                   RunSummary.Station(name: "acs", servers: 16, utilization: 0.06, queueingDelay: LatencyHistogram(),
                                      arrivals: 0, rejected: 0, abandoned: 0)],
        endReason: "idle")
    summary.flows = [
        RunSummary.Flow(name: "ecommpay_sale", completed: 200, successRate: 0.94, latency: fast,
                        topFailures: [("decline", 9), ("104", 3)]),
        RunSummary.Flow(name: "mastercard_authorize", completed: 50, successRate: 0.9, latency: slow, topFailures: []),
        RunSummary.Flow(name: "never_completed", completed: 0, successRate: 0, latency: LatencyHistogram(), topFailures: []),
    ]
    summary.objectives = [
        RunSummary.Objective(metric: "success_rate", threshold: "> 0.75", actual: 0.92, passed: true),
        RunSummary.Objective(metric: "latency_ms_p99", threshold: "< 1", actual: 44_000, passed: false),
        RunSummary.Objective(metric: "no_such_metric", threshold: "< 1", actual: .nan, passed: false),
    ]
    summary.sections = [
        (heading: "invariants", lines: ["2 invariants checked 500 times, none violated; ledger conserved (40 transfers)"]),
        (heading: "state coverage", lines: ["LC-01 Sale  8 of 108 (state, event) pairs reached"]),
    ]
    summary.extra = [
        ("invariants", .array([
            .object([("id", .string("G-2")), ("claim", .string("NoCardIsOverdrawn")), ("checked", .unsigned(250)),
                     ("violations", .unsigned(0))]),
            .object([("id", .string("AUTH-1")), ("claim", .string("Captures<=Authorization")), ("checked", .unsigned(250)),
                     ("violations", .unsigned(0))]),
        ])),
        ("violation_details", .array([])),
        ("state_coverage", .object([("LC-01 Sale", .object([("pairs", .integer(108)), ("reached", .integer(8))]))])),
    ]
    // One-second intervals: a busy stretch, one empty second, then an idle tail with nothing in flight.
    var timeline = RunTimeline()
    for second in 1...count {
        let idle = second > count - 20
        let empty = second == 10
        let latency = idle || empty ? LatencyHistogram() : histogram([100, 120, 150 + Double(second)])
        timeline.add(IntervalRow(end: SimTime(nanoseconds: Int64(second) * 1_000_000_000), seconds: 1,
                                 completed: latency.count, succeeded: idle || empty ? 0 : 2, inFlight: idle ? 0 : 5,
                                 latency: latency), latency: latency)
    }
    return (summary, timeline)
}

/// The names of the elements opened and closed in `html`, to check that they balance.
func tagCounts(_ html: String, _ name: String) -> (open: Int, close: Int) {
    (html.components(separatedBy: "<\(name)>").count + html.components(separatedBy: "<\(name) ").count - 2,
     html.components(separatedBy: "</\(name)>").count - 1)
}

/// Every `<svg …>…</svg>` element of `html`.
func svgElements(_ html: String) -> [String] {
    html.components(separatedBy: "<svg ").dropFirst().map { "<svg " + $0.components(separatedBy: "</svg>")[0] + "</svg>" }
}

@Suite("Run report")
struct RunReportTests {
    @Test func rendersAWellFormedSelfContainedPage() throws {
        let (summary, timeline) = sampleRun()
        let html = RunReport.html(summary, timeline: timeline, verdict: .passing,
                                  replay: "swift run -c release paystorm replay --scenario scenarios/default.json --seed 42")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        for name in ["html", "head", "body", "main", "header", "section", "figure", "table", "thead", "tbody", "tr",
                     "ul", "li", "svg", "div", "footer", "aside", "p", "h2"] {
            let (open, close) = tagCounts(html, name)
            #expect(open == close, "<\(name)> opened \(open) times, closed \(close)")
        }
        let lowered = html.lowercased()
        #expect(!lowered.contains("<script") && !lowered.contains("http://") && !lowered.contains("https://"))
        // Throughput, success, latency over time; the distribution; the flows.
        let svgs = svgElements(html)
        #expect(svgs.count == 5)
        for svg in svgs { #expect(SVGProbe.parse(svg) != nil, "not well-formed: \(svg.prefix(200))") }
        for heading in ["Summary", "Over virtual time", "Latency distribution", "Flows", "Stations", "SLOs",
                        "Invariants", "State coverage"] {
            #expect(html.contains("<h2>\(heading)</h2>"), "no section \(heading)")
        }
        #expect(html.contains("6ce78fb825a7051d"))
        #expect(html.contains("paystorm replay --scenario scenarios/default.json --seed 42"))
        #expect(html.contains("<td>ecommpay_sale</td>") && html.contains("decline ×9, 104 ×3"))
        #expect(html.contains("<td>NoCardIsOverdrawn</td>"))
        #expect(html.contains("<td>LC-01 Sale</td><td class=\"num\">8</td><td class=\"num\">108</td>"))
        #expect(html.contains("that idle tail is left out"))
    }

    @Test func neverPrintsNanOrInf() {
        let (summary, timeline) = sampleRun()
        let empty = RunSummary(scenario: "empty", scenarioFile: "e.json", seed: 1, strategy: "fifo", lanes: "shared",
                               traceHash: 0, steps: 0, completed: 0, outcomes: [], successOutcomes: [],
                               latency: LatencyHistogram(), simulatedSeconds: 0, wallSeconds: 0, violations: 0,
                               stations: [], endReason: "idle")
        for html in [RunReport.html(summary, timeline: timeline, verdict: .passing, replay: "r"),
                     RunReport.html(empty, timeline: RunTimeline(), verdict: .passing, replay: "r")] {
            let words = Set(html.lowercased().split { !$0.isLetter }.map(String.init))
            #expect(!words.contains("nan") && !words.contains("inf") && !words.contains("infinity"))
        }
    }

    @Test func escapesTheScenarioNameAndEveryLabel() {
        let (summary, timeline) = sampleRun(scenario: "<b>pay</b> & \"storm\"")
        var hostile = summary
        hostile.flows[0].name = "<script>x</script>"
        let html = RunReport.html(hostile, timeline: timeline, verdict: RunVerdict(passed: false, headline: "<i>no</i>", exitStatus: 1),
                                  replay: "paystorm replay --scenario '<b>'")
        #expect(!html.contains("<b>") && !html.contains("<script") && !html.contains("<i>"))
        #expect(html.contains("<title>Run: &lt;b&gt;pay&lt;/b&gt; &amp; &quot;storm&quot;</title>"))
        #expect(html.contains("&lt;script&gt;x&lt;/script&gt;"))
        for svg in svgElements(html) { #expect(SVGProbe.parse(svg) != nil) }
    }

    @Test func showsAFailedVerdict() {
        let (summary, timeline) = sampleRun()
        let html = RunReport.html(summary, timeline: timeline,
                                  verdict: RunVerdict(passed: false, headline: "SLO latency_ms_p99 < 1 (actual 44000.000)",
                                                      exitStatus: 1), replay: "r")
        #expect(html.contains("<div class=\"card bad\"><div class=\"label\">verdict</div><div class=\"value\">FAILED</div>"))
        #expect(html.contains("SLO latency_ms_p99 &lt; 1 (actual 44000.000); exit 1"))
        #expect(html.contains("<td>latency_ms_p99</td><td>&lt; 1</td><td class=\"num\">44000.000</td><td>FAILED</td>"))
    }

    /// The world prints "system time apart from people's time" as fixed-width columns; as list
    /// items Chromium collapsed their spaces into one line of run-together numbers.
    @Test func aSectionOfColumnsIsATable() {
        var (summary, timeline) = sampleRun()
        summary.sections.append((heading: "system time apart from people's time", lines: [
            "flow              system p50 ms  system p99 ms  people p50 ms",
            "portmone_bill             568.3        14193.5         5251.3",
            "ecommpay_verify           103.0          168.7            0.0",
        ]))
        summary.sections.append((heading: "measurement window", lines: ["from 0.0 s (the warm-up's end) to 9.9 s", "a second  sentence"]))
        let html = RunReport.html(summary, timeline: timeline, verdict: .passing, replay: "r")
        #expect(html.contains("<thead><tr><th>flow</th><th class=\"num\">system p50 ms</th><th class=\"num\">system p99 ms</th>"
                              + "<th class=\"num\">people p50 ms</th></tr></thead>"))
        #expect(html.contains("<tr><td>ecommpay_verify</td><td class=\"num\">103.0</td><td class=\"num\">168.7</td>"
                              + "<td class=\"num\">0.0</td></tr>"))
        #expect(html.contains("<li>from 0.0 s (the warm-up&#39;s end) to 9.9 s</li>"))  // sentences stay a list
    }

    @Test func longRunsAreMergedIntoAFewHundredPoints() {
        // 2,980 busy rows: merged in pairs until at most 240 points are left, 16 rows each.
        let (summary, timeline) = sampleRun(rows: 3_000)
        let html = RunReport.html(summary, timeline: timeline, verdict: .passing, replay: "r")
        #expect(html.contains("Each point merges 16 rows of metrics.csv."))
        #expect(html.utf8.count < 400_000)
        #expect(RunReport.html(summary, timeline: timeline, verdict: .passing, replay: "r") == html)
    }
}
