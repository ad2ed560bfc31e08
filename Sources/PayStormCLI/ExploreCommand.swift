import Exploration
import Foundation
import Reporting
import Scenarios
import SimulationKernel
import Studies

/// `paystorm explore`: runs a range of seeds, one simulation per thread, and reports every seed
/// that breaks an invariant with its trace hash and the one command that replays it.
enum ExploreCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to explore (required)"),
        FlagSpec(name: "seeds", valueName: "A..B", help: "the seeds to run, inclusive (required)"),
        FlagSpec(name: "threads", valueName: "N", help: "simulations in parallel, one per thread (default: all cores)"),
        FlagSpec(name: "shard", valueName: "I/N|auto",
                 help: "run only the seeds s with (s - A) mod N = I; auto: I and N from a Kubernetes Indexed Job or a Slurm array"),
        FlagSpec(name: "swarm", valueName: nil, help: "let each seed also choose which faults are on and how strong (swarm testing)"),
    ] + FlagSpec.scheduling + [
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field for every seed (repeatable)", repeatable: true),
        FlagSpec(name: "time-budget", valueName: "DURATION", help: "stop starting new seeds after this wall time, e.g. 10m"),
        FlagSpec(name: "out", valueName: "DIR", help: "also write DIR/explore.json (failures, groups and state coverage) and DIR/report.html"),
        FlagSpec(name: "allow-large", valueName: nil,
                 help: "explore past the work budget of 10^10 lifecycles in all (docs/limits.md)"),
        FlagSpec(name: "quiet", valueName: nil, help: "no progress lines"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "explore", synopsis: "--scenario FILE --seeds A..B [--threads N] [--shard I/N|auto] [--swarm] [--strategy S]",
        summary: "Runs many seeds looking for invariant violations; prints each failing seed's invariant, trace hash and "
            + "replay command, then the failures grouped by invariant.", specs: specs,
        notes: ["Seeds are judged on invariants only: the scenario's SLOs are for paystorm run.",
                "exit status: 0 no seed failed, 1 a seed broke a safety invariant, 2 only liveness failures, 64 bad input,",
                "130 / 143 stopped by Ctrl-C / SIGTERM (the seeds that ran, and their failures, are still reported and written)",
                "--shard auto reads a Kubernetes Indexed Job's JOB_COMPLETION_INDEX with PAYSTORM_SHARD_COUNT (set it to the Job's",
                "completions: Kubernetes does not pass the count), or a Slurm array's SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and",
                "SLURM_ARRAY_TASK_COUNT (ids may start at 1, in steps); give each shard its own --out, then paystorm report",
                "SHARD_DIR... --out DIR merges them into the explore.json one unsharded explore writes."])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "explore", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        let options = try Options(parsed)
        // Read once: the digest explore.json records is of the bytes that ran.
        let source = try ScenarioSource(file: options.file)
        let scenario = try source.load(overrides: parsed.all("set"))
        let seeds = Explorer.seeds(options.range, shard: options.shard.map { ($0.index, $0.count) })
        try WorkBudget.check(lifecycles: Double(seeds.count) * WorkBudget.lifecycles(of: scenario),
                             of: "\(SummaryTable.grouped(UInt64(seeds.count))) seeds", allowed: parsed.has("allow-large"),
                             command: "explore")
        if let directory = options.out {
            try OutputDirectory.claim(directory, command: "explore")
            try OutputPaths.checkDistinct(command: "explore", inputs: [("--scenario", options.file)],
                                          outputs: [ExploreFile.name, "report.html"].map { ("--out", directory + "/" + $0) })
        }
        let explorer = Explorer(scenario: scenario, scheduling: options.scheduling, swarm: parsed.has("swarm"))
        output.info(banner(options, explorer: explorer, runs: seeds.count))
        let start = ContinuousClock.now
        let reporter = ProgressReporter(enabled: !parsed.has("quiet") && isatty(STDERR_FILENO) != 0, total: seeds.count)
        Interrupt.install()
        let report = explorer.explore(seeds, threads: options.threads, deadline: options.budget.map { start + .nanoseconds($0.nanoseconds) },
                                      shouldStop: { Interrupt.requested }) { progress in
            reporter.reportPool(finished: progress.finished, total: progress.total, failed: progress.failed)
        }
        reporter.finish()
        let seconds = wallSeconds(since: start)
        let interrupted = Interrupt.requested && report.ran < seeds.count
        if interrupted {
            output.err("interrupted (\(Interrupt.cause)) after \(report.ran) of \(seeds.count) seeds; the failures so far are below")
        }
        if report.ran == 0 && !interrupted {
            // Nothing checked is no pass: a budget shorter than one seed is a budget to fix.
            throw UsageError("paystorm explore: --time-budget \(parsed.value("time-budget") ?? "") ended before the first seed "
                             + "finished; nothing was checked; give a longer budget")
        }
        let outcome = ExploreFile(report, explorer: explorer, digest: source.digest, seeds: options.range,
                                  shard: options.shard.map { ($0.index, $0.count) }, interrupted: interrupted, wallSeconds: seconds)
        output.out(outcome.summaryText(headline: "explored \(report.ran) seeds in \(SummaryTable.fixed(seconds, 1)) wall s "
                                       + "(\(SummaryTable.fixed(Double(report.ran) / max(seconds, 1e-9), 1)) seeds/s)"))
        if let directory = options.out, let failed = write(outcome, to: directory, output: &output) { return failed }
        return interrupted ? Interrupt.status : outcome.status
    }

    /// Writes explore.json and report.html; the exit status when that fails.
    static func write(_ outcome: ExploreFile, to directory: String, output: inout Output) -> ExitStatus? {
        do {
            try outcome.write(to: directory)
            output.info("wrote \(directory)/\(ExploreFile.name) and \(directory)/report.html")
            return nil
        } catch {
            output.err("paystorm explore: could not write \(directory)/\(ExploreFile.name): \(error)")
            return .ioError
        }
    }

    /// The explore flags, checked.
    struct Options {
        var file: String
        var range: ClosedRange<UInt64>
        var scheduling: SchedulingOptions
        var threads: Int
        var shard: (index: Int, count: Int, source: String?)?
        var budget: SimDuration?
        var out: String?

        init(_ parsed: ParsedArguments) throws(UsageError) {
            file = try parsed.scenarioFile(command: "explore")
            guard let text = parsed.value("seeds") else {
                throw UsageError("paystorm explore: --seeds A..B is required, such as --seeds 1..1000")
            }
            range = try parseRange(text)
            scheduling = try parsed.schedulingOptions(command: "explore")
            threads = try parsed.wholeNumber("threads", command: "explore", default: ProcessInfo.processInfo.activeProcessorCount,
                                             in: 1...256)
            shard = try parsed.shard(command: "explore")
            if let text = parsed.value("time-budget") {
                guard let duration = try? Quantities.duration(text), duration > .zero else {
                    throw UsageError("paystorm explore: --time-budget: expected a duration such as 10m, found \"\(text)\"")
                }
                budget = duration
            }
            out = parsed.value("out")
        }
    }

    static func banner(_ options: Options, explorer: Explorer, runs: Int) -> String {
        "paystorm \(PayStormVersion.current) explore  scenario=\(options.file)  seeds=\(options.range.lowerBound)..\(options.range.upperBound)"
            + "  runs=\(runs)  threads=\(options.threads)  strategy=\(options.scheduling.strategy)"
            + "  lanes=\(options.scheduling.lanes.rawValue)" + (explorer.swarm ? "  swarm" : "")
            + (options.shard.map { "  shard=\($0.index)/\($0.count)" + ($0.source.map { " (\($0))" } ?? "") } ?? "")
    }

    /// The most seeds one explore runs: a range past it would take days; split it into ranges.
    static let maximumSeeds: UInt64 = 100_000_000

    static func parseRange(_ text: String) throws(UsageError) -> ClosedRange<UInt64> {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let low = parseSeed(parts[0]), let high = parseSeed(parts[1]) else {
            throw UsageError("paystorm explore: --seeds: expected A..B, two whole numbers from 0 to 18446744073709551615, "
                             + "such as 1..1000, found \"\(text)\"")
        }
        guard low <= high else {
            throw UsageError("paystorm explore: --seeds: expected A..B with A <= B, found \"\(text)\"")
        }
        guard high - low < maximumSeeds else {
            let count = high - low == .max ? "2^64" : SummaryTable.grouped(high - low + 1)
            throw UsageError("paystorm explore: --seeds: at most \(SummaryTable.grouped(maximumSeeds)) seeds in one explore, "
                             + "found \(count) in \"\(text)\"; split the range into several explores (docs/limits.md)")
        }
        return low...high
    }
}
