import Foundation
import Reporting
import Testing

/// The M/M/c response time (wait plus service): its survival function and quantiles.
@Suite struct ResponseQuantileTests {
    @Test(arguments: [0.5, 0.8, 0.9])
    func mm1ResponseIsExponentialAtRateMuMinusLambda(utilization: Double) {
        let station = MMcStation(arrivalRate: utilization * 50, serviceRate: 50, servers: 1)
        let rate = 50 - utilization * 50
        for p in [0.5, 0.9, 0.99, 0.999] {
            let exact = -log(1 - p) / rate
            #expect(abs(station.responseQuantile(p) - exact) < 1e-9 * exact, "ρ \(utilization) p \(p)")
        }
    }

    @Test(arguments: [(10, 0.5), (10, 0.8), (10, 0.9), (4, 0.75), (2, 0.5)])
    func quantileSitsWhereTheSurvivalSaysAndTheSurvivalIntegratesToTheMean(servers: Int, utilization: Double) throws {
        let mu = 20.0
        let station = MMcStation(arrivalRate: utilization * Double(servers) * mu, serviceRate: mu, servers: servers)
        for p in [0.5, 0.99] {
            let t = station.responseQuantile(p)
            let survival = try #require(station.probabilityResponseExceeds(t))
            #expect(abs(survival - (1 - p)) < 1e-9, "c \(servers) ρ \(utilization) p \(p): P(T > \(t)) = \(survival)")
        }
        // E[T] = ∫ P(T > t) dt, by the trapezoid rule far into the tail.
        let step = 1e-5
        var integral = 0.0
        var previous = 1.0
        for index in 1...200_000 {
            let next = try #require(station.probabilityResponseExceeds(Double(index) * step))
            integral += (previous + next) / 2 * step
            previous = next
        }
        #expect(abs(integral - station.meanResponse) < 1e-6 * station.meanResponse,
                "c \(servers) ρ \(utilization): ∫ survival \(integral), W \(station.meanResponse)")
    }

    @Test func drainRateEqualToServiceRateUsesTheLimit() {
        // c = 2, μ = 1, λ = 1: cμ − λ = μ, where the two-exponential form divides by zero.
        let exact = MMcStation(arrivalRate: 1, serviceRate: 1, servers: 2).responseQuantile(0.99)
        let near = MMcStation(arrivalRate: 1 + 1e-6, serviceRate: 1, servers: 2).responseQuantile(0.99)
        #expect(exact.isFinite && exact > 0)
        #expect(abs(exact - near) < 1e-4 * exact, "\(exact) against \(near) next to it")
    }

    @Test func unstableStationsHaveNoQuantile() {
        let station = MMcStation(arrivalRate: 30, serviceRate: 10, servers: 2)
        #expect(station.responseQuantile(0.5) == .infinity)
        #expect(station.probabilityResponseExceeds(1) == nil)
    }
}
