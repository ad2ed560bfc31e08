import Exploration
import Foundation
import PaymentWorld
import Reporting
import Scenarios
import Studies

/// `paystorm coverage`: runs a scenario once and tells, for every operation and result code of
/// the five seed systems, how many times the run produced it, and for each lifecycle which
/// legal (state, event) pairs it reached. Writes coverage.json and coverage.md.
enum SeedCoverageCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to run (required; a payments scenario)"),
        FlagSpec(name: "seed", valueName: "N", help: "run seed, 0 to 2^64-1 (default: the scenario's seed)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override any scenario field, e.g. run.lifecycles=2000 (repeatable)",
                 repeatable: true),
        FlagSpec(name: "out", valueName: "DIR",
                 help: "where to write coverage.json and coverage.md (default results/coverage/<scenario>-<seed>/)"),
    ] + FlagSpec.scheduling + [
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "coverage", synopsis: "--scenario FILE [--seed N] [--set PATH=VALUE]... [--out DIR]",
        summary: "Runs a scenario once and counts every operation and code of the payment systems it drives "
            + "(\"not reached\" for none, \"not modelled\" with the reason for those the model cannot produce), "
            + "and each lifecycle's legal (state, event) pairs reached, apart from the illegal ones tried.",
        specs: specs,
        notes: ["exit status: 0 written (whatever the run's invariants said: `paystorm run` judges them), 64 bad input,",
                "74 a file could not be written, 70 internal error, 130 / 143 interrupted (nothing written)"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "coverage", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        let file = try parsed.scenarioFile(command: "coverage")
        let scheduling = try parsed.schedulingOptions(command: "coverage")
        let seedFlag = try parsed.seed(command: "coverage")
        guard let scenario = parsed.loadScenario(file, output: &output) else { return .badInput }
        guard case .payments(let configuration) = scenario.model else {
            throw UsageError("paystorm coverage: --scenario \(file): expected a payments scenario (\"model\": \"payments\"); "
                             + "the reference pipeline has no seed systems")
        }
        let seed = seedFlag ?? scenario.seed
        let directory = parsed.value("out") ?? "results/coverage/\(scenario.name)-\(seed)"
        try OutputDirectory.claim(directory, command: "coverage")
        try OutputPaths.checkDistinct(command: "coverage", inputs: [("--scenario", file)],
                                      outputs: ["coverage.json", "coverage.md"].map { ("--out", directory + "/" + $0) })
        Interrupt.install()
        let run = ScenarioRun(scenario: scenario, seed: seed, scheduling: scheduling)
        guard case .payments(let result) = run.run(progress: { _ in !Interrupt.requested }) else {
            output.err("paystorm coverage: the payments scenario built another world")
            return .internalError
        }
        if Interrupt.requested {
            output.err("interrupted (\(Interrupt.cause)): the run is incomplete, so nothing was written")
            return Interrupt.status
        }
        let command = (["paystorm", "coverage", "--scenario", file, "--seed", "\(seed)"]
            + parsed.all("set").flatMap { ["--set", $0] } + scheduling.arguments).map(shellQuoted).joined(separator: " ")
        let report = SeedCoverageReport(
            origin: .init(scenario: scenario.name, seed: seed, lifecycles: result.completed, traceHash: result.traceHash,
                          command: command),
            result: result, timeouts: configuration.timeouts)
        let paths: [String]
        do {
            paths = try ResultSet.write([("coverage.json", report.json.serialized() + "\n"), ("coverage.md", report.markdown)],
                                        into: directory, command: command, identity: [("seed", .unsigned(seed))])
        } catch {
            output.err("paystorm coverage: \(error)")
            return .ioError
        }
        output.out((report.lines + ["", "files: " + paths.joined(separator: ", ")]).joined(separator: "\n"))
        return .passed
    }
}
