import Exploration
import Foundation
import Reporting
import Scenarios
import SimulationKernel

/// `run.replications`: the scenario run on seeds seed, seed + 1, …, each with its own files in
/// `<directory>/replication-K/`, then the key figures with their 95 % confidence intervals in
/// `<directory>/replications.json`. The figures come from each run's values, not its files.
public enum Replications {
    /// One replication's key figures.
    public struct Figures: Sendable {
        public var seed: UInt64
        public var status: ExitStatus
        public var successRate: Double
        public var p50: Double
        public var p99: Double
        public var perWallSecond: Double
        public var violations: UInt64
        public var traceHash: String
    }

    /// What the replications came to.
    public struct Outcome {
        public var figures: [Figures]
        /// Mean and 95 % interval of success, p50 and p99 over the replications, by summary key.
        public var summaries: [(name: String, summary: SampleSummary)]
        public var interrupted: Bool
        public var file: String
        /// The first failing replication's status, else passed (or the interruption's).
        public var status: ExitStatus
    }

    /// Runs every replication in turn; `each` sees each one's outcome as it ends (for its line).
    ///
    /// - Throws: ``WriteError`` when a file cannot be written, ``InputError`` when the trace cannot.
    public static func run(_ scenario: Scenario, seed base: UInt64, scheduling: SchedulingOptions, swarm: Bool,
                           directory: String, stop: StopCondition = .never,
                           each: (Int, Figures, RunStudy.Outcome) -> Void) throws -> Outcome {
        var figures: [Figures] = []
        for index in 0..<scenario.replications {
            let seed = base &+ UInt64(index)  // Past 2^64 - 1 the seeds wrap to 0, 1, …
            let outcome = try RunStudy.run(scenario, seed: seed, scheduling: scheduling, swarm: swarm,
                                           directory: directory + "/replication-\(index + 1)", stop: stop)
            let one = Figures(outcome, seed: seed)
            figures.append(one)
            each(index, one, outcome)
            if stop.isRequested() { break }
        }
        let summaries: [(name: String, summary: SampleSummary)] = [
            ("success_rate", SampleSummary(figures.map(\.successRate))),
            ("latency_ms_p50", SampleSummary(figures.map(\.p50))),
            ("latency_ms_p99", SampleSummary(figures.map(\.p99))),
        ]
        let interrupted = stop.isRequested()
        // The replications' own summary as a set of its own; each replication's directory is one too.
        let file = try ResultSet.write([("replications.json", json(scenario: scenario, figures: figures, summaries: summaries,
                                                                   interrupted: interrupted).serialized() + "\n")],
                                       into: directory, command: "run.replications", identity: [
                                           ("seed", .unsigned(base)), ("replications", .integer(Int64(figures.count))),
                                       ])[0]
        let status = interrupted ? stop.interruption().status : figures.first { $0.status != .passed }?.status ?? .passed
        return Outcome(figures: figures, summaries: summaries, interrupted: interrupted, file: file, status: status)
    }

    public static func json(scenario: Scenario, figures: [Figures], summaries: [(name: String, summary: SampleSummary)],
                     interrupted: Bool) -> JSONOutput {
        .object([
            ("scenario", .string(scenario.name)), ("replications", .integer(Int64(figures.count))),
            ("interrupted", .bool(interrupted)),
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
    }
}

extension Replications.Figures {
    /// A run's figures as its summary.json states them (milliseconds rounded to microseconds).
    public init(_ outcome: RunStudy.Outcome, seed: UInt64) {
        let summary = outcome.summary
        let milliseconds = { (quantile: Double) in RunSummary.rounded(RunSummary.milliseconds(summary.latency.percentile(quantile))) }
        self.init(seed: seed, status: ExitStatus(outcome.verdict.verdict, interruption: outcome.verdict.interruption),
                  successRate: summary.successRate, p50: milliseconds(0.5), p99: milliseconds(0.99),
                  perWallSecond: summary.completedPerWallSecond.rounded(), violations: summary.violations,
                  traceHash: Trace.hex(summary.traceHash))
    }
}
