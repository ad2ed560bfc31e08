import Foundation
import SimulationKernel
import Testing

let sampleCount = 1_000_000

/// Draws `sampleCount` nanosecond values from one fixed seed.
func samples(of distribution: Distribution, seed: UInt64 = 2024) -> [Int64] {
    var random = SimRandom(seed: seed)
    var values: [Int64] = []
    values.reserveCapacity(sampleCount)
    for _ in 0..<sampleCount { values.append(distribution.sample(&random).nanoseconds) }
    return values
}

@Suite struct DistributionTests {
    @Test func descriptionsUseScenarioSyntax() {
        #expect(Distribution.constant(.milliseconds(20)).description == "constant(20ms)")
        #expect(Distribution.exponential(mean: .milliseconds(20)).description == "exponential(mean: 20ms)")
        #expect(
            Distribution.lognormal(median: .milliseconds(15), sigma: 0.5).description
                == "lognormal(median: 15ms, sigma: 0.5)"
        )
        #expect(Distribution.uniform(.milliseconds(10), .milliseconds(30)).description == "uniform(10ms, 30ms)")
    }

    @Test func analyticMeans() {
        #expect(Distribution.constant(.milliseconds(20)).mean == .milliseconds(20))
        #expect(Distribution.exponential(mean: .milliseconds(20)).mean == .milliseconds(20))
        #expect(Distribution.uniform(.milliseconds(10), .milliseconds(30)).mean == .milliseconds(20))
        #expect(Distribution.uniform(.nanoseconds(1), .nanoseconds(2)).mean == .nanoseconds(2), "1.5 rounds up")
        #expect(Distribution.lognormal(median: .milliseconds(15), sigma: 0).mean == .milliseconds(15))
        // 15 ms · e^(0.125) = 16,997,226.8… ns.
        #expect(Distribution.lognormal(median: .milliseconds(15), sigma: 0.5).mean == .nanoseconds(16_997_227))
    }

    @Test func constantIsExactAndTakesNoDraws() {
        var random = SimRandom(seed: 1)
        let before = random
        for _ in 0..<100 {
            let value = Distribution.constant(.microseconds(1500)).sample(&random)
            #expect(value == .microseconds(1500))
        }
        #expect(random == before)
    }

    @Test(arguments: [
        Distribution.exponential(mean: .milliseconds(20)),
        .lognormal(median: .milliseconds(15), sigma: 0.5),
        .lognormal(median: .microseconds(300), sigma: 1.0),
        .uniform(.milliseconds(10), .milliseconds(30)),
    ])
    func sampleMeanConvergesToTheAnalyticMean(distribution: Distribution) {
        let values = samples(of: distribution)
        #expect(values.allSatisfy { $0 >= 0 })
        let sampleMean = Double(values.reduce(0, +)) / Double(values.count)
        let mean = Double(distribution.mean.nanoseconds)
        // Standard errors are at most 0.13 % here; 1 % fails a wrong formula, not bad luck.
        #expect(abs(sampleMean - mean) / mean < 0.01, "\(distribution): sample mean \(sampleMean), analytic \(mean)")
    }

    @Test func lognormalMedianAndShapeMatch() {
        let median = SimDuration.milliseconds(15)
        let sigma = 0.5
        var values = samples(of: .lognormal(median: median, sigma: sigma))
        // z = log(x / median) / sigma must be standard normal: mean 0, variance 1.
        let zs = values.map { log(Double($0) / Double(median.nanoseconds)) / sigma }
        let zMean = zs.reduce(0, +) / Double(zs.count)
        let zVariance = zs.reduce(0) { $0 + ($1 - zMean) * ($1 - zMean) } / Double(zs.count)
        #expect(abs(zMean) < 0.01)
        #expect(abs(zVariance - 1) < 0.01)
        let withinOneSigma = zs.filter { abs($0) < 1 }.count
        #expect(abs(Double(withinOneSigma) / Double(zs.count) - 0.6827) < 0.005)
        values.sort()
        let sampleMedian = Double(values[values.count / 2])
        #expect(abs(sampleMedian / Double(median.nanoseconds) - 1) < 0.01, "median \(sampleMedian)")
    }

    @Test func exponentialIsMemoryless() {
        // P(X > 2m) = e^-2 and P(X > 3m | X > m) = P(X > 2m) for an exponential.
        let mean: Int64 = 20_000_000
        let values = samples(of: .exponential(mean: .nanoseconds(mean)))
        let aboveOne = values.filter { $0 > mean }.count
        let aboveTwo = values.filter { $0 > 2 * mean }.count
        let aboveThree = values.filter { $0 > 3 * mean }.count
        let tail = Double(aboveTwo) / Double(values.count)
        #expect(abs(tail - exp(-2)) < 0.003)
        #expect(abs(Double(aboveThree) / Double(aboveOne) - tail) < 0.004)
    }

    @Test func uniformRespectsItsBoundsAndHitsThem() {
        var random = SimRandom(seed: 4)
        let distribution = Distribution.uniform(.nanoseconds(10), .nanoseconds(13))
        var seen = Set<Int64>()
        for _ in 0..<1000 { seen.insert(distribution.sample(&random).nanoseconds) }
        #expect(seen == [10, 11, 12, 13])
        let wide = samples(of: .uniform(.milliseconds(10), .milliseconds(30)))
        let (lowest, highest) = wide.reduce((Int64.max, Int64.min)) { (Swift.min($0.0, $1), Swift.max($0.1, $1)) }
        #expect(lowest >= 10_000_000 && highest <= 30_000_000)
        #expect(lowest < 10_000_100 && highest > 29_999_900)
        let degenerate = Distribution.uniform(.milliseconds(2000), .milliseconds(2000)).sample(&random)
        #expect(degenerate == .milliseconds(2000))
    }

    @Test func sameSeedGivesTheSameSamples() {
        let distribution = Distribution.lognormal(median: .milliseconds(15), sigma: 0.5)
        var first = SimRandom(seed: 99)
        var second = SimRandom(seed: 99)
        for _ in 0..<1000 {
            let (a, b) = (distribution.sample(&first), distribution.sample(&second))
            #expect(a == b)
        }
    }

    @Test func lognormalTakesExactlyTwoDrawsAndExponentialOne() {
        var random = SimRandom(seed: 6)
        var copy = random
        _ = Distribution.lognormal(median: .milliseconds(1), sigma: 2).sample(&random)
        _ = copy.next()
        _ = copy.next()
        #expect(random == copy)
        _ = Distribution.exponential(mean: .milliseconds(1)).sample(&random)
        _ = copy.next()
        #expect(random == copy)
    }
}
