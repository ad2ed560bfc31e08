import Exploration
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel

/// What a run of any world hands the run command: the summary, the interval rows, and the
/// result its verdict is read from.
public struct WorldReport {
    public var summary: RunSummary
    public var rows: [IntervalRow]
    public var timeline: RunTimeline
    public var result: ScenarioRun.Result
    public var endTime: SimTime
    public var traceFile: String?
    /// Why the trace file stopped short (a full disk, a file size limit); the run itself went on.
    public var traceFailure: String?
    /// For a monitor's violation: where it is in the trace and the records before it.
    public var traceExcerpt: String?
    /// Whether a payments run held still after its warm-up (nil for the reference pipeline).
    public var steadyState: SteadyState?
}

/// One progress look at a running world (or a pool of runs), for a progress line.
public struct ProgressLine: Sendable {
    public var now: SimTime
    /// The share of the work done, 0…1.
    public var done: Double
    public var completed: UInt64
    public var inFlight: Int
    public var latencyP99: Int64?
    public var violations: Int
    /// Since the previous look: the lifecycles that ended, and of them the ones that succeeded.
    public var intervalCompleted: UInt64 = 0
    public var intervalSucceeded: UInt64 = 0
    /// Minor units held on cards now (a payments world; 0 for others).
    public var held: Int64 = 0

    public init(now: SimTime, done: Double, completed: UInt64, inFlight: Int, latencyP99: Int64?, violations: Int) {
        (self.now, self.done, self.completed, self.inFlight, self.latencyP99, self.violations) =
            (now, done, completed, inFlight, latencyP99, violations)
    }
}

/// Runs a scenario's world as `paystorm run` does: a progress look per reporting interval, the
/// rows of metrics.csv, the trace file when asked, and a stop request honoured at the next look.
public enum RecordedRun {
    /// - Parameters:
    ///   - traceNamed: the trace's name once in place, when `tracePath` is a temporary one; its
    ///     extension chooses the format.
    ///   - steadyWindow: the steady state's window, seconds; nil lets it choose (500 s when the run
    ///     holds ten, else a tenth of what follows the warm-up).
    public static func run(_ run: ScenarioRun, tracePath: String?, traceNamed: String? = nil, stop: StopCondition = .never,
                           steadyWindow: Double? = nil,
                           progress report: (ProgressLine) -> Void = { _ in }) throws -> WorldReport {
        let writer = try attachTrace(tracePath, named: traceNamed, to: run.simulation)
        var recorder = IntervalRecorder()
        var lastCompleted: UInt64 = 0
        let start = ContinuousClock.now
        let lifecycles = switch run.scenario.model {
        case .payments(let configuration): configuration.lifecycles
        case .referencePipeline(let configuration): configuration.lifecycles
        }
        let result = run.run { progress in
            switch progress {
            case .payments(let progress):
                recorder.keep(now: progress.now, completed: progress.completed - lastCompleted,
                              succeeded: progress.interval.succeeded, inFlight: progress.inFlight,
                              latency: progress.interval.latency, stations: progress.stations, held: progress.held)
                let p99 = progress.interval.latency.count > 0 ? progress.interval.latency.percentile(0.99) : nil
                var line = ProgressLine(now: progress.now, done: Double(progress.completed) / Double(lifecycles),
                                        completed: progress.completed, inFlight: progress.inFlight, latencyP99: p99,
                                        violations: progress.violations)
                (line.intervalCompleted, line.intervalSucceeded) = (progress.completed - lastCompleted, progress.interval.succeeded)
                line.held = progress.held
                lastCompleted = progress.completed
                report(line)
            case .referencePipeline(let progress):
                recorder.keep(progress)
                report(ProgressLine(now: progress.now, done: Double(progress.generated) / Double(lifecycles),
                                      completed: progress.completed, inFlight: progress.inFlight,
                                      latencyP99: progress.latencyP99, violations: 0))
            }
            return !stop.isRequested()
        }
        let seconds = wallSeconds(since: start)
        switch (run.world, result) {
        case (.payments(let world), .payments(let payments)):
            writer?.close()
            var summary = PaymentsRun.make(scenario: run.scenario, seed: run.seed, options: run.options, result: payments,
                                           wallSeconds: seconds, bins: world.configuration.cards.bins)
            let saturation = FirstSaturation(recorder.rows)
            summary.extra.append(("first_saturation", saturation.json))
            summary.sections.append((heading: "saturation", lines: [saturation.line]))
            let steady = SteadyState(rows: recorder.rows, arrivalsEnd: payments.window.end, window: steadyWindow)
            summary.extra.append(("steady_state", steady.json))
            summary.sections.append((heading: "steady state", lines: steady.lines))
            let excerpt = (payments.safetyViolation ?? payments.livenessViolation).map {
                PaymentsRun.traceExcerpt($0, result: payments, simulation: world.simulation)
            }
            return WorldReport(summary: summary, rows: recorder.rows, timeline: recorder.timeline, result: result,
                               endTime: payments.lastTime, traceFile: writer.map { "\($0.path) (\($0.records) records)" },
                               traceFailure: writer?.failure, traceExcerpt: excerpt, steadyState: steady)
        case (.referencePipeline(let pipeline), .referencePipeline(let pipelineResult)):
            // The figures since the last whole interval, so metrics.csv ends where the run did.
            let tail = pipeline.snapshot()
            if tail.now > recorder.start { recorder.keep(tail) }
            writer?.close()
            let summary = PipelineSummary.make(scenario: run.scenario, seed: run.seed, options: run.options,
                                               result: pipelineResult, wallSeconds: seconds)
            return WorldReport(summary: summary, rows: recorder.rows, timeline: recorder.timeline, result: result,
                               endTime: pipelineResult.lastCompletion,
                               traceFile: writer.map { "\($0.path) (\($0.records) records)" }, traceFailure: writer?.failure)
        case (.payments, .referencePipeline), (.referencePipeline, .payments):
            preconditionFailure("ScenarioRun returned a result of another world than it built")
        }
    }
}

/// Collects metrics.csv rows and report.html's timeline from progress snapshots.
public struct IntervalRecorder {
    public var rows: [IntervalRow] = []
    public var timeline = RunTimeline()
    public var start = SimTime.zero
    private var stationIntervals = StationIntervals()

    public init() {}

    public mutating func keep(now: SimTime, completed: UInt64, succeeded: UInt64, inFlight: Int, latency: LatencyHistogram,
                       stations: [StationLifetime] = [], held: Int64 = 0) {
        var row = IntervalRow(end: now, seconds: (now - start).seconds, completed: completed, succeeded: succeeded,
                              inFlight: inFlight, latency: latency)
        row.held = held
        row.stations = stationIntervals.next(now: now, since: start, stations: stations)
        rows.append(row)
        timeline.add(row, latency: latency)
        start = now
    }

    public mutating func keep(_ progress: PipelineProgress) {
        keep(now: progress.now, completed: progress.interval.completed, succeeded: progress.interval.succeeded,
             inFlight: progress.inFlight, latency: progress.interval.latency)
    }
}

/// Each station's figures over one interval, from the cumulative figures at its two ends.
public struct StationIntervals {
    /// Each station's cumulative figures at the previous interval's end, by name.
    private var previous: [String: ServiceStation.Lifetime] = [:]  // Looked up, never iterated.

    public mutating func next(now: SimTime, since start: SimTime, stations: [StationLifetime]) -> [StationInterval] {
        let nanoseconds = Double((now - start).nanoseconds)
        return stations.map { station in
            let before = previous[station.name] ?? ServiceStation.Lifetime()
            let now = station.figures
            previous[station.name] = now
            let started = now.started - before.started
            return StationInterval(
                name: station.name,
                utilization: nanoseconds > 0 ? (now.busyServerNanoseconds - before.busyServerNanoseconds) / (nanoseconds * Double(station.servers)) : 0,
                queueLength: nanoseconds > 0 ? (now.waitingNanoseconds - before.waitingNanoseconds) / nanoseconds : 0,
                meanWaitMilliseconds: started > 0 ? (now.waitNanoseconds - before.waitNanoseconds) / Double(started) / 1e6 : 0)
        }
    }
}

/// Opens the trace file when asked, and attaches it to the simulation.
public func attachTrace(_ path: String?, named: String? = nil, to simulation: Simulation) throws -> TraceWriter? {
    guard let path else { return nil }
    let writer = try TraceWriter(path: path, named: named, simulation: simulation)
    writer.attach(to: simulation)
    return writer
}
