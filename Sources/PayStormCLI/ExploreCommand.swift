import Exploration
import Foundation
import Reporting
import Scenarios
import SimulationKernel

/// `paystorm explore`: runs a range of seeds, one simulation per thread, and reports every seed
/// that breaks an invariant with its trace hash and the one command that replays it.
enum ExploreCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to explore (required)"),
        FlagSpec(name: "seeds", valueName: "A..B", help: "the seeds to run, inclusive (required)"),
        FlagSpec(name: "threads", valueName: "N", help: "simulations in parallel, one per thread (default: all cores)"),
        FlagSpec(name: "shard", valueName: "I/N", help: "run only the seeds s with (s - A) mod N = I"),
        FlagSpec(name: "swarm", valueName: nil, help: "let each seed also choose which faults are on and how strong (swarm testing)"),
    ] + FlagSpec.scheduling + [
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field for every seed (repeatable)", repeatable: true),
        FlagSpec(name: "time-budget", valueName: "DURATION", help: "stop starting new seeds after this wall time, e.g. 10m"),
        FlagSpec(name: "out", valueName: "DIR", help: "also write DIR/explore.json: failures, groups and state coverage"),
        FlagSpec(name: "allow-large", valueName: nil,
                 help: "explore past the work budget of 10^10 lifecycles in all (docs/limits.md)"),
        FlagSpec(name: "quiet", valueName: nil, help: "no progress lines"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "explore", synopsis: "--scenario FILE --seeds A..B [--threads N] [--shard I/N] [--swarm] [--strategy S]",
        summary: "Runs many seeds looking for invariant violations; prints each failing seed's invariant, trace hash and "
            + "replay command, then the failures grouped by invariant.", specs: specs,
        notes: ["Seeds are judged on invariants only: the scenario's SLOs are for paystorm run.",
                "exit status: 0 no seed failed, 1 a seed broke a safety invariant, 2 only liveness failures, 64 bad input,",
                "130 / 143 stopped by Ctrl-C / SIGTERM (the seeds that ran, and their failures, are still reported and written)"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "explore", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard let file = parsed.value("scenario") else { throw UsageError("paystorm explore: --scenario FILE is required") }
        guard let text = parsed.value("seeds") else {
            throw UsageError("paystorm explore: --seeds A..B is required, such as --seeds 1..1000")
        }
        let range = try parseRange(text)
        let scheduling = try parsed.schedulingOptions(command: "explore")
        let threads = try parsed.wholeNumber("threads", command: "explore", default: ProcessInfo.processInfo.activeProcessorCount,
                                             in: 1...256)
        let shard = try parsed.shard(command: "explore")
        var budget: SimDuration?
        if let text = parsed.value("time-budget") {
            guard let duration = try? Quantities.duration(text), duration > .zero else {
                throw UsageError("paystorm explore: --time-budget: expected a duration such as 10m, found \"\(text)\"")
            }
            budget = duration
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(file: file, overrides: parsed.all("set"))
        } catch {
            output.err(error.description)
            return .badInput
        }
        let seeds = Explorer.seeds(range, shard: shard)
        try WorkBudget.check(lifecycles: Double(seeds.count) * WorkBudget.lifecycles(of: scenario),
                             of: "\(SummaryTable.grouped(UInt64(seeds.count))) seeds", allowed: parsed.has("allow-large"),
                             command: "explore")
        if let directory = parsed.value("out") { try OutputDirectory.claim(directory, command: "explore") }
        let explorer = Explorer(scenario: scenario, scheduling: scheduling, swarm: parsed.has("swarm"))
        output.info("paystorm \(PayStormVersion.current) explore  scenario=\(file)  seeds=\(range.lowerBound)..\(range.upperBound)"
                    + "  runs=\(seeds.count)  threads=\(threads)  strategy=\(scheduling.strategy)  lanes=\(scheduling.lanes.rawValue)"
                    + (explorer.swarm ? "  swarm" : "") + (shard.map { "  shard=\($0.index)/\($0.count)" } ?? ""))
        let start = ContinuousClock.now
        let deadline = budget.map { start + .nanoseconds($0.nanoseconds) }
        let reporter = ProgressReporter(enabled: !parsed.has("quiet") && isatty(STDERR_FILENO) != 0, total: seeds.count)
        Interrupt.install()
        let report = explorer.explore(seeds, threads: threads, deadline: deadline, shouldStop: { Interrupt.requested }) { progress in
            reporter.reportPool(finished: progress.finished, total: progress.total, failed: progress.failed)
        }
        reporter.finish()
        let seconds = wallSeconds(since: start)
        for finding in report.findings {
            output.out("FAILED  seed \(finding.seed)  \(finding.invariant)  trace \(finding.traceHashText)  \(finding.detail)"
                       + (finding.faults.isEmpty ? "" : "\n  faults: \(finding.faults)")
                       + "\n  replay: \(explorer.replayCommand(for: finding.seed))")
        }
        let groups = report.groups
        let rate = Double(report.ran) / max(seconds, 1e-9)
        let interrupted = Interrupt.requested && report.ran < seeds.count
        if interrupted {
            output.err("interrupted (\(Interrupt.cause)) after \(report.ran) of \(seeds.count) seeds; the failures so far are below")
        }
        output.out("\nexplored \(report.ran) seeds in \(SummaryTable.fixed(seconds, 1)) wall s "
                   + "(\(SummaryTable.fixed(rate, 1)) seeds/s): \(report.findings.count) failed"
                   + (groups.isEmpty ? "" : "\n" + groups.map { "  \($0.invariant): \($0.seeds) seed(s)" }.joined(separator: "\n")))
        let coverage = CoverageReport.lines(report.coverage)
        if !coverage.isEmpty {
            output.out("\nstate coverage over \(report.ran) seeds (pairs never reached include those the tables forbid)\n"
                       + coverage.map { "  " + $0 }.joined(separator: "\n"))
        }
        if let directory = parsed.value("out") {
            let json = JSONOutput.object([
                ("scenario", .string(file)), ("seeds", .string("\(range.lowerBound)..\(range.upperBound)")),
                ("ran", .integer(Int64(report.ran))), ("interrupted", .bool(interrupted)), ("wall_seconds", .number(seconds)),
                ("failures", .array(report.findings.map { finding in
                    .object([("seed", .unsigned(finding.seed)), ("invariant", .string(finding.invariant)),
                             ("detail", .string(finding.detail)), ("liveness", .bool(finding.isLiveness)),
                             ("trace_hash", .string(finding.traceHashText)), ("faults", .string(finding.faults)),
                             ("replay", .string("\(explorer.replayCommand(for: finding.seed))"))])
                })),
                ("groups", .object(groups.map { ($0.invariant, .integer(Int64($0.seeds))) })),
                ("state_coverage", CoverageReport.json(report.coverage)),
            ])
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try AtomicFile.write(json.serialized(pretty: true) + "\n", to: directory + "/explore.json")
                output.info("wrote \(directory)/explore.json")
            } catch {
                output.err("paystorm explore: could not write \(directory)/explore.json: \(error)")
                return .internalError
            }
        }
        if interrupted { return Interrupt.status }
        if report.hasSafetyFailure { return .invariantViolated }
        return report.findings.isEmpty ? .passed : .livenessViolated
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
