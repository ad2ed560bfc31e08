import SimulationKernel
import Testing

/// `Distribution.farTail`: at most one draw in 100,000 exceeds it, and it is not far above the
/// 1 − 10⁻⁵ quantile (a bound that tight is still worth having).
@Suite struct FarTailTests {
    static let distributions: [Distribution] = [
        .constant(.milliseconds(20)), .exponential(mean: .milliseconds(20)),
        .lognormal(median: .milliseconds(15), sigma: 0.5), .lognormal(median: .milliseconds(15), sigma: 2),
        .uniform(.milliseconds(10), .milliseconds(30)), .gamma(mean: .milliseconds(40), shape: 0.5),
        .gamma(mean: .milliseconds(40), shape: 4), .weibull(scale: .milliseconds(40), shape: 0.7),
        .pareto(scale: .milliseconds(10), shape: 2.5),
    ]

    @Test(arguments: distributions)
    func fewDrawsExceedTheFarTailAndItIsNearTheQuantile(_ distribution: Distribution) {
        var random = SimRandom(seed: 11)
        let draws = 1_000_000
        var samples = (0..<draws).map { _ in distribution.sample(&random) }
        samples.sort()
        let bound = distribution.farTail
        let above = samples.reversed().prefix { $0 > bound }.count
        // Ten expected above the exact quantile; a bound allows no more than chance does (Poisson, p < 10⁻⁴).
        #expect(above <= 28, "\(distribution): \(above) of \(draws) above \(bound)")
        // The empirical 1 − 10⁻⁴ quantile is below the bound and within a factor of it.
        let quantile = samples[draws - draws / 10_000]
        #expect(quantile <= bound, "\(distribution)")
        if case .constant = distribution {} else {
            #expect(bound.nanoseconds <= 4 * max(quantile.nanoseconds, 1) + 1, "\(distribution): \(bound) vs \(quantile)")
        }
    }

    @Test func aMixtureIsBoundedByItsSlowestComponentAndHugeTailsClamp() {
        let fast = Distribution.constant(.milliseconds(5)), slow = Distribution.exponential(mean: .seconds(2))
        let mixture = Distribution.mixture(DistributionMixture([.init(weight: 0.9, distribution: fast),
                                                                    .init(weight: 0.1, distribution: slow)]))
        #expect(mixture.farTail == slow.farTail)
        #expect(Distribution.lognormal(median: .milliseconds(15), sigma: 10).farTail == Distribution.maximumSample)
    }
}
