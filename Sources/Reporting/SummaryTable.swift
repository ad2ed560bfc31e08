import SimulationKernel

/// The summary a person reads at the end of a run: outcomes, latency, stations, SLOs, hash.
public enum SummaryTable {
    /// What an objective measured: `actual 0.912`, or why there is no figure (a flow that made no
    /// payments has no success rate, and no figure meets any threshold).
    public static func actualText(_ actual: Double, metric: String) -> String {
        guard actual.isNaN else { return "actual \(fixed(actual, 3))" }
        let parts = metric.split(separator: ".")
        if parts.count == 3, parts[0] == "flows" {
            return "not measured: flow \(parts[1]) has no payments in the measured window (after run.warmup)"
        }
        return "not measured: no payments in the measured window (after run.warmup)"
    }

    public static func render(_ summary: RunSummary) -> String {
        var lines: [String] = []
        lines.append("")
        lines.append(pad("outcome", 22) + padLeft("count", 12) + padLeft("share", 10))
        for outcome in summary.outcomes {
            let measured = summary.outcomes.reduce(0) { $0 + $1.count }
            let share = measured > 0 ? Double(outcome.count) / Double(measured) : 0
            lines.append(pad(outcome.name, 22) + padLeft(grouped(outcome.count), 12) + padLeft(percent(share), 10))
        }
        if !summary.flows.isEmpty {
            lines.append("")
            let width = max(16, (summary.flows.map(\.name.count).max() ?? 0) + 2)
            lines.append(pad("flow", width) + padLeft("completed", 11) + padLeft("success", 10) + padLeft("p50 ms", 10)
                         + padLeft("p99 ms", 11) + "  top failures")
            for flow in summary.flows {
                let failures = flow.topFailures.prefix(3).map { "\($0.name) \(grouped($0.count))" }.joined(separator: ", ")
                lines.append(pad(flow.name, width) + padLeft(grouped(flow.completed), 11) + padLeft(percent(flow.successRate), 10)
                             + padLeft(ms(flow.latency.percentile(0.5)), 10) + padLeft(ms(flow.latency.percentile(0.99)), 11)
                             + "  " + (failures.isEmpty ? "–" : failures))
            }
        }
        let latency = summary.latency
        lines.append("")
        lines.append("latency ms   mean \(fixed(latency.mean / 1e6, 1))  p50 \(ms(latency.percentile(0.5)))"
                     + "  p90 \(ms(latency.percentile(0.9)))  p99 \(ms(latency.percentile(0.99)))"
                     + "  p999 \(ms(latency.percentile(0.999)))  max \(ms(latency.max))")
        if !summary.stations.isEmpty {
            lines.append("")
            lines.append(pad("station", 17) + padLeft("servers", 8) + padLeft("utilization", 13)
                         + padLeft("wait p50", 11) + padLeft("wait p99", 11) + padLeft("rejected", 10))
            for station in summary.stations {
                lines.append(pad(station.name, 17) + padLeft("\(station.servers)", 8)
                             + padLeft(fixed(station.utilization, 3), 13)
                             + padLeft(ms(station.queueingDelay.percentile(0.5)) + "ms", 11)
                             + padLeft(ms(station.queueingDelay.percentile(0.99)) + "ms", 11)
                             + padLeft(grouped(station.rejected), 10))
            }
        }
        for section in summary.sections {
            lines.append("")
            lines.append(section.heading)
            lines.append(contentsOf: section.lines.map { "  " + $0 })
        }
        lines.append("")
        lines.append("completed \(grouped(summary.completed)) in \(fixed(summary.simulatedSeconds, 1)) simulated s, "
                     + "\(fixed(summary.wallSeconds, 3)) wall s (\(grouped(UInt64(summary.completedPerWallSecond))) per wall s)"
                     + "  success \(percent(summary.successRate))")
        for objective in summary.objectives {
            lines.append("SLO \(objective.metric) \(objective.threshold): \(objective.passed ? "passed" : "FAILED")"
                         + " (\(actualText(objective.actual, metric: objective.metric)))")
        }
        lines.append("trace hash \(Trace.hex(summary.traceHash))  steps \(grouped(summary.steps))"
                     + "  violations \(summary.violations)\(summary.interrupted ? "  INTERRUPTED" : "")")
        return lines.joined(separator: "\n")
    }

    public static func ms(_ nanoseconds: Int64) -> String { fixed(Double(nanoseconds) / 1e6, 1) }

    public static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = UInt64(scaled / scale)
        var text = "\(value < 0 && scaled > 0 ? "-" : "")\(whole)"
        if digits > 0 {
            let fraction = String(UInt64(scaled) % UInt64(scale))
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }

    public static func percent(_ share: Double) -> String { fixed(share * 100, 2) + "%" }

    /// 1234567 → "1,234,567".
    public static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}

extension SummaryTable {
    /// Bytes to MiB with one decimal, for reports.
    public static func roundedMiB(_ bytes: UInt64) -> Double { (Double(bytes) / 1_048_576 * 10).rounded() / 10 }
}
