import Exploration
import Foundation
import Reporting
import Scenarios
import SimulationKernel
import Synchronization

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
                 help: "an objective every replication must meet, e.g. 'system_ms_p99=< 2000' (repeatable; "
                     + "system_ms_p50/p90/p99, latency_ms_p50/p90/p99, success_rate)", repeatable: true),
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
                + "replication meets every objective and no station is saturated (utilization 1 over the window); "
                + "stations above 0.9 are named, since a longer run may miss what a short one met.",
                "exit status: 0 sized, 1 no candidate met the objectives within the limits, 64 bad input"])

    /// An objective of `size`: a metric of a run's sample and its threshold.
    struct Objective {
        var metric: String
        var threshold: ComparisonThreshold

        func actual(_ sample: SweepSample) -> Double {
            switch metric {
            case "system_ms_p50", "latency_ms_p50": sample.latency.p50
            case "system_ms_p90", "latency_ms_p90": sample.latency.p90
            case "system_ms_p99", "latency_ms_p99": sample.latency.p99
            default: sample.successRate
            }
        }
    }

    static let metrics = ["system_ms_p50", "system_ms_p90", "system_ms_p99", "latency_ms_p50", "latency_ms_p90",
                          "latency_ms_p99", "success_rate"]

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "size", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard let file = parsed.value("scenario") else { throw UsageError("paystorm size: --scenario FILE is required") }
        guard let rateText = parsed.value("rate"), let rate = Double(rateText), rate > 0, rate <= 10_000_000 else {
            throw UsageError("paystorm size: --rate: expected a rate in payments per second above 0, at most 10,000,000, "
                             + "found \"\(parsed.value("rate") ?? "")\"")
        }
        let objectives = try parsed.all("slo").map { text throws(UsageError) in try objective(text) }
        guard !objectives.isEmpty else {
            throw UsageError("paystorm size: at least one --slo METRIC=COMPARISON is required, such as --slo 'system_ms_p99=< 2000'")
        }
        let replications = try parsed.wholeNumber("replications", command: "size", default: 5, in: 1...100)
        let threads = try parsed.wholeNumber("threads", command: "size", default: ProcessInfo.processInfo.activeProcessorCount,
                                             in: 1...256)
        let maxCandidates = try parsed.wholeNumber("max-candidates", command: "size", default: 60, in: 1...10_000)
        let overrides = parsed.all("set") + ["workload.rate=\(SweepCommand.number(rate))"]
        let base: Scenario
        do {
            base = try ScenarioLoader.load(file: file, overrides: overrides)
        } catch {
            output.err(error.description)
            return .badInput
        }
        let seed = try parsed.seed(command: "size") ?? base.seed
        Interrupt.install()
        var search = SizeSearch(file: file, overrides: overrides, objectives: objectives, replications: replications,
                                threads: threads, seed: seed, maxCandidates: maxCandidates,
                                log: parsed.has("quiet") ? { _ in } : { [output] in output.err($0) })
        output.info("paystorm \(PayStormVersion.current) size  scenario=\(file)  rate=\(SweepCommand.number(rate))/s  "
                    + "replications=\(replications)  slo: " + objectives.map { "\($0.metric) \($0.threshold)" }.joined(separator: ", "))
        let result = search.run(from: base)
        guard let (servers, judged) = result else {
            output.err(Interrupt.requested ? "interrupted (\(Interrupt.cause)) after \(search.candidates) candidates"
                       : "no topology met the objectives within \(search.candidates) candidates (at most "
                         + "\(SizeSearch.maximumServers) servers a station)")
            return Interrupt.requested ? Interrupt.status : .invariantViolated
        }
        output.out(report(servers: servers, judged: judged, search: search, objectives: objectives))
        // The same seeds, as a run of replications: it meets the objectives by construction, and
        // a user can lengthen it or add seeds.
        let sets = search.stationOrder.compactMap { name in
            SizeSearch.topologyKey(name).map { "--set topology.\($0).servers=\(servers[name] ?? 0)" }
        }
        output.out("confirm: paystorm run --scenario \(shellQuoted(file)) --seed \(seed) "
                   + overrides.map { "--set \(shellQuoted($0)) " }.joined()
                   + objectives.map { "--set \(shellQuoted("slo.\($0.metric)=\($0.threshold)")) " }.joined()
                   + "--set run.replications=\(replications) " + sets.joined(separator: " "))
        return .passed
    }

    static func objective(_ text: String) throws(UsageError) -> Objective {
        guard let equals = text.firstIndex(of: "=") else {
            throw UsageError("paystorm size: --slo: expected METRIC=COMPARISON such as 'system_ms_p99=< 2000', found \"\(text)\"")
        }
        let metric = String(text[..<equals])
        guard metrics.contains(metric) else {
            throw UsageError("paystorm size: --slo \(metric): expected one of " + metrics.joined(separator: ", "))
        }
        do {
            return Objective(metric: metric, threshold: try Quantities.comparison(String(text[text.index(after: equals)...])))
        } catch {
            throw UsageError("paystorm size: --slo \(metric): expected \(error.expected), found \(error.found)")
        }
    }

    static func report(servers: [String: Int], judged: SizeSearch.Judgement, search: SizeSearch,
                       objectives: [Objective]) -> String {
        let names = search.stationOrder
        var lines = ["sized in \(search.candidates) candidates × \(search.replications) replications:"]
        for name in names {
            let utilization = judged.utilization[name] ?? 0
            lines.append("  \(name.padding(toLength: 18, withPad: " ", startingAt: 0))\(String(servers[name] ?? 0).leftPadded(6)) servers"
                         + "   utilization \(SummaryTable.fixed(utilization, 2))")
        }
        for objective in objectives {
            lines.append("  \(objective.metric) \(objective.threshold): worst replication \(SummaryTable.fixed(judged.worst[objective.metric] ?? .nan, 3))")
        }
        let crowded = names.filter { (judged.utilization[$0] ?? 0) > SizeSearch.crowded }
        if !crowded.isEmpty {
            lines.append("little headroom: " + crowded.map { "\($0) \(SummaryTable.fixed(judged.utilization[$0] ?? 0, 2))" }
                .joined(separator: ", ") + "; confirm with a longer run (run.lifecycles or run.duration) before trusting it")
        }
        if let binding = judged.binding {
            let check = switch search.oneLessMisses {
            case true?: "misses"
            case false?: "still meets them: the run may be too short to show the saturation"
            case nil: "not checked"
            }
            lines.append("binding: \(binding) (one server less \(check))")
        }
        let sets = names.compactMap { name in SizeSearch.topologyKey(name).map { "--set topology.\($0).servers=\(servers[name] ?? 0)" } }
        lines.append("paste: " + sets.joined(separator: " "))
        var byKey: [(String, Int)] = []
        for name in names {
            guard let key = SizeSearch.topologyKey(name), !byKey.contains(where: { $0.0 == key }) else { continue }
            byKey.append((key, servers[name] ?? 0))
        }
        lines.append("\"topology\": {" + byKey.map { "\"\($0.0)\": {\"servers\": \($0.1)}" }.joined(separator: ", ") + "}")
        return lines.joined(separator: "\n")
    }
}
