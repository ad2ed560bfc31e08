import Foundation
import Scenarios
import SimulationKernel
import Testing

/// A family to draw from, its true parameters as `FittedModel.parameters` names them, and the seed.
struct FitCase: Sendable, CustomTestStringConvertible {
    var distribution: Distribution
    var family: FitFamily
    var parameters: [String: Double]
    var seed: UInt64

    var testDescription: String { "\(distribution)" }
}

let fitCases: [FitCase] = [
    FitCase(distribution: .exponential(mean: .milliseconds(40)), family: .exponential, parameters: ["mean_ms": 40], seed: 1),
    FitCase(distribution: .lognormal(median: .milliseconds(20), sigma: 0.5), family: .lognormal,
            parameters: ["median_ms": 20, "sigma": 0.5], seed: 2),
    FitCase(distribution: .gamma(mean: .milliseconds(40), shape: 2), family: .gamma, parameters: ["mean_ms": 40, "shape": 2], seed: 3),
    FitCase(distribution: .weibull(scale: .milliseconds(40), shape: 1.5), family: .weibull,
            parameters: ["scale_ms": 40, "shape": 1.5], seed: 4),
    FitCase(distribution: .pareto(scale: .milliseconds(10), shape: 2.5), family: .pareto,
            parameters: ["scale_ms": 10, "shape": 2.5], seed: 5),
    // Second shapes: a gamma below 1, a Weibull heavier than the exponential, a wide log-normal,
    // a Pareto with an infinite variance.
    FitCase(distribution: .gamma(mean: .milliseconds(5), shape: 0.6), family: .gamma, parameters: ["mean_ms": 5, "shape": 0.6], seed: 6),
    FitCase(distribution: .weibull(scale: .milliseconds(300), shape: 0.8), family: .weibull,
            parameters: ["scale_ms": 300, "shape": 0.8], seed: 7),
    FitCase(distribution: .lognormal(median: .seconds(2), sigma: 1.2), family: .lognormal,
            parameters: ["median_ms": 2_000, "sigma": 1.2], seed: 8),
    FitCase(distribution: .pareto(scale: .milliseconds(1), shape: 1.2), family: .pareto,
            parameters: ["scale_ms": 1, "shape": 1.2], seed: 9),
]

@Suite struct DistributionFitTests {
    /// The acceptance test: from 20,000 samples, the best fit is the family they came from and
    /// every parameter is within 5 % of the truth; the proposal is a string the scenario syntax reads.
    @Test(arguments: fitCases)
    func recoversTheFamilyAndItsParameters(_ fitCase: FitCase) throws {
        var random = SimRandom(seed: fitCase.seed)
        let observations = (0..<20_000).map { _ in fitCase.distribution.sample(&random).nanoseconds }
        let fit = DistributionFit(observations: observations)
        let best = try #require(fit.candidates.first)
        #expect(best.model.family == fitCase.family, "ranked: \(fit.candidates.map(\.model.scenarioSyntax))")
        for (name, value) in best.model.parameters {
            let truth = try #require(fitCase.parameters[name], "\(name)")
            #expect(abs(value / truth - 1) < 0.05, "\(name): fitted \(value), true \(truth)")
        }
        // A family may be left out when its fitted shape is beyond the syntax (a Pareto of
        // shape below 0.1 through data that start near 0); each says why.
        #expect(fit.candidates.count + fit.skipped.count == FitFamily.allCases.count)
        // The right family fits well: D is small and not rejected.
        #expect(best.fit.kolmogorovSmirnov < 0.015 && best.fit.pValue > 0.01, "D \(best.fit.kolmogorovSmirnov), p \(best.fit.pValue)")
        let proposal = try Quantities.distribution(fit.proposal)
        #expect(proposal.description.hasPrefix(fitCase.family.rawValue + "("), "\(fit.proposal)")
    }

    @Test func theWrongFamiliesFitWorse() {
        var random = SimRandom(seed: 10)
        let observations = (0..<20_000).map { _ in Distribution.gamma(mean: .milliseconds(40), shape: 2).sample(&random).nanoseconds }
        let fit = DistributionFit(observations: observations)
        let byFamily = Dictionary(uniqueKeysWithValues: fit.candidates.map { ($0.model.family, $0) })
        // The exponential has the gamma's mean but the wrong shape: KS and A² both see it.
        #expect(byFamily[.exponential]!.fit.kolmogorovSmirnov > 5 * byFamily[.gamma]!.fit.kolmogorovSmirnov)
        #expect(byFamily[.exponential]!.fit.pValue < 1e-6)
        #expect(byFamily[.exponential]!.fit.andersonDarling > 100 * byFamily[.gamma]!.fit.andersonDarling)
    }

    @Test func manyZerosLeaveOnlyTheExponential() {
        let observations: [Int64] = [0, 0] + (1...40).map { Int64($0) * 1_000_000 }
        let fit = DistributionFit(observations: observations)
        #expect(fit.candidates.map(\.model.family) == [.exponential])
        #expect(fit.skipped.map(\.family) == [.lognormal, .gamma, .weibull, .pareto])
        #expect(fit.skipped.first?.reason == "needs durations above 0, and 2 of 42 are 0 (1 % or more)")
    }

    @Test func aFewZerosCountAsHalfTheSmallestDuration() {
        // A gamma of shape 0.6 puts mass right down to 0: of 20,000 samples a few round to 0 ns.
        var random = SimRandom(seed: 6)
        let observations = (0..<20_000).map { _ in Distribution.gamma(mean: .milliseconds(5), shape: 0.6).sample(&random).nanoseconds }
        let fit = DistributionFit(observations: observations)
        #expect(fit.zerosReplaced == observations.filter { $0 == 0 }.count && fit.zerosReplaced > 0)
        #expect(fit.candidates.first?.model.family == .gamma)
    }

    @Test func identicalObservationsProposeAConstant() {
        let fit = DistributionFit(observations: Array(repeating: 25_000_000, count: 30))
        #expect(fit.candidates.isEmpty)
        #expect(fit.proposal == "constant(25ms)")
    }

    @Test func kolmogorovPValuesMatchTheTables() {
        // Critical values of the Kolmogorov distribution: λ = 1.358 ↔ p = 0.05, λ = 1.628 ↔ p = 0.01.
        let n = 10_000
        let scale = (Double(n).squareRoot() + 0.12 + 0.11 / Double(n).squareRoot())
        #expect(abs(GoodnessOfFit.kolmogorovPValue(1.358 / scale, count: n) - 0.05) < 0.001)
        #expect(abs(GoodnessOfFit.kolmogorovPValue(1.628 / scale, count: n) - 0.01) < 0.0005)
        #expect(GoodnessOfFit.kolmogorovPValue(0.0001, count: n) == 1)
    }

    @Test func formatsParametersToFourSignificantDigits() {
        #expect(FittedModel.gamma(shape: 1.99812, scale: 20.0321e6).scenarioSyntax == "gamma(mean: 40.03ms, shape: 1.998)")
        #expect(FittedModel.weibull(shape: 0.49871, scale: 1_234_567_890).scenarioSyntax == "weibull(scale: 1.235s, shape: 0.4987)")
        #expect(FittedModel.pareto(scale: 850_349, shape: 12.3456).scenarioSyntax == "pareto(scale: 850.3us, shape: 12.35)")
        #expect(FittedModel.lognormal(mu: log(2e6), sigma: 1).scenarioSyntax == "lognormal(median: 2ms, sigma: 1)")
        #expect(FittedModel.exponential(mean: 3_700e9).scenarioSyntax == "exponential(mean: 3700s)")
    }
}
