import Exploration
import Foundation
import Reporting
import Scenarios
import SimulationKernel
import Studies

/// `paystorm soak`: a scenario's arrivals for a simulated length, each window's figures printed as
/// it closes, and the verdict: stationary, or what drifts and by how much. The run's files, plus
/// `soak.csv` with the windows the trends are fitted to.
enum SoakCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to soak (default scenarios/default.json)"),
        FlagSpec(name: "for", valueName: "DURATION",
                 help: "virtual time of arrivals, e.g. 8h (default 2h); the scenario's rate and shape go on for that long"),
        FlagSpec(name: "window", valueName: "DURATION",
                 help: "the trend windows' length (default 500s, or a tenth of --for when it holds fewer than ten)"),
    ] + RunCommand.specs.filter { ["seed", "set"].contains($0.name) } + [
        FlagSpec(name: "out", valueName: "DIR",
                 help: "where to write summary.json, report.html, the CSVs and soak.csv (default results/soaks/<scenario>-<seed>/)"),
        FlagSpec(name: "quiet", valueName: nil, help: "print only the summary table and the verdict, no banner, windows or progress"),
    ] + RunCommand.specs.filter { ["progress", "help"].contains($0.name) }

    static let help = helpText(
        command: "soak", synopsis: "[--scenario FILE] [--for DURATION] [--window DURATION] [--seed N] [--set PATH=VALUE]... [--out DIR]",
        summary: "Soaks a scenario: its arrivals for a simulated length, judged window by window for drift.", specs: specs,
        notes: ["The warm-up is found in the run's own figures (MSER-5); after it, success, p99, lifecycles in flight and",
                "money held are each tested for a trend. Drifting means a change past 2 points of success or 25 % of p99,",
                "10 % of in flight or of held money, and unlikely to be noise (|t| > 3).",
                "exit status: 0 stationary and passed, 1 drifting, not settled, too short to judge, or an SLO or invariant",
                "failed, 2 liveness, 64 bad input, 74 a file could not be written, 130 / 143 / 129 interrupted"])

    /// A month of virtual arrivals at most: a longer soak is a run with `run.duration` of its own.
    static let longest = SimDuration.hours(24 * 30)

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "soak", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        let length = try duration(parsed, "for", default: .hours(2))
        let requested = try parsed.value("window").map { _ throws(UsageError) in try duration(parsed, "window", default: .zero) }
        let window = SoakStudy.window(for: length, requested: requested)
        guard window <= length.seconds / Double(SteadyState.minimumWindows) else {
            throw UsageError("paystorm soak: --window \(parsed.value("window") ?? ""): expected at most a sixth of --for "
                             + "(\(SteadyState.minimumWindows) windows are needed to judge a trend)")
        }
        let seed = try parsed.seed(command: "soak")
        Interrupt.install()
        let scenario: Scenario
        let directory: String
        do throws(UsageError) {
            scenario = try loadWorld(parsed, length: length)
            directory = parsed.value("out") ?? "results/soaks/\(scenario.name)-\(seed ?? scenario.seed)"
            try OutputDirectory.claim(directory, command: "soak")
            try OutputPaths.checkDistinct(command: "soak", inputs: [("--scenario", scenario.file)],
                                          outputs: (RunStudy.fileNames + ["soak.csv"]).map { ("--out", directory + "/" + $0) })
        } catch {
            output.err(error.description)
            return .badInput
        }
        let runSeed = seed ?? scenario.seed
        let quiet = parsed.has("quiet")
        let run = ScenarioRun(scenario: scenario, seed: runSeed, scheduling: SchedulingOptions())
        if !quiet {
            output.info(RunCommand.banner(scenario, seed: runSeed, options: run.options)
                        + "\n  soak: \(length) of arrivals, windows of \(SteadyState.Trend.fixed(window)) s")
        }
        let reporter = ProgressReporter(enabled: !quiet && (parsed.has("progress") || isatty(STDERR_FILENO) != 0), total: 0)
        var unrun = ExitStatus.passed
        guard let outcome = RunCommand.study("soak", reporter: reporter, output: &output, failure: &unrun, {
            try SoakStudy.run(run, length: length, window: window, directory: directory, stop: Interrupt.condition,
                              progress: reporter.report, closed: { closed in
                                  guard !quiet else { return }
                                  StandardOutput.writeError((reporter.enabled ? "\r\u{1B}[K" : "") + closed.line + "\n")
                              })
        }) else { return unrun }
        let status = RunCommand.printOutcome(outcome, seed: runSeed, output: &output)
        guard status == .passed, let steady = outcome.report.steadyState else { return status }
        output.out("soak: \(steady.description)")
        return steady.verdict == .stationary ? .passed : .invariantViolated
    }

    /// The scenario with its arrivals lasting `length`; a payments world, which soak judges.
    private static func loadWorld(_ parsed: ParsedArguments, length: SimDuration) throws(UsageError) -> Scenario {
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(file: parsed.value("scenario") ?? "scenarios/default.json",
                                               overrides: parsed.all("set") + SoakStudy.overrides(for: length))
        } catch {
            throw UsageError(error.description)
        }
        guard case .payments = scenario.model else {
            throw UsageError("paystorm soak: \(scenario.file) models the reference pipeline: soak judges a payments world")
        }
        return scenario
    }

    private static func duration(_ parsed: ParsedArguments, _ flag: String, default value: SimDuration) throws(UsageError) -> SimDuration {
        guard let text = parsed.value(flag) else { return value }
        guard let duration = try? Quantities.duration(text), duration > .zero, duration <= longest else {
            throw UsageError("paystorm soak: --\(flag) \(text): expected a positive duration up to 720h, such as 8h or 500s")
        }
        return duration
    }
}
