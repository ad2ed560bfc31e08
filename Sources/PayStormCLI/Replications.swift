import Foundation
import Reporting
import Scenarios

/// `run.replications`: the scenario run on seeds seed, seed + 1, …, each with its own files in
/// `<out>/replication-K/`, then the key figures with their 95 % confidence intervals and
/// `<out>/replications.json`. The exit status is the first failing replication's.
enum Replications {
    struct Figures {
        var seed: UInt64
        var status: ExitStatus
        var successRate: Double
        var p50: Double
        var p99: Double
        var perWallSecond: Double
        var violations: Int
        var traceHash: String
    }

    static func run(_ scenario: Scenario, options: RunOptions, output: inout Output) -> ExitStatus {
        let base = options.seed ?? scenario.seed
        let directory = options.outDirectory ?? "results/runs/\(scenario.name)-\(base)"
        if !options.quiet {
            output.info("paystorm \(PayStormVersion.current)  scenario=\(scenario.file)  replications=\(scenario.replications)"
                        + "  seeds=\(base)..\(base &+ UInt64(scenario.replications - 1))  strategy=\(options.scheduling.strategy)")
        }
        var figures: [Figures] = []
        for index in 0..<scenario.replications {
            var one = options
            one.seed = base &+ UInt64(index)  // Past 2^64 - 1 the seeds wrap to 0, 1, …
            one.outDirectory = directory + "/replication-\(index + 1)"
            one.quiet = true
            one.json = false
            var messages: [String] = []
            var muted = Output(out: { _ in }, err: { messages.append($0) }, info: { _ in })
            let status = RunCommand.execute(scenario, options: one, output: &muted)
            guard let read = read(one.outDirectory! + "/summary.json", seed: one.seed!, status: status) else {
                messages.forEach(output.err)
                return status == .passed ? .internalError : status
            }
            figures.append(read)
            output.out("replication \(index + 1)  seed \(read.seed)  success \(SummaryTable.percent(read.successRate))"
                       + "  p50 \(SummaryTable.fixed(read.p50, 1)) ms  p99 \(SummaryTable.fixed(read.p99, 1)) ms"
                       + "  \(SummaryTable.grouped(UInt64(read.perWallSecond))) per wall s  violations \(read.violations)"
                       + "  trace \(read.traceHash)" + (status == .passed ? "" : "  exit \(status.rawValue)"))
            messages.forEach(output.err)
            if Interrupt.requested { break }
        }
        let summaries: [(String, SampleSummary)] = [
            ("success_rate", SampleSummary(figures.map(\.successRate))),
            ("latency_ms_p50", SampleSummary(figures.map(\.p50))),
            ("latency_ms_p99", SampleSummary(figures.map(\.p99))),
        ]
        for (name, summary) in summaries where summary.count > 1 {
            output.out("\(name.padding(toLength: 16, withPad: " ", startingAt: 0)) mean \(SummaryTable.fixed(summary.mean, 4))"
                       + "  95% CI [\(SummaryTable.fixed(summary.lower, 4)), \(SummaryTable.fixed(summary.upper, 4))]"
                       + "  over \(summary.count) replications")
        }
        let json = JSONOutput.object([
            ("scenario", .string(scenario.name)), ("replications", .integer(Int64(figures.count))),
            ("interrupted", .bool(Interrupt.requested)),
            ("runs", .array(figures.map { figure in
                .object([("seed", .unsigned(figure.seed)), ("exit", .integer(Int64(figure.status.rawValue))),
                         ("success_rate", .number(figure.successRate)), ("latency_ms_p50", .number(figure.p50)),
                         ("latency_ms_p99", .number(figure.p99)), ("violations", .integer(Int64(figure.violations))),
                         ("trace_hash", .string(figure.traceHash))])
            })),
            ("summary", .object(summaries.map { name, summary in
                (name, .object([("mean", .number(summary.mean)),
                                ("ci95_low", summary.count > 1 ? .number(summary.lower) : .null),
                                ("ci95_high", summary.count > 1 ? .number(summary.upper) : .null)]))
            })),
        ])
        do {
            try AtomicFile.write(json.serialized() + "\n", to: directory + "/replications.json")
        } catch {
            output.err("paystorm run: could not write \(directory)/replications.json: \(error.localizedDescription)")
            return .internalError
        }
        output.out("files: \(directory)/replications.json, \(directory)/replication-1 … replication-\(figures.count)")
        if Interrupt.requested { return Interrupt.status }
        return figures.first { $0.status != .passed }?.status ?? .passed
    }

    private static func read(_ path: String, seed: UInt64, status: ExitStatus) -> Figures? {
        guard let data = FileManager.default.contents(atPath: path),
              let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        let latency = root["latency_ms"] as? [String: Any]
        func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? 0 }
        return Figures(seed: seed, status: status, successRate: number(root["success_rate"]), p50: number(latency?["p50"]),
                       p99: number(latency?["p99"]), perWallSecond: number(root["completed_per_wall_second"]),
                       violations: Int(number(root["violations"])), traceHash: root["trace_hash"] as? String ?? "?")
    }
}
