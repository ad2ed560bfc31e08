import Foundation
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel
import Synchronization

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
                 help: "write every step: FILE.txt as fixed-width text, FILE.json as Chrome trace JSON (Perfetto)"),
        FlagSpec(name: "strategy", valueName: "S", help: "scheduling: fifo (default), random, or pct[:DEPTH] (default depth 3)"),
        FlagSpec(name: "lanes", valueName: "MODE", help: "shared (default: actor hops are direct calls) or per-actor"),
        FlagSpec(name: "jitter", valueName: "DURATION", help: "let the scheduler delay each message by up to DURATION, from its own stream (message races)"),
        FlagSpec(name: "keep-going", valueName: nil, help: "count invariant violations instead of stopping at the first"),
        FlagSpec(name: "quiet", valueName: nil, help: "print only the summary table, no banner or progress"),
        FlagSpec(name: "json", valueName: nil, help: "print summary.json on stdout; the table goes to stderr"),
        FlagSpec(name: "progress", valueName: nil, help: "print progress lines even when stderr is not a terminal"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "run", synopsis: "[--scenario FILE] [--seed N] [--set PATH=VALUE]... [--out DIR] [--quiet]",
        summary: "Runs one simulation of a scenario and writes its summary.json and report.html.", specs: specs,
        notes: ["exit status: 0 passed, 1 an SLO or invariant failed, 2 liveness, 64 bad input, 70 internal error,",
                "130 interrupted (Ctrl-C; the summary is still written, marked \"interrupted\": true)"])

    static let replayHelp = helpText(
        command: "replay", synopsis: "--scenario FILE --seed N [--set PATH=VALUE]... [--trace FILE] [--strategy S] [--lanes MODE]",
        summary: "Runs a seed again exactly, with the full trace on (default <out>/trace.txt): the command a failure prints.",
        specs: specs)

    /// `run`, or `replay` (a run that writes the full trace unless told where).
    static func main(_ arguments: [String], output: inout Output, replay: Bool = false) throws(UsageError) -> ExitStatus {
        let command = replay ? "replay" : "run"
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: command, positionals: false)
        if parsed.has("help") {
            output.out(replay ? replayHelp : help)
            return .passed
        }
        var options = try RunOptions(parsed)
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
        if scenario.replications > 1 && !replay {
            return Replications.run(scenario, options: options, output: &output)
        }
        return execute(scenario, options: options, output: &output)
    }

    static func execute(_ scenario: Scenario, options: RunOptions, output: inout Output) -> ExitStatus {
        let seed = options.seed ?? scenario.seed
        var options = options
        if options.replay && options.tracePath == nil {
            options.tracePath = (options.outDirectory ?? "results/runs/\(scenario.name)-\(seed)") + "/trace.txt"
        }
        let simulationOptions = Simulation.Options(seed: seed, strategy: options.strategy(for: scenario), lanes: options.lanes,
                                                   deliveryJitter: options.jitter)
        let replay = replayCommand(scenario, seed: seed, options: options)
        if !options.quiet { output.info(banner(scenario, seed: seed, options: simulationOptions)) }
        let reporter = ProgressReporter(enabled: !options.quiet && (options.forceProgress || isatty(STDERR_FILENO) != 0),
                                        total: 0)
        let report: WorldReport
        do {
            switch scenario.model {
            case .referencePipeline(let configuration):
                report = try PipelineRun.run(configuration, scenario: scenario, seed: seed, options: simulationOptions,
                                             tracePath: options.tracePath, reporter: reporter)
            case .payments(let configuration):
                report = try PaymentsRun.run(configuration, scenario: scenario, seed: seed, options: simulationOptions,
                                             tracePath: options.tracePath, keepGoing: options.keepGoing, reporter: reporter)
            }
        } catch {
            output.err("paystorm run: --trace: cannot write \(options.tracePath ?? ""): \(error.localizedDescription)")
            return .badInput
        }
        reporter.finish()
        var summary = report.summary
        summary.objectives = scenario.objectives.map { objective in
            let actual = summary.metric(objective.metric) ?? .nan
            return RunSummary.Objective(metric: objective.metric, threshold: "\(objective.threshold)", actual: actual,
                                        passed: objective.threshold.holds(for: actual))
        }
        let ending = RunEnding(report, summary: summary)
        let directory = options.outDirectory ?? "results/runs/\(scenario.name)-\(seed)"
        let summaryPath = directory + "/summary.json"
        let files = [(summaryPath, summary.json().serialized() + "\n"),
                     (directory + "/metrics.csv", CSVReports.metrics(report.rows)),
                     (directory + "/latency.csv", CSVReports.latency(summary.latency)),
                     (directory + "/report.html", RunReport.html(summary, timeline: report.timeline, verdict: ending.verdict,
                                                                  replay: replay))]
        for (path, text) in files {
            do {
                try AtomicFile.write(text, to: path)
            } catch {
                output.err("paystorm run: could not write \(path): \(error.localizedDescription)")
                return .internalError
            }
        }
        if options.json { output.out(summary.json().serialized()) }
        let written = files.map(\.0) + (report.traceFile.map { ["\($0)"] } ?? [])
        let table = SummaryTable.render(summary) + "\nfiles: " + written.joined(separator: ", ")
        if options.json { output.err(table) } else { output.out(table) }
        switch ending {
        case .escape(let escape):
            output.err("FAILED  determinism escape: \(escape)\n  replay: \(replay)")
        case .failure(_, let message):
            output.err(message + "\n  seed: \(seed)\n  replay: \(replay)")
        case .interrupted:
            output.err("interrupted at \(report.endTime); partial summary written\n  replay: \(replay)")
        case .objectiveFailed(let failed):
            output.err("FAILED  SLO \(failed.metric) \(failed.threshold) (actual \(SummaryTable.fixed(failed.actual, 3)))"
                       + "\n  replay: \(replay)")
        case .passed:
            break
        }
        return ending.status
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

    /// The one command that replays this run exactly.
    static func replayCommand(_ scenario: Scenario, seed: UInt64, options: RunOptions) -> String {
        var parts = ["swift run -c release paystorm replay --scenario \(shellQuoted(scenario.file)) --seed \(seed)"]
        for override in scenario.overrides { parts.append("--set \(shellQuoted(override))") }
        if options.strategyText != "fifo" { parts.append("--strategy \(options.strategyText)") }
        if options.lanes != .shared { parts.append("--lanes \(options.lanes.rawValue)") }
        if options.jitter > .zero { parts.append("--jitter \(options.jitter)") }
        return parts.joined(separator: " ")
    }
}

/// The run flags, checked.
struct RunOptions {
    var scenarioFile = "scenarios/default.json"
    var seed: UInt64?
    var outDirectory: String?
    var tracePath: String?
    var replay = false
    var keepGoing = false
    var strategyText = "fifo"
    var pctDepth = 3
    var lanes = LaneMode.shared
    /// The scheduler's delivery jitter (`Simulation.Options.deliveryJitter`).
    var jitter = SimDuration.zero
    var quiet = false
    var json = false
    var forceProgress = false

    init(_ parsed: ParsedArguments) throws(UsageError) {
        if let file = parsed.value("scenario") { scenarioFile = file }
        if let text = parsed.value("seed") {
            guard let seed = parseSeed(text) else {
                throw UsageError("paystorm run: --seed: expected a whole number from 0 to 18446744073709551615, found \"\(text)\"")
            }
            self.seed = seed
        }
        outDirectory = parsed.value("out")
        tracePath = parsed.value("trace")
        if let text = parsed.value("strategy") {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard let name = parts.first, SchedulingStrategy.names.contains(name),
                  parts.count == 1 || name == "pct" else {
                throw UsageError("paystorm run: --strategy: expected fifo, random or pct[:DEPTH], found \"\(text)\"")
            }
            if parts.count == 2 {
                guard let depth = Int(parts[1]), (1...10).contains(depth) else {
                    throw UsageError("paystorm run: --strategy: expected a pct depth from 1 to 10, found \"\(parts[1])\"")
                }
                pctDepth = depth
            }
            strategyText = text
        }
        if let text = parsed.value("lanes") {
            guard let mode = LaneMode(rawValue: text) else {
                throw UsageError("paystorm run: --lanes: expected shared or per-actor, found \"\(text)\"")
            }
            lanes = mode
        }
        if let text = parsed.value("jitter") {
            guard let duration = try? Quantities.duration(text), duration >= .zero, duration <= .seconds(60) else {
                throw UsageError("paystorm run: --jitter: expected a duration from 0 to 60s, such as 2ms, found \"\(text)\"")
            }
            jitter = duration
        }
        quiet = parsed.has("quiet")
        keepGoing = parsed.has("keep-going")
        json = parsed.has("json")
        forceProgress = parsed.has("progress")
    }

    func strategy(for scenario: Scenario) -> SchedulingStrategy {
        switch strategyText.split(separator: ":").first.map(String.init) ?? "fifo" {
        case "random": return .random
        case "pct":
            // PCT wants an estimate of the steps in a run: about a dozen per payment here.
            let lifecycles: Int
            switch scenario.model {
            case .referencePipeline(let configuration): lifecycles = configuration.lifecycles
            case .payments(let configuration): lifecycles = configuration.lifecycles
            }
            return .pct(depth: pctDepth, steps: max(1, lifecycles * 12))
        default: return .fifo
        }
    }
}

func parseSeed(_ text: String) -> UInt64? {
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
}

func shellQuoted(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./=:@,".unicodeScalars.contains($0))
    }
    return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Ctrl-C: the first press asks the run to stop at the next progress check and write its summary.
enum Interrupt {
    static let flag = Atomic<Bool>(false)
    static var requested: Bool { flag.load(ordering: .relaxed) }
    static func install() {
        signal(SIGINT) { _ in Interrupt.flag.store(true, ordering: .relaxed) }
        // A process inherits the signal mask of the thread that started it: one spawned from a
        // Dispatch worker thread (a Swift test, an orchestrator) starts with SIGINT blocked, and
        // Ctrl-C would stay pending forever. Unblock it.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}

enum PayStormVersion {
    static let current = "0.1.0"
}
