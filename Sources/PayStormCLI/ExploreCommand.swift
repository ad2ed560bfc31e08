import Foundation
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel
import Synchronization

/// `paystorm explore`: runs a range of seeds, one simulation per thread, and reports every seed
/// that breaks an invariant with the one command that replays it.
enum ExploreCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to explore (required)"),
        FlagSpec(name: "seeds", valueName: "A..B", help: "the seeds to run, inclusive (required)"),
        FlagSpec(name: "threads", valueName: "N", help: "simulations in parallel, one per thread (default: all cores)"),
        FlagSpec(name: "shard", valueName: "I/N", help: "run only the seeds s with (s - A) mod N = I"),
        FlagSpec(name: "swarm", valueName: nil, help: "let each seed also choose which faults are on and how strong (swarm testing)"),
        FlagSpec(name: "strategy", valueName: "S", help: "scheduling: fifo (default), random, or pct[:DEPTH]"),
        FlagSpec(name: "lanes", valueName: "MODE", help: "shared (default) or per-actor"),
        FlagSpec(name: "jitter", valueName: "DURATION", help: "let the scheduler delay each message by up to DURATION, from its own stream (message races)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field for every seed (repeatable)", repeatable: true),
        FlagSpec(name: "time-budget", valueName: "DURATION", help: "stop starting new seeds after this wall time, e.g. 10m"),
        FlagSpec(name: "out", valueName: "DIR", help: "also write DIR/explore.json: failures, groups and state coverage"),
        FlagSpec(name: "keep-going", valueName: nil,
                 help: "run each seed to its end after a violation, so its report counts every one (default: stop at the first)"),
        FlagSpec(name: "quiet", valueName: nil, help: "no progress lines"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "explore", synopsis: "--scenario FILE --seeds A..B [--threads N] [--shard I/N] [--swarm] [--strategy S]",
        summary: "Runs many seeds looking for invariant violations; prints each failing seed's invariant and replay command, "
            + "then the failures grouped by invariant.", specs: specs,
        notes: ["exit status: 0 no seed failed, 1 a seed broke a safety invariant or an SLO, 2 only liveness failures, 64 bad input"])

    struct Finding: Sendable {
        var seed: UInt64
        var invariant: String
        var detail: String
        var liveness: Bool
        var faults: String
    }

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "explore", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard let file = parsed.value("scenario") else { throw UsageError("paystorm explore: --scenario FILE is required") }
        guard let range = parsed.value("seeds").flatMap(parseRange) else {
            throw UsageError("paystorm explore: --seeds: expected A..B with A <= B, such as 1..1000")
        }
        let runOptions = try RunOptions(parsed)
        let threads = try SweepCommand.positive(parsed.value("threads"), flag: "--threads",
                                                default: ProcessInfo.processInfo.activeProcessorCount, limit: 256)
        let shard = try parsed.value("shard").map { text throws(UsageError) in try SweepCommand.parseShard(text) }
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
        let swarm = parsed.has("swarm")
        let seeds = Array(range).filter { shard == nil || Int(($0 - range.lowerBound) % UInt64(shard!.count)) == shard!.index }
        output.info("paystorm \(PayStormVersion.current) explore  scenario=\(file)  seeds=\(range.lowerBound)..\(range.upperBound)"
                    + "  runs=\(seeds.count)  threads=\(threads)  strategy=\(runOptions.strategyText)  lanes=\(runOptions.lanes.rawValue)"
                    + (swarm ? "  swarm" : "") + (shard.map { "  shard=\($0.index)/\($0.count)" } ?? ""))
        let start = ContinuousClock.now
        let findings = ExploreRunner.run(seeds: seeds, scenario: scenario, options: runOptions, swarm: swarm, threads: threads,
                                         budget: budget, progress: !parsed.has("quiet") && isatty(STDERR_FILENO) != 0)
        let seconds = wallSeconds(since: start)
        for finding in findings.failures.sorted(by: { $0.seed < $1.seed }) {
            var options = runOptions
            options.seed = finding.seed
            let replay = RunCommand.replayCommand(scenario, seed: finding.seed, options: options)
            output.out("FAILED  seed \(finding.seed)  \(finding.invariant)  \(finding.detail)"
                       + (finding.faults.isEmpty ? "" : "\n  faults: \(finding.faults)")
                       + "\n  replay: \(swarm ? SwarmFaults.replay(scenario, seed: finding.seed, options: runOptions) : replay)")
        }
        var groups: [(String, Int)] = []
        for finding in findings.failures.sorted(by: { $0.seed < $1.seed }) {
            if let index = groups.firstIndex(where: { $0.0 == finding.invariant }) {
                groups[index].1 += 1
            } else {
                groups.append((finding.invariant, 1))
            }
        }
        let rate = Double(findings.ran) / max(seconds, 1e-9)
        output.out("\nexplored \(findings.ran) seeds in \(SummaryTable.fixed(seconds, 1)) wall s "
                   + "(\(SummaryTable.fixed(rate, 1)) seeds/s): \(findings.failures.count) failed"
                   + (groups.isEmpty ? "" : "\n" + groups.map { "  \($0.0): \($0.1) seed(s)" }.joined(separator: "\n")))
        let coverage = CoverageReport.lines(findings.coverage)
        if !coverage.isEmpty {
            output.out("\nstate coverage over \(findings.ran) seeds (pairs never reached include those the tables forbid)\n"
                       + coverage.map { "  " + $0 }.joined(separator: "\n"))
        }
        if let directory = parsed.value("out") {
            let json = JSONOutput.object([
                ("scenario", .string(file)), ("seeds", .string("\(range.lowerBound)..\(range.upperBound)")),
                ("ran", .integer(Int64(findings.ran))), ("wall_seconds", .number(seconds)),
                ("failures", .array(findings.failures.sorted(by: { $0.seed < $1.seed }).map { finding in
                    .object([("seed", .unsigned(finding.seed)), ("invariant", .string(finding.invariant)),
                             ("detail", .string(finding.detail)), ("liveness", .bool(finding.liveness)),
                             ("faults", .string(finding.faults))])
                })),
                ("groups", .object(groups.map { ($0.0, .integer(Int64($0.1))) })),
                ("state_coverage", CoverageReport.json(findings.coverage)),
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
        if findings.failures.contains(where: { !$0.liveness }) { return .invariantViolated }
        return findings.failures.isEmpty ? .passed : .livenessViolated
    }

    static func parseRange(_ text: String) -> ClosedRange<UInt64>? {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low <= high,
              high - low < 100_000_000 else { return nil }
        return low...high
    }
}

/// Runs seeds on a pool of threads; each finding lands in a shared list.
enum ExploreRunner {
    static func run(seeds: [UInt64], scenario: Scenario, options: RunOptions, swarm: Bool, threads: Int,
                    budget: SimDuration?, progress: Bool) -> (ran: Int, failures: [ExploreCommand.Finding], coverage: StateCoverage) {
        let findings = Mutex<[ExploreCommand.Finding]>([])
        let coverage = Mutex(StateCoverage())
        let deadline = budget.map { ContinuousClock.now + .nanoseconds($0.nanoseconds) }
        let ran = WorkerThreads.run(count: seeds.count, threads: threads, deadline: deadline, progress: progress,
                                    showsRemaining: false, failures: { findings.withLock { $0.count } }) { index in
            let (finding, reached) = runOne(scenario, seed: seeds[index], options: options, swarm: swarm)
            if let finding { findings.withLock { $0.append(finding) } }
            if let reached { coverage.withLock { $0.merge(reached) } }
        }
        return (ran, findings.withLock { $0 }, coverage.withLock { $0 })
    }

    static func runOne(_ scenario: Scenario, seed: UInt64, options: RunOptions,
                       swarm: Bool) -> (ExploreCommand.Finding?, StateCoverage?) {
        let simulationOptions = Simulation.Options(seed: seed, strategy: options.strategy(for: scenario), lanes: options.lanes,
                                                   deliveryJitter: options.jitter)
        switch scenario.model {
        case .payments(var configuration):
            var faults = ""
            if swarm { faults = SwarmFaults.apply(seed: seed, to: &configuration) }
            let result = PaymentsWorld(configuration: configuration, options: simulationOptions, keepGoing: options.keepGoing)
                .run(reportingEvery: .hours(24))
            if let violation = result.safetyViolation ?? result.livenessViolation {
                let where_ = "\(violation.subject) t=\(violation.time)"
                let more = result.violations.count > 1 ? " (+\(result.violations.count - 1) more violations)" : ""
                return (.init(seed: seed, invariant: "\(violation.invariant) \(violation.claim)",
                              detail: "\(where_): \(violation.detail)\(more)",
                              liveness: violation.isLiveness, faults: faults), result.coverage)
            }
            if let escape = result.escapes.first {
                return (.init(seed: seed, invariant: "escape", detail: "\(escape)", liveness: false, faults: faults),
                        result.coverage)
            }
            return (nil, result.coverage)
        case .referencePipeline(let configuration):
            let result = ReferencePipeline(configuration: configuration, options: simulationOptions).run(reportingEvery: .hours(24))
            if result.unfinished > 0 {
                return (.init(seed: seed, invariant: "G-7 EveryLifecycleEndsInTime",
                              detail: "\(result.unfinished) payments unfinished", liveness: true, faults: ""), nil)
            }
            if let escape = result.escapes.first {
                return (.init(seed: seed, invariant: "escape", detail: "\(escape)", liveness: false, faults: ""), nil)
            }
            return (nil, nil)
        }
    }
}

/// Swarm testing (TigerBeetle's VOPR, FoundationDB's BUGGIFY): the seed also chooses which
/// fault kinds are on and how strong, from a stream of its own, so a seed range covers many
/// fault mixes. The choice is printed, and replayed by the same seed.
enum SwarmFaults {
    static func apply(seed: UInt64, to configuration: inout PaymentsConfiguration) -> String {
        var random = SimRandom(seed: seed).stream(for: 0x5357_4152_4D)  // "SWARM": apart from the run's own streams.
        let rates = [Ratio.zero, Ratio(1, 200), Ratio(1, 50), Ratio(1, 20)]
        func pick() -> Ratio { rates[random.index(below: rates.count)] }
        configuration.faults = FaultProfile(loss: pick(), duplication: pick(), reordering: pick())
        var parts = ["loss \(configuration.faults.loss)", "duplication \(configuration.faults.duplication)",
                     "reordering \(configuration.faults.reordering)"]
        if random.chance(Ratio(1, 2)) {
            let actor = [PaymentActorKind.issuer, .acquirer, .acs, .network][random.index(below: 4)]
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            let duration = SimDuration.seconds(Int64(random.int(in: 5...40)))
            configuration.outages.append(OutageWindow(actor: actor, start: start, duration: duration))
            parts.append("outage \(actor) at \(start) for \(duration)")
        }
        if random.chance(Ratio(1, 3)) {
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            configuration.faultWindows.append(PaymentFaultWindow(kind: .latencySpike(factor: 20), start: start,
                                                                 duration: .seconds(10)))
            parts.append("latency ×20 at \(start) for 10s")
        }
        if random.chance(Ratio(1, 3)) {
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            configuration.slowdowns.append(Slowdown(actor: .issuer, factor: 10, start: start, duration: .seconds(20)))
            parts.append("slow issuer ×10 at \(start) for 20s")
        }
        // Drawn after the original choices, so those stay what they were for every seed.
        if random.chance(Ratio(1, 4)) {
            let links: [[PaymentActorKind]] = [[.gateway, .acs], [.acquirer, .network], [.network, .issuer],
                                               [.wallet, .messageChannel], [.cardPlatform, .scaAuthority]]
            let pair = links[random.index(below: links.count)]
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            configuration.faultWindows.append(PaymentFaultWindow(kind: .partition, start: start, duration: .seconds(15),
                                                                 between: pair))
            parts.append("partition \(pair[0])–\(pair[1]) at \(start) for 15s")
        }
        if random.chance(Ratio(1, 4)) {
            let actor = [PaymentActorKind.acs, .platform, .wallet, .cardPlatform, .tokenService][random.index(below: 5)]
            let start = SimDuration.seconds(Int64(random.int(in: 0...60)))
            configuration.outages.append(OutageWindow(actor: actor, start: start, duration: .seconds(20)))
            parts.append("\(actor) down at \(start) for 20s")
        }
        if random.chance(Ratio(1, 4)) {
            // Timer skew: every timeout of the flows runs fast or slow, so timeouts race the answers
            // they wait for (a stand-in before the issuer's late reply, an inquiry before the original).
            let factors = [0.25, 0.5, 2.0]
            let factor = factors[random.index(below: factors.count)]
            func skewed(_ duration: SimDuration) -> SimDuration { .seconds(fractional: duration.seconds * factor) }
            configuration.timeouts.merchantCall = skewed(configuration.timeouts.merchantCall)
            configuration.timeouts.authorization = skewed(configuration.timeouts.authorization)
            configuration.timeouts.issuerStandIn = skewed(configuration.timeouts.issuerStandIn)
            configuration.timeouts.authentication = skewed(configuration.timeouts.authentication)
            configuration.timeouts.resolutionHop = skewed(configuration.timeouts.resolutionHop)
            configuration.seed.stepCall = skewed(configuration.seed.stepCall)
            parts.append("timer skew ×\(factor)")
        }
        return parts.joined(separator: ", ")
    }

    static func replay(_ scenario: Scenario, seed: UInt64, options: RunOptions) -> String {
        "swift run -c release paystorm explore --scenario \(shellQuoted(scenario.file)) --seeds \(seed)..\(seed) --swarm"
            + scenario.overrides.map { " --set \(shellQuoted($0))" }.joined()
            + (options.strategyText == "fifo" ? "" : " --strategy \(options.strategyText)")
            + (options.lanes == .shared ? "" : " --lanes \(options.lanes.rawValue)")
            + (options.jitter > .zero ? " --jitter \(options.jitter)" : "")
    }
}
