import Foundation
import Reporting
import Scenarios
import Studies

extension RunCommand {
    /// `run` of a scenario with `run.replications` > 1: a line per replication, then each key
    /// figure's mean and 95 % interval (``Replications``). The exit status is the first failing
    /// replication's.
    static func replications(_ scenario: Scenario, options: RunOptions, output: inout Output) -> ExitStatus {
        let base = options.seed ?? scenario.seed
        let directory = options.outDirectory ?? "results/runs/\(scenario.name)-\(base)"
        if !options.quiet {
            output.info("paystorm \(PayStormVersion.current)  scenario=\(scenario.file)  replications=\(scenario.replications)"
                        + "  seeds=\(base)..\(base &+ UInt64(scenario.replications - 1))  strategy=\(options.scheduling.strategy)")
        }
        let outcome: Replications.Outcome
        do {
            let lines = output
            outcome = try Replications.run(scenario, seed: base, scheduling: options.scheduling, swarm: options.swarm,
                                           directory: directory, stop: Interrupt.condition) { index, figures, run in
                lines.out(line(index, figures))
                if let message = run.verdict.message(seed: figures.seed, replay: run.replay, endTime: "\(run.report.endTime)") {
                    lines.err(message)
                }
            }
        } catch let error as WriteError {
            output.err("paystorm run: \(error)")
            return .ioError
        } catch {
            output.err("\(error)")
            return .badInput
        }
        for (name, summary) in outcome.summaries where summary.count > 1 {
            output.out("\(name.padding(toLength: 16, withPad: " ", startingAt: 0)) mean \(SummaryTable.fixed(summary.mean, 4))"
                       + "  95% CI [\(SummaryTable.fixed(summary.lower, 4)), \(SummaryTable.fixed(summary.upper, 4))]"
                       + "  over \(summary.count) replications")
        }
        output.out("files: \(outcome.file), \(directory)/replication-1 … replication-\(outcome.figures.count)")
        return outcome.status
    }

    private static func line(_ index: Int, _ figures: Replications.Figures) -> String {
        "replication \(index + 1)  seed \(figures.seed)  success \(SummaryTable.percent(figures.successRate))"
            + "  p50 \(SummaryTable.fixed(figures.p50, 1)) ms  p99 \(SummaryTable.fixed(figures.p99, 1)) ms"
            + "  \(SummaryTable.grouped(UInt64(figures.perWallSecond))) per wall s  violations \(figures.violations)"
            + "  trace \(figures.traceHash)" + (figures.status == .passed ? "" : "  exit \(figures.status.rawValue)")
    }
}
