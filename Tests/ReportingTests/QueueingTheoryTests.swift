import Reporting
import SimulationKernel
import Testing

/// The simulator against queueing theory: an M/M/c world (`MMcWorld`) built from kernel pieces,
/// run for several independent replications at each point, must show Erlang C's P(wait), Wq and
/// W inside the 95 % confidence interval of the replications' means (issue "Capacity planning",
/// item 3).
///
/// **Points.** Six (λ, μ, c), utilization 0.3 to 0.95, one to ten servers.
///
/// **Replications and length.** Each point runs `replications` replications with seeds
/// 1…`replications`, fixed before the first run and the same for every point, never picked to pass.
/// Each replication measures every customer after a warm-up of the first 10 % by arrival. The
/// heavier the load, the longer a queue remembers its past (an M/M/1 at ρ = 0.95 relaxes over
/// thousands of services), so the run lengths grow with ρ: long enough that the empty start and
/// the end of the run bias the mean by far less than the interval's half-width, short enough that
/// the suite stays near 30 s in a debug build on two cores. See `Point.customers`: 4 × 10⁶
/// customers in all, 26 s on the shared two-core build machine (about 150,000 customers a second
/// in debug). The ρ = 0.95 M/M/1 takes half of them: 200,000 customers is some 130 relaxation
/// times of that queue, with 20,000 of warm-up. When the lengths were chosen, seeds 1…10 and
/// 201…210 put every Erlang C value inside its interval (at most 0.8 half-widths from the mean);
/// seeds 101…110 missed at c = 8 (1.7 half-widths), the chance miss a 95 % interval allows, and
/// sixty replications of the c = 4 and c = 8 points on fresh seeds showed no bias (|z| ≤ 0.5).
///
/// **What a pass means.** Each interval covers the true mean 95 % of the time, so even a perfect
/// simulator misses one of these eighteen checks now and then for some set of seeds. The seeds
/// are fixed, so the outcome is reproducible; a change to how the kernel draws (the order of
/// splits, the exponential's formula) reshuffles every replication and may flip a borderline
/// check. A miss is a reason to look for bias (warm-up, time accounting), not to change seeds.
@Suite struct QueueingTheoryErlangC {
    /// One (λ, μ, c) and the customers per replication to run there.
    struct Point: Sendable, CustomStringConvertible {
        var arrivalRate: Double
        var serviceRate: Double
        var servers: Int
        /// Customers per replication, warm-up included.
        var customers: Int

        var station: MMcStation { MMcStation(arrivalRate: arrivalRate, serviceRate: serviceRate, servers: servers) }

        var description: String {
            "λ=\(arrivalRate)/s μ=\(serviceRate)/s c=\(servers) (ρ=\(station.utilization))"
        }
    }

    /// Replications per point; seeds 1…replications.
    static let replications: UInt64 = 10

    static let points: [Point] = [
        Point(arrivalRate: 30, serviceRate: 100, servers: 1, customers: 20_000),  // ρ = 0.3
        Point(arrivalRate: 60, serviceRate: 20, servers: 4, customers: 20_000),  // ρ = 0.75
        Point(arrivalRate: 160, serviceRate: 25, servers: 8, customers: 40_000),  // ρ = 0.8
        Point(arrivalRate: 90, serviceRate: 10, servers: 10, customers: 60_000),  // ρ = 0.9
        Point(arrivalRate: 228, serviceRate: 25, servers: 10, customers: 60_000),  // ρ = 0.912
        Point(arrivalRate: 47.5, serviceRate: 50, servers: 1, customers: 200_000),  // ρ = 0.95
    ]

    @Test(arguments: points)
    func simulationAgreesWithErlangC(point: Point) throws {
        let station = point.station
        let waiting = try #require(station.probabilityOfWaiting, "\(point) is unstable")
        let runs = (1...Self.replications).map { seed in
            MMcWorld(arrivalRate: point.arrivalRate, serviceRate: point.serviceRate, servers: point.servers,
                     customers: point.customers, seed: seed).run()
        }
        let context = "\(point), \(Self.replications) replications of \(point.customers) customers"
        Self.expectInside("P(wait)", waiting, SampleSummary(runs.map(\.waitedFraction)), context)
        Self.expectInside("Wq", station.meanWait, SampleSummary(runs.map(\.meanWait)), context)
        Self.expectInside("W", station.meanResponse, SampleSummary(runs.map(\.meanResponse)), context)
    }

    /// Fails naming the point, the figure, its Erlang C value and the interval, unless inside.
    static func expectInside(_ figure: String, _ expected: Double, _ summary: SampleSummary, _ context: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            summary.lower <= expected && expected <= summary.upper,
            """
            \(context): Erlang C \(figure) = \(expected) outside the 95 % CI [\(summary.lower), \(summary.upper)] \
            (mean \(summary.mean) ± \(summary.halfWidth95))
            """,
            sourceLocation: sourceLocation)
    }
}
