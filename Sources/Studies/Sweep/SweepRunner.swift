import Exploration
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel
import Synchronization

/// Runs sweep items on a pool of threads, one simulation per thread; results land by item.
public enum SweepRunner {
    /// Points up to which each point's replications are also pooled into one histogram (45 KB a
    /// point): the pooled p99 beside the mean of the replications' p99s tells when replications
    /// are too short for their quantiles.
    public static let pooledPointLimit = 1_000

    /// Runs `items` (a point of `scenarios` and a replication each) on `threads` threads.
    ///
    /// - Parameter heartbeat: called on this thread about once a second with the runs finished.
    /// - Returns: the samples of the runs that finished, in item order, and each point's latency
    ///   pooled over its replications (up to ``pooledPointLimit`` points).
    public static func run(items: [(point: Int, replication: Int)], scenarios: [Scenario], plan: SweepPlan, threads: Int,
                           stop: StopCondition = .never, heartbeat: (_ finished: Int) -> Void = { _ in })
        -> (samples: [SweepSample], pooled: [Int: SweepSample.Latency]) {
        let results = Mutex<[SweepSample?]>(Array(repeating: nil, count: items.count))
        let pooling = scenarios.count <= pooledPointLimit
        let pooled = Mutex<[LatencyHistogram?]>(Array(repeating: nil, count: pooling ? scenarios.count : 0))
        _ = WorkerThreads.run(count: items.count, threads: threads, shouldStop: stop.isRequested, heartbeat: heartbeat) { index in
            let item = items[index]
            let sample = runOne(scenarios[item.point], point: item.point, replication: item.replication,
                                seed: plan.seed(replication: item.replication), stop: stop) { latency in
                guard pooling else { return }
                // Merging adds counts: the order replications finish in changes nothing.
                pooled.withLock { histograms in
                    if histograms[item.point] == nil { histograms[item.point] = LatencyHistogram() }
                    histograms[item.point]?.merge(latency)
                }
            }
            results.withLock { $0[index] = sample }
        }
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
    public static func runOne(_ scenario: Scenario, point: Int, replication: Int, seed: UInt64, stop: StopCondition = .never,
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
                    return !stop.isRequested()
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
                    return !stop.isRequested()
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

    public static func station(_ report: StationReport) -> SweepSample.Station {
        SweepSample.Station(
            name: report.name, servers: report.servers, utilization: report.utilization,
            meanWait: report.queueingDelay.mean / 1e9,
            probabilityWaited: report.arrivals > 0 ? Double(report.waited) / Double(report.arrivals) : 0,
            arrivalRate: report.measuredSeconds > 0 ? Double(report.arrivals) / report.measuredSeconds : 0,
            exponentialServiceMean: report.exponentialServiceMean, abandoned: report.abandoned,
            measuredSeconds: report.measuredSeconds, waits: report.queueingDelay.count)
    }
}
