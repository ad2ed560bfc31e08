import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel

/// Maps a reference-pipeline result into the domain-free summary that Reporting writes.
public enum PipelineSummary {
    public static func make(scenario: Scenario, seed: UInt64, options: Simulation.Options, result: PipelineResult,
                     wallSeconds: Double) -> RunSummary {
        var summary = RunSummary(
            scenario: scenario.name, scenarioFile: scenario.file, seed: seed, strategy: "\(options.strategy)",
            lanes: options.lanes.rawValue, traceHash: result.traceHash, steps: result.steps,
            completed: result.completed, outcomes: result.outcomes, successOutcomes: ["approved"],
            latency: result.latency, simulatedSeconds: result.lastCompletion.seconds, wallSeconds: wallSeconds,
            violations: 0,
            stations: result.stations.map {
                RunSummary.Station(name: $0.name, servers: $0.servers, utilization: $0.utilization,
                                   queueingDelay: $0.queueingDelay, arrivals: $0.arrivals, rejected: $0.rejected,
                                   abandoned: $0.abandoned, measuredSeconds: $0.measuredSeconds,
                                   meanQueueLength: $0.meanQueueLength, exponentialServiceMean: $0.exponentialServiceMean)
            },
            endReason: "\(result.end)")
        if case .stopped(let reason) = result.end, reason == "interrupted" { summary.interrupted = true }
        summary.extra = [
            ("measured", .unsigned(result.measured)),
            ("shed", .unsigned(result.shed)),
            ("unfinished", .integer(Int64(result.unfinished))),
            ("acs_primary_timeouts", .unsigned(result.acsPrimaryTimeouts)),
            ("network", .object([
                ("sent", .unsigned(result.network.sent)), ("lost", .unsigned(result.network.lost)),
                ("duplicated", .unsigned(result.network.duplicated)), ("reordered", .unsigned(result.network.reordered)),
            ])),
            ("peak_rss_mib", .number(SummaryTable.roundedMiB(ProcessMemory.peakResidentBytes()))),
        ]
        return summary
    }
}
