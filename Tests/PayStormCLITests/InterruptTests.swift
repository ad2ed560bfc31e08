import Foundation
import SimulationTestSupport
import Testing

/// Ctrl-C during `paystorm run`: the run stops, writes its summary marked interrupted, leaves no
/// temporary file behind, and exits 130.
@Suite struct InterruptTests {
    /// Waits up to `seconds` for `condition`, polling; false if it never held.
    func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    @Test func ctrlCWritesAnInterruptedSummaryAndExits130() throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("run")
        let errURL = scratch.url.appendingPathComponent("stderr")
        let outURL = scratch.url.appendingPathComponent("stdout")
        try Data().write(to: errURL)
        try Data().write(to: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let process = Process()
        process.executableURL = try paystormExecutable()
        // A run far too long to finish: it must be stopped.
        process.arguments = ["run", "--scenario", "scenarios/card-payments.json", "--set", "run.lifecycles=100000000",
                             "--progress", "--out", out]
        process.currentDirectoryURL = packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        defer {
            // SIGKILL: a child started from a test thread may block SIGTERM as well.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let stderrText = { String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self) }
        // A progress line means the simulation is running (and Ctrl-C is handled).
        let running = waitFor(seconds: 120) { stderrText().contains("lifecycles/s") || !process.isRunning }
        try #require(running && process.isRunning, "no progress line: \(stderrText())")
        kill(process.processIdentifier, SIGINT)
        let stopped = waitFor(seconds: 60) { !process.isRunning }
        try #require(stopped, "still running 60 s after SIGINT")
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        #expect(process.terminationReason == .exit, "killed by a signal: \(stderrText())")
        #expect(process.terminationStatus == 130, "\(stdout)\n\(stderrText())")
        #expect(stderrText().contains("interrupted (Ctrl-C) at "), "\(stderrText())")
        #expect(stdout.contains("INTERRUPTED"), "\(stdout)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/summary.json"))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(summary["interrupted"] as? Bool == true, "\(summary["interrupted"] ?? "none")")
        #expect(((summary["completed"] as? NSNumber)?.intValue ?? 0) > 0)
        #expect(((summary["completed"] as? NSNumber)?.intValue ?? .max) < 100_000_000)
        // Every file whole and in place; no temporary file left.
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["latency.csv", "manifest.json", "metrics.csv", "report.html", "summary.json"], "\(files)")
        let metrics = try String(contentsOfFile: out + "/metrics.csv", encoding: .utf8)
        #expect(metrics.hasSuffix("\n") && metrics.split(separator: "\n").count > 1)
    }
}
