import Exploration
import Foundation
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel
import Synchronization

/// `paystorm sweep`: every point of a cross product of `--vary` axes, with replications, one
/// simulation per thread; sweep.json, sweep.csv and report.html at the end.
enum SweepCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to sweep (required)"),
        FlagSpec(name: "vary", valueName: "PATH=FROM..TO:STEP",
                 help: "an axis, e.g. workload.rate=50..400:25, or PATH=A,B,C (repeatable: the points are the cross product)",
                 repeatable: true),
        FlagSpec(name: "replications", valueName: "N", help: "runs per point, seeds derived from the base seed (default 5)"),
        FlagSpec(name: "threads", valueName: "N", help: "simulations in parallel, one per thread (default: all cores)"),
        FlagSpec(name: "shard", valueName: "I/N|auto",
                 help: "run only slice I of N (0-based) and write a shard file for paystorm report; auto: as paystorm explore"),
        FlagSpec(name: "seed", valueName: "N", help: "base seed (default: the scenario's seed)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field at every point (repeatable)",
                 repeatable: true),
        FlagSpec(name: "out", valueName: "DIR", help: "output directory (default results/sweeps/<scenario>-<seed>/)"),
        FlagSpec(name: "allow-large", valueName: nil,
                 help: "run a sweep past the work budget: over 100,000 runs or 10^10 lifecycles in all (docs/limits.md)"),
        FlagSpec(name: "quiet", valueName: nil, help: "no progress lines"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]

    static let help = helpText(
        command: "sweep", synopsis: "--scenario FILE --vary PATH=FROM..TO:STEP [--vary …] [--replications N] [--threads N] [--shard I/N]",
        summary: "Runs a capacity sweep: throughput, latency percentiles with 95 % confidence intervals, utilization per actor, "
            + "the knee and the binding actor, and Erlang C beside M/M/c stations.", specs: specs,
        notes: ["Statistics exclude the scenario's run.warmup. Shards: run --shard 0/3, 1/3, 2/3 anywhere (a Kubernetes Indexed Job,",
                "a Slurm array, GNU parallel), then paystorm report DIR… merges them into the same files an unsharded sweep writes."])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "sweep", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        let file = try parsed.scenarioFile(command: "sweep")
        let axes = try parsed.all("vary").map { text throws(UsageError) in try parseAxis(text) }
        guard !axes.isEmpty else { throw UsageError("paystorm sweep: at least one --vary PATH=FROM..TO:STEP is required") }
        for (index, axis) in axes.enumerated() where axes[..<index].contains(where: { $0.path == axis.path }) {
            throw UsageError("paystorm sweep: --vary \(axis.path) is given twice; give each field one axis, "
                             + "such as --vary \(axis.path)=A,B,C with every value")
        }
        let replications = try parsed.wholeNumber("replications", command: "sweep", default: 5, in: 1...1_000)
        let threads = try parsed.wholeNumber("threads", command: "sweep", default: ProcessInfo.processInfo.activeProcessorCount,
                                             in: 1...256)
        let shard = try parsed.shard(command: "sweep")
        let overrides = parsed.all("set")
        let allowLarge = parsed.has("allow-large")
        // The size of the cross product, before anything is built for it.
        var pointCount = 1
        for axis in axes {
            let (product, overflow) = pointCount.multipliedReportingOverflow(by: axis.values.count)
            pointCount = overflow ? .max : product
        }
        guard pointCount <= WorkBudget.maximumPoints else {
            throw UsageError("paystorm sweep: the --vary axes make \(WorkBudget.approximate(Double(pointCount))) points, past the "
                             + "limit of \(SummaryTable.grouped(UInt64(WorkBudget.maximumPoints))); use fewer values or a larger "
                             + "STEP (docs/limits.md)")
        }
        let runCount = pointCount * replications
        let runLimit = allowLarge ? WorkBudget.maximumRuns : WorkBudget.runs
        guard runCount <= runLimit else {
            throw UsageError("paystorm sweep: \(SummaryTable.grouped(UInt64(pointCount))) points × \(replications) replications are "
                             + "\(SummaryTable.grouped(UInt64(runCount))) runs, past the limit of \(SummaryTable.grouped(UInt64(runLimit)))"
                             + (allowLarge ? "" : "; make it smaller, or pass --allow-large (up to "
                                + "\(SummaryTable.grouped(UInt64(WorkBudget.maximumRuns))) runs)") + " (docs/limits.md)")
        }
        Interrupt.install()
        let base: Scenario
        do {
            base = try ScenarioLoader.load(file: file, overrides: overrides)
        } catch {
            output.err(error.description)
            return .badInput
        }
        let seed = try parsed.seed(command: "sweep") ?? base.seed
        let plan = SweepPlan(axes: axes, replications: replications, baseSeed: seed)
        output.info("paystorm \(PayStormVersion.current) sweep  scenario=\(file)  base seed=\(seed)  points=\(pointCount)"
                    + "  replications=\(replications)  threads=\(threads)" + (shard.map { "  shard=\($0.index)/\($0.count)" + ($0.source.map { " (\($0))" } ?? "") } ?? ""))
        // Every point must be a valid scenario before anything runs.
        var scenarios: [Scenario] = []
        for point in plan.points {
            do {
                scenarios.append(try ScenarioLoader.load(file: file, overrides: overrides, varied: point.map { "\($0.path)=\($0.value)" }))
            } catch {
                output.err(error.description)
                return .badInput
            }
        }
        let lifecycles = scenarios.reduce(0) { $0 + WorkBudget.lifecycles(of: $1) } * Double(replications)
        try WorkBudget.check(lifecycles: lifecycles, of: "\(SummaryTable.grouped(UInt64(runCount))) runs", allowed: allowLarge,
                             command: "sweep")
        let directory = parsed.value("out") ?? "results/sweeps/\(base.name)-\(seed)"
        try OutputDirectory.claim(directory, command: "sweep")
        let items = plan.items.enumerated().filter { shard == nil || $0.offset % shard!.count == shard!.index }.map(\.element)
        let start = ContinuousClock.now
        let (samples, pooled) = SweepRunner.run(items: items, scenarios: scenarios, plan: plan, threads: threads,
                                                progress: !parsed.has("quiet") && isatty(STDERR_FILENO) != 0)
        let seconds = wallSeconds(since: start)
        let command = "paystorm sweep --scenario \(shellQuoted(file)) " + parsed.all("vary").map { "--vary \(shellQuoted($0))" }
            .joined(separator: " ") + " --replications \(replications) --seed \(seed)"
            + overrides.map { " --set \(shellQuoted($0))" }.joined()
        let interrupted = Interrupt.requested && samples.count < items.count
        if let shard {
            let path = directory + "/sweep-shard-\(shard.index)-of-\(shard.count).json"
            let text = SweepFiles.shard(plan: plan, scenario: base, command: command, samples: samples)
            do { try AtomicFile.write(text, to: path) } catch {
                output.err("paystorm sweep: could not write \(path): \(error.localizedDescription)")
                return .internalError
            }
            output.out("shard \(shard.index)/\(shard.count): \(samples.count) runs in \(SummaryTable.fixed(seconds, 1)) s; wrote \(path)")
            if interrupted {
                output.err("interrupted (\(Interrupt.cause)) after \(samples.count) of \(items.count) runs; the shard holds "
                           + "those, and paystorm report will say which runs are missing")
                return Interrupt.status
            }
            return .passed
        }
        return SweepFiles.write(plan: plan, samples: samples, scenario: base.name, command: command, directory: directory,
                                seconds: seconds, interrupted: interrupted, pooled: pooled, lifecycles: lifecyclesPerRun(scenarios),
                                output: &output)
    }

    /// `path=from..to:step` (inclusive) or `path=a,b,c`.
    static func parseAxis(_ text: String) throws(UsageError) -> SweepPlan.Axis {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw UsageError("paystorm sweep: --vary: expected PATH=FROM..TO:STEP or PATH=A,B,C, found \"\(text)\"")
        }
        let path = String(text[..<equals])
        let spec = String(text[text.index(after: equals)...])
        if let range = spec.range(of: "..") {
            let from = Double(spec[..<range.lowerBound])
            let rest = spec[range.upperBound...].split(separator: ":", maxSplits: 1)
            let to = rest.first.flatMap { Double($0) }
            let step = rest.count == 2 ? Double(rest[1]) : nil
            guard let from, let to, let step, from.isFinite, to.isFinite, step > 0, step.isFinite, from <= to,
                  (to - from) / step < 10_000 else {
                throw UsageError("paystorm sweep: --vary \(path): expected FROM..TO:STEP with FROM <= TO, STEP > 0 and at most "
                                 + "10,000 values, found \"\(spec)\"")
            }
            var values: [String] = []
            var index = 0.0
            while from + index * step <= to + step * 1e-9 {
                values.append(number(from + index * step))
                index += 1
            }
            return SweepPlan.Axis(path: path, values: values)
        }
        let values = spec.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard !values.isEmpty, values.allSatisfy({ !$0.isEmpty }), values.count <= 10_000 else {
            throw UsageError("paystorm sweep: --vary \(path): expected FROM..TO:STEP or a list A,B,C of at most 10,000 values, "
                             + "none empty, found \"\(spec)\"")
        }
        return SweepPlan.Axis(path: path, values: values)
    }

    /// The lifecycles a replication runs, when every point runs the same number (for advice).
    static func lifecyclesPerRun(_ scenarios: [Scenario]) -> Int? {
        let counts = Set(scenarios.map { Int(WorkBudget.lifecycles(of: $0)) })
        return counts.count == 1 ? counts.first : nil
    }

    /// A number as the shortest text that reads back the same: 50, 62.5.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1e9).rounded() / 1e9
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : "\(rounded)"
    }
}

/// Runs sweep items on a pool of threads, one simulation per thread; results land by item.
package enum SweepRunner {
    /// Points up to which each point's replications are also pooled into one histogram (45 KB a
    /// point): the pooled p99 beside the mean of the replications' p99s tells when replications
    /// are too short for their quantiles.
    static let pooledPointLimit = 1_000

    static func run(items: [(point: Int, replication: Int)], scenarios: [Scenario], plan: SweepPlan, threads: Int,
                    progress: Bool) -> (samples: [SweepSample], pooled: [Int: SweepSample.Latency]) {
        let results = Mutex<[SweepSample?]>(Array(repeating: nil, count: items.count))
        let pooling = scenarios.count <= pooledPointLimit
        let pooled = Mutex<[LatencyHistogram?]>(Array(repeating: nil, count: pooling ? scenarios.count : 0))
        let reporter = ProgressReporter(enabled: progress, total: items.count)
        _ = WorkerThreads.run(count: items.count, threads: threads, shouldStop: { Interrupt.requested }, heartbeat: { finished in
            reporter.reportPool(finished: finished, total: items.count, showsRemaining: true)
        }) { index in
            let item = items[index]
            let sample = runOne(scenarios[item.point], point: item.point, replication: item.replication,
                                seed: plan.seed(replication: item.replication)) { latency in
                guard pooling else { return }
                // Merging adds counts: the order replications finish in changes nothing.
                pooled.withLock { histograms in
                    if histograms[item.point] == nil { histograms[item.point] = LatencyHistogram() }
                    histograms[item.point]?.merge(latency)
                }
            }
            results.withLock { $0[index] = sample }
        }
        reporter.finish()
        var figures: [Int: SweepSample.Latency] = [:]  // Looked up by point, never iterated in output order.
        for (point, histogram) in pooled.withLock({ $0 }).enumerated() {
            if let histogram { figures[point] = SweepSample.Latency(histogram) }
        }
        return (results.withLock { $0.compactMap { $0 } }, figures)
    }

    /// One replication, or nil when Ctrl-C stopped it part way (a partial run is no sample).
    ///
    /// - Parameter paymentsResult: a payments run's whole result, for figures a sample does not
    ///   keep (`size`'s per-flow objectives).
    package static func runOne(_ scenario: Scenario, point: Int, replication: Int, seed: UInt64,
                               latencyHistogram: (LatencyHistogram) -> Void = { _ in },
                               paymentsResult: (PaymentsResult) -> Void = { _ in }) -> SweepSample? {
        // A minute of virtual time between looks at Ctrl-C: cheap, and a long replication stops within it.
        let stopCheck = SimDuration.seconds(60)
        switch scenario.model {
        case .referencePipeline(let configuration):
            let timeVarying = configuration.shape.isTimeVarying
            var peaks = IntervalPeaks()
            let result = ReferencePipeline(configuration: configuration, options: .init(seed: seed))
                .run(reportingEvery: timeVarying ? ScenarioRun.reportingInterval : stopCheck) { progress in
                    if timeVarying { peaks.observe(now: progress.now, stations: progress.stations) }
                    return !Interrupt.requested
                }
            if case .stopped(let reason) = result.end, reason == "interrupted" { return nil }
            latencyHistogram(result.latency)
            let window = max(1e-9, result.lastCompletion.seconds - configuration.warmup.seconds)
            var sample = SweepSample(point: point, replication: replication, seed: seed,
                                     offered: timeVarying ? configuration.shape.peakRate(base: configuration.rate)
                                         : configuration.arrivalProcess?.meanRate ?? 0,
                                     achieved: Double(result.measured) / window, successRate: result.successRate,
                                     latency: result.latency, stations: result.stations.map(station),
                                     poissonArrivals: configuration.shape == .poisson,
                                     // Against a peak rate, achieved/offered says nothing: the knee reads the stations.
                                     kneeByStations: timeVarying)
            if timeVarying { peaks.record(in: &sample) }
            return sample
        case .payments(let configuration):
            // Under a ramp, spike or profile, each station's busiest second as `run` reports it.
            let timeVarying = configuration.shape.isTimeVarying
            var peaks = IntervalPeaks()
            let result = PaymentsWorld(configuration: configuration, options: .init(seed: seed))
                .run(reportingEvery: timeVarying ? ScenarioRun.reportingInterval : stopCheck) { progress in
                    if timeVarying { peaks.observe(now: progress.now, stations: progress.stations) }
                    return !Interrupt.requested
                }
            if case .stopped(let reason) = result.end, reason == "interrupted" { return nil }
            paymentsResult(result)
            var latency = LatencyHistogram()
            var measured: UInt64 = 0
            var succeeded: UInt64 = 0
            for flow in result.flows {
                // System time: what the servers did, without people's (codes, challenges, capture delays).
                latency.merge(flow.systemLatency)
                measured += flow.outcomes.reduce(0, +)
                succeeded += flow.outcomes[Int(PaymentOutcome.succeeded.rawValue)] + flow.outcomes[Int(PaymentOutcome.captured.rawValue)]
                    + flow.outcomes[Int(PaymentOutcome.authorized.rawValue)]
            }
            latencyHistogram(latency)
            // Throughput and stations over the window from the warm-up to the last arrival: the drain
            // after it (people typing codes, captures a minute later) carries no load.
            // A spike's or ramp's load is its peak rate: a sweep of the spike's size moves it, and the
            // knee is placed on it.
            var sample = SweepSample(point: point, replication: replication, seed: seed,
                                     offered: configuration.shape.peakRate(base: configuration.rate),
                                     achieved: result.window.throughput,
                                     successRate: measured > 0 ? Double(succeeded) / Double(measured) : 0, latency: latency,
                                     stations: result.stations.map(station), poissonArrivals: configuration.shape == .poisson,
                                     kneeByStations: true)
            if timeVarying { peaks.record(in: &sample) }
            return sample
        }
    }

    static func station(_ report: StationReport) -> SweepSample.Station {
        SweepSample.Station(
            name: report.name, servers: report.servers, utilization: report.utilization,
            meanWait: report.queueingDelay.mean / 1e9,
            probabilityWaited: report.arrivals > 0 ? Double(report.waited) / Double(report.arrivals) : 0,
            arrivalRate: report.measuredSeconds > 0 ? Double(report.arrivals) / report.measuredSeconds : 0,
            exponentialServiceMean: report.exponentialServiceMean, abandoned: report.abandoned,
            measuredSeconds: report.measuredSeconds, waits: report.queueingDelay.count)
    }
}
