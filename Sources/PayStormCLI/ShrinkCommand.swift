import Exploration
import Foundation
import Reporting
import Scenarios
import Studies

/// `paystorm shrink`: takes a seed that breaks an invariant and makes its scenario as small as it
/// can while the same invariant still breaks (`Shrinker`), then writes the result as a scenario
/// file with its replay command.
enum ShrinkCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to shrink (required)"),
        FlagSpec(name: "seed", valueName: "N", help: "the failing seed (default: the scenario's seed)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field before shrinking (repeatable)",
                 repeatable: true),
        FlagSpec(name: "swarm", valueName: nil, help: "the seed chooses its faults, as in explore --swarm (a swarm seed's failure)"),
    ] + FlagSpec.scheduling + [
        FlagSpec(name: "out", valueName: "DIR", help: "where to write shrunk.json (default results/shrink/<scenario>-<seed>/)"),
        FlagSpec(name: "max-runs", valueName: "N", help: "stop shrinking after this many candidate runs (default 500)"),
        FlagSpec(name: "quiet", valueName: nil, help: "no progress lines on stderr"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "shrink", synopsis: "--scenario FILE [--seed N] [--set PATH=VALUE]... [--strategy S] [--lanes MODE] [--out DIR]",
        summary: """
            Runs a seed; if it breaks an invariant, greedily shrinks the scenario while the same invariant still breaks:
            fewer lifecycles (binary search), a shorter run.duration, fault windows, outages, slowdowns, fault rates and
            defects removed one at a time, fewer merchants, cards and servers, a smaller pct depth; round after round until
            nothing more goes. Writes the smallest as OUT/shrunk.json (the scenario's JSON with --set applied, so it runs
            on its own) and prints the steps, the invariant and the replay command. Same input, same shrunk file.
            """, specs: specs,
        notes: ["exit status: 0 the seed broke no invariant, 1 a shrunk failure was written, 64 bad input, 74 a file could not be",
                "written, 70 internal error,",
                "130 / 143 stopped by Ctrl-C / SIGTERM (the smallest failing scenario so far is still written)"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "shrink", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        let file = try parsed.scenarioFile(command: "shrink")
        let seedFlag = try parsed.seed(command: "shrink")
        let scheduling = try parsed.schedulingOptions(command: "shrink")
        let maxRuns = try parsed.wholeNumber("max-runs", command: "shrink", default: 500, in: 1...1_000_000)
        let made = try makeShrinker(parsed, file: file, seed: seedFlag, scheduling: scheduling, maxRuns: maxRuns, output: output)
        let (scenario, path) = (made.scenario, made.path)
        var shrinker = made.shrinker
        try OutputDirectory.claim(String(path.dropLast("/shrunk.json".count)), command: "shrink")
        try OutputPaths.checkDistinct(command: "shrink", inputs: [("--scenario", file)], outputs: [("--out", path)])
        let seed = shrinker.seed
        output.info("paystorm \(PayStormVersion.current) shrink  scenario=\(file)  seed=\(seed)  strategy=\(scheduling.strategy)"
                    + "  lanes=\(scheduling.lanes.rawValue)" + (shrinker.swarm ? "  swarm" : ""))
        let start = ContinuousClock.now
        let verdict = shrinker.start()
        guard let failure = verdict.invariant else {
            output.out("seed \(seed) breaks no invariant: nothing to shrink")
            return .passed
        }
        output.info("seed \(seed) fails: \(failure)  \(verdict.detail)")
        Interrupt.install()
        shrinker.shouldStop = { Interrupt.requested }
        shrinker.shrink()
        let (shrunk, final) = shrinker.finish(source: file, name: scenario.name)
        guard let final, let invariant = final.invariant, final.invariantID == verdict.invariantID else {
            output.err("paystorm shrink: the shrunk scenario no longer fails with \(verdict.invariantID ?? failure); "
                       + "this is a bug in PayStorm")
            return .internalError
        }
        do {
            let directory = String(path.dropLast("/shrunk.json".count))
            _ = try ResultSet.write([("shrunk.json", shrunk.serialized() + "\n")], into: directory, command: "\(shrinker.replayCommand)",
                                    identity: [("seed", .unsigned(seed)), ("invariant", .string(invariant))])
        } catch {
            output.err("paystorm shrink: \(error)")
            return .ioError
        }
        output.out(steps(shrinker, seconds: wallSeconds(since: start), maxRuns: maxRuns,
                         ending: ["invariant: \(invariant)  \(final.detail)", "wrote: \(path)"]))
        if shrinker.stopped {
            output.err("interrupted (\(Interrupt.cause)) after \(shrinker.runs) runs; wrote the smallest failing scenario so far")
            return Interrupt.status
        }
        return .invariantViolated
    }

    /// The scenario (with `--set`), where its shrunk form goes, and the shrinker that makes it.
    static func makeShrinker(_ parsed: ParsedArguments, file: String, seed: UInt64?, scheduling: SchedulingOptions, maxRuns: Int,
                             output: Output) throws(UsageError) -> (scenario: Scenario, path: String, shrinker: Shrinker) {
        do {
            let scenario = try ScenarioLoader.load(file: file, overrides: parsed.all("set"))
            let seed = seed ?? scenario.seed
            let path = (parsed.value("out") ?? "results/shrink/\(scenario.name)-\(seed)") + "/shrunk.json"
            let shrinker = try Shrinker(tree: ScenarioLoader.tree(file: file, overrides: parsed.all("set")), file: path, seed: seed,
                                        scheduling: scheduling, swarm: parsed.has("swarm"), maxRuns: maxRuns,
                                        onAttempt: parsed.has("quiet") ? { _ in } : { [output] in output.err("\($0)") })
            return (scenario, path, shrinker)
        } catch {
            throw UsageError(error.description)
        }
    }

    /// What the shrink removed, step by step, and how to replay the smallest failure.
    static func steps(_ shrinker: Shrinker, seconds: Double, maxRuns: Int, ending: [String]) -> String {
        var lines = ["shrunk in \(shrinker.runs) runs (\(SummaryTable.fixed(seconds, 1)) wall s)"
                     + (shrinker.runs >= maxRuns ? ", stopped at --max-runs \(maxRuns)" : "") + ":"]
        lines += shrinker.steps.isEmpty ? ["  nothing could be removed"] : shrinker.steps.map { "  " + $0.description }
        return (lines + ending + ["replay: \(shrinker.replayCommand)"]).joined(separator: "\n")
    }
}
