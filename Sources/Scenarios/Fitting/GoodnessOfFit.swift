import Foundation

/// How well a fitted distribution matches the observations it was fitted to.
public struct GoodnessOfFit: Sendable, Hashable {
    /// The Kolmogorov–Smirnov statistic D: the largest vertical gap between the empirical CDF and
    /// the fitted one, from 0 (perfect) to 1.
    public var kolmogorovSmirnov: Double
    /// The asymptotic p-value of D (Kolmogorov's distribution with Stephens' correction for n).
    /// Approximate, and generous: the parameters were estimated from the same observations, which
    /// makes D smaller than the test assumes (Lilliefors). Read it as "could this be it?", not as
    /// a proof.
    public var pValue: Double
    /// The Anderson–Darling statistic A²: like D, but weighting the tails, where latency SLOs live.
    /// Smaller is better; below about 2.5 is a good fit for a fully specified distribution.
    public var andersonDarling: Double

    /// Measures `model` against `sorted`, ascending observations in nanoseconds.
    init(model: FittedModel, sorted: [Double]) {
        let n = Double(sorted.count)
        var d = 0.0
        var sum = 0.0
        // log(0) is -infinity; a fitted CDF of exactly 0 or 1 at an observation counts as 1e-300.
        let tiny = 1e-300
        var probabilities: [(cdf: Double, survival: Double)] = []
        probabilities.reserveCapacity(sorted.count)
        for x in sorted { probabilities.append(model.probabilities(x)) }
        for (index, probability) in probabilities.enumerated() {
            let i = Double(index)
            d = max(d, (i + 1) / n - probability.cdf, probability.cdf - i / n)
            let mirrored = probabilities[sorted.count - 1 - index].survival
            sum += (2 * i + 1) * (log(max(probability.cdf, tiny)) + log(max(mirrored, tiny)))
        }
        kolmogorovSmirnov = d
        pValue = Self.kolmogorovPValue(d, count: sorted.count)
        andersonDarling = -n - sum / n
    }

    /// `P(D_n > d)` from Kolmogorov's limiting distribution, `2 Σ (-1)^(j-1) exp(-2 j² λ²)` with
    /// `λ = (√n + 0.12 + 0.11/√n) · d` (Stephens 1970; Numerical Recipes' `probks`).
    public static func kolmogorovPValue(_ d: Double, count: Int) -> Double {
        let root = Double(count).squareRoot()
        let lambda = (root + 0.12 + 0.11 / root) * d
        // Below 0.2 the alternating series converges too slowly to sum, and the answer is 1 anyway.
        guard lambda >= 0.2 else { return 1 }
        var sum = 0.0
        var sign = 1.0
        for j in 1...100 {
            let term = 2 * sign * exp(-2 * Double(j * j) * lambda * lambda)
            sum += term
            if abs(term) < 1e-12 { break }
            sign = -sign
        }
        return min(1, max(0, sum))
    }
}
