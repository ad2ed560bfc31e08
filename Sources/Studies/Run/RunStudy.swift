import Exploration
import Foundation
import Reporting
import Scenarios
import SimulationKernel

/// One run of a scenario as `paystorm run` makes it: the world run with its progress and trace,
/// the objectives judged, the verdict, and the four result files written. Replications and the
/// command line both call it, and read its values rather than its files.
public enum RunStudy {
    /// What one run produced.
    public struct Outcome {
        public var report: WorldReport
        /// With its objectives judged.
        public var summary: RunSummary
        public var verdict: VerdictOutput
        /// The command that replays this run.
        public var replay: ReplayCommand
        /// Every file written, the trace with its record count.
        public var files: [String]
    }

    /// The files a run writes into its directory, in the order it writes them.
    public static let fileNames = ["summary.json", "metrics.csv", "latency.csv", "report.html"]

    /// Runs `scenario` on `seed` and writes summary.json, metrics.csv, latency.csv and report.html
    /// into `directory` (and the trace to `tracePath` when given).
    ///
    /// - Throws: ``InputError`` when the trace file cannot be opened, ``WriteError`` when a result
    ///   file cannot be written.
    public static func run(_ scenario: Scenario, seed: UInt64, scheduling: SchedulingOptions = SchedulingOptions(),
                           swarm: Bool = false, directory: String, tracePath: String? = nil, stop: StopCondition = .never,
                           progress: (ProgressLine) -> Void = { _ in }) throws -> Outcome {
        try run(ScenarioRun(scenario: scenario, seed: seed, scheduling: scheduling, swarm: swarm), directory: directory,
                tracePath: tracePath, stop: stop, progress: progress)
    }

    /// As above, for a run already built (its banner printed from it).
    ///
    /// - Parameters:
    ///   - steadyWindow: the steady state's window, seconds (nil: its own choice).
    ///   - extraFiles: more files of the set, made from the run's report (a soak's windows), written
    ///     after the four and listed in its manifest with them.
    public static func run(_ run: ScenarioRun, directory: String, tracePath: String? = nil, stop: StopCondition = .never,
                           steadyWindow: Double? = nil,
                           extraFiles: (WorldReport) -> [(name: String, text: String)] = { _ in [] },
                           progress: (ProgressLine) -> Void = { _ in }) throws -> Outcome {
        let scenario = run.scenario
        let replay = ReplayCommand(run.swarm ? .swarmReplay : .replay, scenario: scenario, seed: run.seed,
                                   scheduling: run.scheduling)
        // A trace inside the directory belongs to the set: it is written under a temporary name and
        // goes in with the others, so the old set stays whole until the new one replaces it. One
        // elsewhere is the user's own file.
        let traceName = tracePath.flatMap { OutputPaths.name(of: $0, inside: directory) }
        let tracePending = traceName.map { directory + "/.\($0).\(getpid()).tmp" }
        var report: WorldReport
        do {
            report = try RecordedRun.run(run, tracePath: tracePending ?? tracePath, traceNamed: traceName, stop: stop,
                                         steadyWindow: steadyWindow, progress: progress)
        } catch {
            throw InputError("paystorm run: --trace: cannot write \(tracePath ?? ""): \(error.localizedDescription)")
        }
        var summary = report.summary
        let objectives = scenario.objectives.map { ObjectiveResult($0, actual: summary.metric($0.metric) ?? .nan) }
        summary.objectives = objectives.map {
            RunSummary.Objective(metric: $0.objective.metric, threshold: "\($0.objective.threshold)", actual: $0.actual,
                                 passed: $0.passed)
        }
        let verdict = VerdictOutput(verdict: Verdict(report.result, objectives: objectives), traceExcerpt: report.traceExcerpt,
                                    interruption: stop.interruption())
        let texts = [summary.json().serialized() + "\n", CSVReports.metrics(report.rows), CSVReports.latency(summary.latency),
                     RunReport.html(summary, timeline: report.timeline, verdict: verdict.reportVerdict, replay: "\(replay)")]
        var written: [(name: String, path: String)] = []
        if let tracePending, let traceName, let tracePath {
            if report.traceFailure == nil, let shown = report.traceFile, shown.hasPrefix(tracePending) {
                report.traceFile = tracePath + shown.dropFirst(tracePending.count)
                written = [(traceName, tracePending)]
            } else {
                // A trace that is not whole is not part of the set; the command says why.
                unlink(tracePending)
                report.traceFile = nil
            }
        }
        let files = Array(zip(fileNames, texts)).map { (name: $0, text: $1) } + extraFiles(report)
        let paths: [String]
        do {
            paths = try ResultSet.write(files, into: directory, command: replay.description, identity: [
                ("seed", .unsigned(run.seed)), ("trace_hash", .string(Trace.hex(summary.traceHash))),
                ("interrupted", .bool(summary.interrupted)),
            ], written: written)
        } catch {
            for file in written { unlink(file.path) }
            throw error
        }
        return Outcome(report: report, summary: summary, verdict: verdict, replay: replay,
                       files: paths + (report.traceFile.map { [$0] } ?? []))
    }
}
