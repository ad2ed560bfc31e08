import Exploration
import Foundation
import Reporting
import Scenarios
import SimulationKernel
import Synchronization
import Studies

/// `paystorm size`: the fewest servers per station that meet a target rate's objectives, found
/// by search with replications, printed as the scenario lines to paste.
///
/// Grow, then trim. While a candidate misses an objective, the station that binds (the highest
/// utilization over the measurement window) gets the servers that would bring it to 0.8, or one
/// more. Then each station, busiest first, is cut by bisection to the fewest servers that still
/// meet every objective in every replication. A candidate is judged by all its replications
/// passing, so the answer is conservative for the seeds it ran.
enum SizeCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to size (required)"),
        FlagSpec(name: "rate", valueName: "PER_S", help: "the target arrival rate, payments per second (required)"),
        FlagSpec(name: "slo", valueName: "METRIC=COMPARISON",
                 help: "an objective every replication must meet, e.g. 'system_ms_p99=< 2000' or one flow's, "
                     + "'flows.ecommpay_sale.system_ms_p99=< 2000' (repeatable; system_ms_p50/p99, latency_ms_p50/p90/p99, "
                     + "success_rate; per flow system_ms_p50/p99, latency_ms_p50/p99, success_rate)", repeatable: true),
        FlagSpec(name: "replications", valueName: "N", help: "runs per candidate, seeds base, base + 1, … (default 5)"),
        FlagSpec(name: "threads", valueName: "N", help: "simulations in parallel (default: all cores)"),
        FlagSpec(name: "seed", valueName: "N", help: "base seed (default: the scenario's seed)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field (repeatable)", repeatable: true),
        FlagSpec(name: "max-candidates", valueName: "N", help: "stop after this many candidates (default 60)"),
        FlagSpec(name: "quiet", valueName: nil, help: "no line per candidate"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "size", synopsis: "--scenario FILE --rate PER_S --slo METRIC=COMPARISON... [--replications N]",
        summary: "Finds the fewest servers per station that meet the objectives at a target rate, and prints them "
            + "as scenario lines.", specs: specs,
        notes: ["Each candidate runs N replications (seeds base, base + 1, …, as run.replications does); it passes when every "
                + "replication meets every objective and no station is saturated (utilization \(SummaryTable.fixed(SizeSearch.saturated, 2)) "
                + "over the window); "
                + "stations above 0.9 are named, since a longer run may miss what a short one met.",
                "Under a ramp, spike or profile (workload.arrivals) stations are judged second by second, as run's saturation "
                + "line: a candidate fails when a station is busy \(SummaryTable.fixed(FirstSaturation.threshold, 2)) of some "
                + "second, and the answer says whether the scenario's own topology holds the load and, if not, which station "
                + "fills first and when.",
                "exit status: 0 sized, 1 no candidate met the objectives within the limits, 64 bad input"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "size", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        let options = try Options(parsed)
        let source = try ScenarioSource(file: options.file)
        let base = try source.load(overrides: options.overrides)
        if let problem = options.objectives.lazy.compactMap({ $0.unmeetable(in: base, file: options.file) }).first {
            throw UsageError(problem)
        }
        let seed = try parsed.seed(command: "size") ?? base.seed
        Interrupt.install()
        var search = SizeSearch(source: source, overrides: options.overrides, objectives: options.objectives,
                                replications: options.replications, threads: options.threads, seed: seed,
                                maxCandidates: options.maxCandidates, log: parsed.has("quiet") ? { _ in } : { [output] in output.err($0) })
        search.stop = Interrupt.condition
        output.info("paystorm \(PayStormVersion.current) size  scenario=\(options.file)  rate=\(SweepPlan.Axis.number(options.rate))/s  "
                    + "replications=\(options.replications)  slo: "
                    + options.objectives.map { "\($0.metric) \($0.threshold)" }.joined(separator: ", "))
        let result = search.run(from: base)
        if let asGiven = search.asGiven {
            output.out(SizeSearch.verdict(asGiven, objectives: options.objectives, replications: options.replications))
        }
        guard let (servers, judged) = result else {
            output.err(Interrupt.requested ? "interrupted (\(Interrupt.cause)) after \(search.candidates) candidates"
                       : "no topology met the objectives within \(search.candidates) candidates (at most "
                         + "\(SizeSearch.maximumServers) servers a station)")
            return Interrupt.requested ? Interrupt.status : .invariantViolated
        }
        if search.limitReached {
            output.err("size: stopped at --max-candidates \(options.maxCandidates) before the search finished: this topology meets "
                       + "the objectives but is not shown to be the fewest servers; give more candidates")
        }
        output.out(search.report(servers: servers, judged: judged, objectives: options.objectives))
        output.out(confirmLine(options, seed: seed, servers: servers, search: search))
        return .passed
    }

    /// The size flags, checked.
    struct Options {
        var file: String
        var rate: Double
        var objectives: [SizeObjective]
        var replications: Int
        var threads: Int
        var maxCandidates: Int
        /// `--set` flags, then the rate the topology is sized for.
        var overrides: [String]

        init(_ parsed: ParsedArguments) throws(UsageError) {
            file = try parsed.scenarioFile(command: "size")
            guard let rateText = parsed.value("rate"), let rate = Double(rateText), rate > 0, rate <= 10_000_000 else {
                throw UsageError("paystorm size: --rate: expected a rate in payments per second above 0, at most 10,000,000, "
                                 + "found \"\(parsed.value("rate") ?? "")\"")
            }
            self.rate = rate
            objectives = try parsed.all("slo").map { text throws(UsageError) in try SizeObjective.parse(text) }
            guard !objectives.isEmpty else {
                throw UsageError("paystorm size: at least one --slo METRIC=COMPARISON is required, such as --slo 'system_ms_p99=< 2000'")
            }
            replications = try parsed.wholeNumber("replications", command: "size", default: 5, in: 1...100)
            threads = try parsed.wholeNumber("threads", command: "size", default: ProcessInfo.processInfo.activeProcessorCount,
                                             in: 1...256)
            maxCandidates = try parsed.wholeNumber("max-candidates", command: "size", default: 60, in: 1...10_000)
            overrides = parsed.all("set") + ["workload.rate=\(SweepPlan.Axis.number(rate))"]
        }
    }

    /// The same seeds, as a run of replications: it meets the objectives by construction, and a
    /// user can lengthen it or add seeds.
    static func confirmLine(_ options: Options, seed: UInt64, servers: [String: Int], search: SizeSearch) -> String {
        let sets = search.stationOrder.compactMap { name in
            SizeSearch.topologyKey(name).map { "--set topology.\($0).servers=\(servers[name] ?? 0)" }
        }
        return "confirm: paystorm run --scenario \(shellQuoted(options.file)) --seed \(seed) "
            + options.overrides.map { "--set \(shellQuoted($0)) " }.joined()
            + options.objectives.map { "--set \(shellQuoted("slo.\($0.metric)=\($0.threshold)")) " }.joined()
            + "--set run.replications=\(options.replications) " + sets.joined(separator: " ")
    }
}
