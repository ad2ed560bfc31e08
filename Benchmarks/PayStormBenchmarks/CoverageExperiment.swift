import Foundation
import PaymentWorld
import Reporting
import SimulationKernel

/// `paystorm-bench coverage`: how often a sweep's 95 % intervals hold the exact M/M/c figures,
/// over many independent sweeps (base seeds 1, 2, … from `--seed`) of one point each, before
/// (the replications' means) and after (sectioning on the pooled payments), and how often the
/// sweep warned that its replications were too short. Issue 20, item 5.
///
/// Each point is the reference pipeline reduced to one M/M/c station: no 3-D Secure, no network
/// delay, an issuer that answers at once, so a payment's latency is the gateway's response time.
struct CoverageExperiment {
    struct Point {
        var servers: Int
        var utilization: Double
        /// Measured payments per replication (the warm-up's come on top).
        var payments: Int
        var replications: Int
        /// Payments' worth of arrivals, at the mean rate, run before measuring starts.
        var warmupPayments: Int

        /// "M/M/1 ρ 0.8, 10 × 2,000 payments, warm-up 200".
        var label: String {
            "M/M/\(servers) ρ \(utilization), \(replications) × \(SummaryTable.grouped(UInt64(payments))) payments, "
                + (warmupPayments > 0 ? "warm-up \(warmupPayments) payments" : "no warm-up")
        }
    }

    /// Service of 10 ms; the figures scale with it, the coverage does not.
    static let serviceMean = 0.010

    /// M/M/1 and M/M/10 from ρ 0.5 to 0.9 at 2,000 payments a replication, with and without warm-up,
    /// and the 40-replication case.
    static let defaultPoints: [Point] = [
        Point(servers: 1, utilization: 0.5, payments: 2_000, replications: 10, warmupPayments: 0),
        Point(servers: 1, utilization: 0.8, payments: 2_000, replications: 10, warmupPayments: 0),
        Point(servers: 1, utilization: 0.8, payments: 2_000, replications: 10, warmupPayments: 200),
        Point(servers: 1, utilization: 0.8, payments: 2_000, replications: 40, warmupPayments: 200),
        Point(servers: 1, utilization: 0.9, payments: 2_000, replications: 10, warmupPayments: 200),
        Point(servers: 10, utilization: 0.5, payments: 2_000, replications: 10, warmupPayments: 0),
        Point(servers: 10, utilization: 0.8, payments: 2_000, replications: 10, warmupPayments: 0),
        Point(servers: 10, utilization: 0.9, payments: 2_000, replications: 10, warmupPayments: 200),
    ]

    var sweeps: Int
    var firstSeed: UInt64
    /// Measured payments a replication, at every point (the warm-ups stay a tenth of the default 2,000).
    var payments: Int

    /// Runs every sweep of `point` on this thread and returns its tallies.
    func measure(_ point: Point) -> IntervalCoverage {
        let rate = point.utilization * Double(point.servers) / Self.serviceMean
        var configuration = PipelineConfiguration(
            rate: rate, lifecycles: point.payments + point.warmupPayments, threeDSecureRatio: Ratio(0, 1),
            latency: .constant(.zero),
            gateway: .init(servers: point.servers, service: .exponential(mean: .seconds(fractional: Self.serviceMean))),
            issuer: .init(servers: 1_000, service: .constant(.zero)), declineRatio: Ratio(0, 1))
        configuration.warmup = .seconds(fractional: Double(point.warmupPayments) / rate)
        var coverage = IntervalCoverage(station: MMcStation(arrivalRate: rate, serviceRate: 1 / Self.serviceMean,
                                                            servers: point.servers), stationName: "gateway")
        for sweep in 0..<sweeps {
            let plan = SweepPlan(axes: [.init(path: "workload.rate", values: ["\(rate)"])], replications: point.replications,
                                 baseSeed: firstSeed &+ UInt64(sweep))
            var pooled = LatencyHistogram()
            let samples = (0..<point.replications).map { replication in
                Self.sample(configuration, replication: replication, seed: plan.seed(replication: replication), pooled: &pooled)
            }
            coverage.record(plan: plan, samples: samples, pooledLatency: SweepSample.Latency(pooled))
        }
        return coverage
    }

    /// One replication as `paystorm sweep` keeps it (SweepRunner.runOne's pipeline branch, which the
    /// CLI's tests drive; the benchmarks cannot import the CLI).
    static func sample(_ configuration: PipelineConfiguration, replication: Int, seed: UInt64,
                       pooled: inout LatencyHistogram) -> SweepSample {
        let result = ReferencePipeline(configuration: configuration, options: .init(seed: seed)).run()
        precondition(result.end == .idle, "coverage: replication \(replication) seed \(seed) ended \(result.end)")
        pooled.merge(result.latency)
        let window = max(1e-9, result.lastCompletion.seconds - configuration.warmup.seconds)
        let stations = result.stations.map { report in
            SweepSample.Station(
                name: report.name, servers: report.servers, utilization: report.utilization,
                meanWait: report.queueingDelay.mean / 1e9,
                probabilityWaited: report.arrivals > 0 ? Double(report.waited) / Double(report.arrivals) : 0,
                arrivalRate: report.measuredSeconds > 0 ? Double(report.arrivals) / report.measuredSeconds : 0,
                exponentialServiceMean: report.exponentialServiceMean, abandoned: report.abandoned,
                measuredSeconds: report.measuredSeconds, waits: report.queueingDelay.count)
        }
        return SweepSample(point: 0, replication: replication, seed: seed, offered: configuration.rate,
                           achieved: Double(result.measured) / window, successRate: result.successRate,
                           latency: result.latency, stations: stations, poissonArrivals: true)
    }

    /// Every default point: its table on stdout as it finishes, and the figures for the record.
    func run() -> [(String, JSONOutput)] {
        print("paystorm-bench coverage  sweeps=\(sweeps) per point  base seeds \(firstSeed)…\(firstSeed &+ UInt64(sweeps - 1))"
              + "  service exponential(mean: 10ms)  one thread")
        var records: [JSONOutput] = []
        for var point in Self.defaultPoints {
            point.payments = payments
            let start = ContinuousClock.now
            let coverage = measure(point)
            let seconds = Double((ContinuousClock.now - start).components.seconds)
            print("\n\(point.label): warned in \(coverage.warnings) of \(coverage.sweeps) sweeps (\(Int(seconds)) wall s)")
            print(coverage.table)
            records.append(.object([
                ("point", .string(point.label)), ("sweeps", .integer(Int64(coverage.sweeps))),
                ("warned", .integer(Int64(coverage.warnings))),
                ("figures", .array(coverage.figures.map { figure in
                    .object([("name", .string(figure.name)), ("exact", .number(figure.exact)),
                             ("covered_by_replication_means", .integer(Int64(figure.coveredByReplicationMeans))),
                             ("covered_by_pooling", .integer(Int64(figure.coveredByPooling))),
                             ("covered_or_warned", .integer(Int64(figure.coveredOrWarned))),
                             ("pooled_mean_relative_error", .number(figure.meanRelativeError))])
                })),
            ]))
        }
        return [("sweeps_per_point", .integer(Int64(sweeps))), ("first_seed", .unsigned(firstSeed)), ("points", .array(records))]
    }
}
