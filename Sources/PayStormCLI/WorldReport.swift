import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel

/// What a run of any world hands the run command: the summary, the interval rows, and how it
/// ended when it did not pass.
struct WorldReport {
    var summary: RunSummary
    var rows: [IntervalRow]
    var timeline: RunTimeline
    var escapes: [Escape]
    var endTime: SimTime
    var traceFile: String?
    /// A safety violation (exit 1) or a liveness failure (exit 2), with the message to print.
    var failure: (status: ExitStatus, message: String)?
}

/// Collects metrics.csv rows and report.html's timeline from progress snapshots.
struct IntervalRecorder {
    var rows: [IntervalRow] = []
    var timeline = RunTimeline()
    var start = SimTime.zero

    mutating func keep(now: SimTime, completed: UInt64, succeeded: UInt64, inFlight: Int, latency: LatencyHistogram) {
        let row = IntervalRow(end: now, seconds: (now - start).seconds, completed: completed, succeeded: succeeded,
                              inFlight: inFlight, latency: latency)
        rows.append(row)
        timeline.add(row, latency: latency)
        start = now
    }
}

/// Opens the trace file when asked, and attaches it to the simulation.
func attachTrace(_ path: String?, to simulation: Simulation) throws -> TraceWriter? {
    guard let path else { return nil }
    let writer = try TraceWriter(path: path, simulation: simulation)
    writer.attach(to: simulation)
    return writer
}

func wallSeconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

enum PipelineRun {
    static func run(_ configuration: PipelineConfiguration, scenario: Scenario, seed: UInt64, options: Simulation.Options,
                    tracePath: String?, reporter: ProgressReporter) throws -> WorldReport {
        let pipeline = ReferencePipeline(configuration: configuration, options: options)
        let writer = try attachTrace(tracePath, to: pipeline.simulation)
        var recorder = IntervalRecorder()
        let start = ContinuousClock.now
        func keep(_ progress: PipelineProgress) {
            recorder.keep(now: progress.now, completed: progress.interval.completed, succeeded: progress.interval.succeeded,
                          inFlight: progress.inFlight, latency: progress.interval.latency)
        }
        let result = pipeline.run(reportingEvery: .seconds(1)) { progress in
            keep(progress)
            reporter.report(.init(now: progress.now, done: Double(progress.generated) / Double(configuration.lifecycles),
                                  completed: progress.completed, inFlight: progress.inFlight,
                                  latencyP99: progress.latencyP99, violations: 0))
            return !Interrupt.requested
        }
        let tail = pipeline.snapshot()
        if tail.now > recorder.start { keep(tail) }
        writer?.close()
        let summary = PipelineSummary.make(scenario: scenario, seed: seed, options: options, result: result,
                                           wallSeconds: wallSeconds(since: start))
        var failure: (ExitStatus, String)?
        if result.unfinished > 0 && !summary.interrupted {
            failure = (.livenessViolated, "FAILED  liveness: \(result.unfinished) payments still in flight when the run ended")
        }
        return WorldReport(summary: summary, rows: recorder.rows, timeline: recorder.timeline, escapes: result.escapes,
                           endTime: result.lastCompletion,
                           traceFile: writer.map { "\($0.path) (\($0.records) records)" }, failure: failure)
    }
}
