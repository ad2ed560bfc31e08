import Exploration
import Foundation
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel
import Studies

/// `paystorm run`: one simulation of a scenario, with a banner, live progress, a summary table
/// and `summary.json`.
enum RunCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to run (default scenarios/default.json)"),
        FlagSpec(name: "seed", valueName: "N", help: "run seed, 0 to 2^64-1 (default: the scenario's seed)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override any scenario field, e.g. workload.rate=300 (repeatable)",
                 repeatable: true),
        FlagSpec(name: "out", valueName: "DIR",
                 help: "where to write summary.json, report.html and the CSVs (default results/runs/<scenario>-<seed>/)"),
        FlagSpec(name: "trace", valueName: "FILE",
                 help: "write every step to FILE: Chrome trace JSON (Perfetto) if it ends in .json, else fixed-width text; "
                     + "a directory gets DIR/trace.txt"),
    ] + FlagSpec.scheduling + [
        FlagSpec(name: "swarm", valueName: nil,
                 help: "the seed also chooses its faults, as in explore --swarm (to trace a swarm seed's failure)"),
        FlagSpec(name: "quiet", valueName: nil, help: "print only the summary table, no banner or progress"),
        FlagSpec(name: "json", valueName: nil, help: "print summary.json on stdout; the table goes to stderr"),
        FlagSpec(name: "progress", valueName: nil, help: "print progress lines even when stderr is not a terminal"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "run", synopsis: "[--scenario FILE] [--seed N] [--set PATH=VALUE]... [--out DIR] [--quiet]",
        summary: "Runs one simulation of a scenario and writes its summary.json and report.html.", specs: specs,
        notes: ["exit status: 0 passed, 1 an SLO or invariant failed, 2 liveness, 64 bad input, 74 a file could not be written,",
                "70 internal error, 130 / 143 / 129 interrupted by Ctrl-C / SIGTERM / SIGHUP (the summary is still written,",
                "marked \"interrupted\": true)"])

    static let replayHelp = helpText(
        command: "replay", synopsis: "--scenario FILE --seed N [--set PATH=VALUE]... [--trace FILE] [--strategy S] [--lanes MODE]",
        summary: "Runs a seed again exactly, with the full trace on (default <out>/trace.txt): the command a failure prints.",
        specs: specs)

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        try run(arguments, output: &output, replay: false)
    }

    /// `replay`: a run that writes the full trace unless told where.
    static func replay(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        try run(arguments, output: &output, replay: true)
    }

    private static func run(_ arguments: [String], output: inout Output, replay: Bool) throws(UsageError) -> ExitStatus {
        let command = replay ? "replay" : "run"
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: command, positionals: false)
        if parsed.has("help") {
            output.out(replay ? replayHelp : help)
            return .passed
        }
        var options = try RunOptions(parsed, command: command)
        options.replay = replay
        // From here on Ctrl-C is a request to stop, never a kill: the run that follows stops at its
        // first progress check and writes a summary marked interrupted.
        Interrupt.install()
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(file: options.scenarioFile, overrides: parsed.all("set"))
        } catch {
            output.err(error.description)
            return .badInput
        }
        do throws(UsageError) {
            try OutputDirectory.claim(options.outDirectory ?? "results/runs/\(scenario.name)-\(options.seed ?? scenario.seed)",
                                      command: command)
        } catch {
            output.err(error.description)
            return .badInput
        }
        if scenario.replications > 1 && !replay {
            return replications(scenario, options: options, output: &output)
        }
        return execute(scenario, options: options, output: &output)
    }

    static func execute(_ scenario: Scenario, options: RunOptions, output: inout Output) -> ExitStatus {
        let seed = options.seed ?? scenario.seed
        var options = options
        let directory = options.outDirectory ?? "results/runs/\(scenario.name)-\(seed)"
        if options.replay && options.tracePath == nil { options.tracePath = directory + "/trace.txt" }
        do throws(UsageError) {
            try OutputDirectory.claim(directory, command: options.replay ? "replay" : "run")
            try OutputPaths.checkDistinct(command: options.replay ? "replay" : "run", inputs: [("--scenario", scenario.file)],
                                          outputs: RunStudy.fileNames.map { ("--out", directory + "/" + $0) }
                                              + (options.tracePath.map { [("--trace", $0)] } ?? []))
        } catch {
            output.err(error.description)
            return .badInput
        }
        let run = ScenarioRun(scenario: scenario, seed: seed, scheduling: options.scheduling, swarm: options.swarm)
        if !options.quiet {
            output.info(banner(scenario, seed: seed, options: run.options) + (run.swarmFaults.map { "\n  swarm faults: \($0)" } ?? ""))
        }
        let reporter = ProgressReporter(enabled: !options.quiet && (options.forceProgress || isatty(STDERR_FILENO) != 0), total: 0)
        var unrun = ExitStatus.passed
        guard let outcome = study("run", reporter: reporter, output: &output, failure: &unrun, {
            try RunStudy.run(run, directory: directory, tracePath: options.tracePath, stop: Interrupt.condition,
                             progress: reporter.report)
        }) else { return unrun }
        if options.json { output.out(outcome.summary.json().serialized()) }
        let status = printOutcome(outcome, seed: seed, tableToStandardError: options.json, output: &output)
        guard let failure = outcome.report.traceFailure else { return status }
        // The summary and report are written; the trace is not whole, and a passing run says so by its status.
        output.err("paystorm \(options.replay ? "replay" : "run"): --trace \(options.tracePath ?? ""): \(failure)")
        return status == .passed ? .ioError : status
    }

    /// Runs a study with its progress lines; nil when it could not, having said why, with the status
    /// in `failure`: 74 for a result file not written, 64 for a trace file not opened.
    static func study(_ command: String, reporter: ProgressReporter, output: inout Output, failure: inout ExitStatus,
                      _ body: () throws -> RunStudy.Outcome) -> RunStudy.Outcome? {
        defer { reporter.finish() }
        do {
            return try body()
        } catch let error as WriteError {
            output.err("paystorm \(command): \(error)")
            failure = .ioError
        } catch {
            output.err("\(error)")
            failure = .badInput
        }
        return nil
    }

    /// Prints a run's summary table and its files, and its failure with the replay command; returns
    /// the status its verdict gives.
    static func printOutcome(_ outcome: RunStudy.Outcome, seed: UInt64, tableToStandardError: Bool = false,
                             output: inout Output) -> ExitStatus {
        let table = SummaryTable.render(outcome.summary) + "\nfiles: " + outcome.files.joined(separator: ", ")
        if tableToStandardError { output.err(table) } else { output.out(table) }
        if let message = outcome.verdict.message(seed: seed, replay: outcome.replay, endTime: "\(outcome.report.endTime)") {
            output.err(message)
        }
        return ExitStatus(outcome.verdict.verdict, interruption: Interrupt.interruption)
    }

    static func banner(_ scenario: Scenario, seed: UInt64, options: Simulation.Options) -> String {
        var lines = ["paystorm \(PayStormVersion.current)  scenario=\(scenario.file)  seed=\(seed)"
                     + "  strategy=\(options.strategy)  lanes=\(options.lanes.rawValue)"
                     + (options.deliveryJitter > .zero ? "  jitter=\(options.deliveryJitter)" : "")]
        let effective = scenario.effectiveOptions.map { "\($0.path)=\($0.value)" }
        var line = " "
        for option in effective {
            if line.count + option.count > 110 {
                lines.append(line)
                line = " "
            }
            line += " " + option
        }
        lines.append(line)
        if !scenario.objectives.isEmpty {
            lines.append("  slo: " + scenario.objectives.map(\.description).joined(separator: ", "))
        }
        if !scenario.overrides.isEmpty { lines.append("  --set " + scenario.overrides.joined(separator: " --set ")) }
        return lines.joined(separator: "\n")
    }
}

/// The run flags, checked.
struct RunOptions {
    var scenarioFile = "scenarios/default.json"
    var seed: UInt64?
    var outDirectory: String?
    var tracePath: String?
    var replay = false
    var scheduling = SchedulingOptions()
    var quiet = false
    var json = false
    var forceProgress = false
    /// The seed also chooses its faults (`SwarmFaults`), as `explore --swarm` does.
    var swarm = false

    init(_ parsed: ParsedArguments, command: String) throws(UsageError) {
        if let file = parsed.value("scenario") { scenarioFile = file }
        seed = try parsed.seed(command: command)
        outDirectory = parsed.value("out")
        tracePath = parsed.value("trace")
        if let path = tracePath {
            guard !path.isEmpty else { throw UsageError("paystorm \(command): --trace: expected a file path, found an empty string") }
            // A directory gets its trace inside it, as replay writes <out>/trace.txt.
            var isDirectory: ObjCBool = false
            if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                tracePath = (path.hasSuffix("/") ? path : path + "/") + "trace.txt"
            }
        }
        scheduling = try parsed.schedulingOptions(command: command)
        quiet = parsed.has("quiet")
        json = parsed.has("json")
        forceProgress = parsed.has("progress")
        swarm = parsed.has("swarm")
    }
}

func parseSeed(_ text: String) -> UInt64? {
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
}
