import Foundation
import Testing

/// `paystorm soak` (issue 33, "a soak that holds still"): a flat load holds still and says so with
/// exit 0; a ramp drifts, named by what moved, with exit 1; the windows it judged are soak.csv's
/// rows and summary.json's series; bad lengths are refused by name.
@Suite struct SoakCLITests {
    static let base = ["soak", "--scenario", "scenarios/card-payments.json", "--for", "600s", "--window", "50s",
                       "--set", "workload.rate=20", "--quiet"]

    @Test func aFlatLoadHoldsStillAndItsWindowsAreTheFilesRows() throws {
        let scratch = try TemporaryDirectory()
        let soak = try paystorm(Self.base + ["--out", scratch.path("flat")])
        #expect(soak.status == 0, "\(soak)")
        #expect(soak.stdout.contains("soak: stationary"), "\(soak.stdout)")
        let csv = try String(contentsOfFile: scratch.path("flat/soak.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n").dropFirst()
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("flat/summary.json"))))
        let steady = try #require((summary as? [String: Any])?["steady_state"] as? [String: Any])
        let series = try #require(steady["series"] as? [[String: Any]])
        #expect(rows.count == series.count && series.count == steady["windows"] as? Int && series.count >= 6)
        // Each window is 50 s long, after the warm-up, and every figure is inside its bounds.
        for (row, window) in zip(rows, series) {
            let cells = row.split(separator: ",").compactMap { Double($0) }
            #expect(cells.count == 7 && abs(cells[2] - cells[1] - 50) < 1e-6, "\(row)")
            #expect(abs(cells[1] - (window["start"] as? Double ?? -1)) < 1e-3 && (0...1).contains(cells[3]) && cells[6] > 0)
        }
        #expect(csv.hasPrefix("window,start_s,end_s,success_rate,p99_ms,in_flight,held_minor_units\n"))
        let held = (steady["trends"] as? [[String: Any]])?.first { $0["figure"] as? String == "held" }
        #expect((held?["drifting"] as? Bool) == false, "\(steady)")
    }

    @Test func aRampDriftsAndSaysWhatMoved() throws {
        let scratch = try TemporaryDirectory()
        let soak = try paystorm(Self.base + ["--set", "workload.arrivals=ramp", "--set", "workload.ramp.to=60",
                                             "--set", "workload.ramp.duration=600s", "--out", scratch.path("ramp")])
        #expect(soak.status == 1, "\(soak)")
        let verdict = try #require(soak.stdout.split(separator: "\n").first { $0.hasPrefix("soak: ") })
        #expect(verdict.hasPrefix("soak: drifting: ") && verdict.contains("in flight +") && verdict.contains("held +"), "\(verdict)")
    }

    @Test func windowsArePrintedAsTheyCloseUnlessQuiet() throws {
        let scratch = try TemporaryDirectory()
        let soak = try paystorm(["soak", "--scenario", "scenarios/card-payments.json", "--for", "600s", "--window", "100s",
                                 "--set", "workload.rate=10", "--out", scratch.path("live")])
        let windows = soak.stderr.split(separator: "\n").filter { $0.hasPrefix("window ") }
        #expect(windows.count == 6, "\(soak.stderr)")
        #expect(windows.first?.hasPrefix("window 1  0–100 s  success ") == true && windows.allSatisfy { $0.contains("  held ") })
    }

    @Test(arguments: [
        (["--for", "0s"], "paystorm soak: --for 0s: expected a positive duration up to 720h, such as 8h or 500s"),
        (["--for", "1000h"], "paystorm soak: --for 1000h: expected a positive duration up to 720h, such as 8h or 500s"),
        (["--for", "600s", "--window", "200s"],
         "paystorm soak: --window 200s: expected at most a sixth of --for (6 windows are needed to judge a trend)"),
        (["--scenario", "scenarios/reference-pipeline.json"],
         "paystorm soak: scenarios/reference-pipeline.json models the reference pipeline: soak judges a payments world"),
    ])
    func badLengthsAndWorldsAreRefusedByName(flags: [String], message: String) throws {
        let soak = try paystorm(["soak"] + flags)
        #expect(soak.status == 64 && soak.stderr.contains(message), "\(soak)")
    }
}
