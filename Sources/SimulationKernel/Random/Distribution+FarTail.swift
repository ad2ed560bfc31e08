#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Distribution {
    /// The chance a draw exceeds ``farTail``: one in 100,000.
    public static let farTailProbability = 1e-5

    /// A duration at most one draw in 100,000 exceeds (at least the distribution's 1 − 10⁻⁵
    /// quantile), clamped to ``maximumSample``: what a bound on a wait should allow for one
    /// draw from this distribution, without a run. Timers and budgets sized from means break on
    /// heavy tails; sized from this, they hold for all but the rarest draws.
    ///
    /// Exact for `constant`, `exponential` (`−m · ln p`), `lognormal` (`m · exp(s · z)` with
    /// `z` = 4.2649, the standard normal's 1 − 10⁻⁵ quantile), `uniform` (its upper bound),
    /// `weibull` (`λ · (−ln p)^(1/k)`), `pareto` (`scale · p^(−1/shape)`) and `empirical` (its
    /// table's quantile). `gamma`: the larger of the Wilson–Hilferty approximation and the
    /// exponential's bound at the gamma's scale, an upper bound for shapes up to 1 and within a
    /// few per cent above. `mixture`: the largest of its components' far tails, which no more than
    /// one draw in 100,000 can exceed whatever the weights.
    public var farTail: SimDuration {
        let p = Self.farTailProbability
        switch self {
        case .constant(let value):
            return value
        case .exponential(let mean):
            return Self.clampedRounding(nanoseconds: Double(mean.nanoseconds) * -log(p))
        case .lognormal(let median, let sigma):
            return Self.clampedRounding(nanoseconds: Double(median.nanoseconds) * exp(sigma * Self.farTailNormalQuantile))
        case .uniform(let lower, let upper):
            return max(lower, upper)
        case .gamma(let mean, let shape):
            let scale = Double(mean.nanoseconds) / shape
            let cube = 1 - 1 / (9 * shape) + Self.farTailNormalQuantile * (1 / (9 * shape)).squareRoot()
            let wilsonHilferty = Double(mean.nanoseconds) * cube * cube * cube
            return Self.clampedRounding(nanoseconds: max(wilsonHilferty, scale * -log(p)))
        case .weibull(let scale, let shape):
            return Self.clampedRounding(nanoseconds: Double(scale.nanoseconds) * pow(-log(p), 1 / shape))
        case .pareto(let scale, let shape):
            return Self.clampedRounding(nanoseconds: Double(scale.nanoseconds) * pow(p, -1 / shape))
        case .mixture(let mixture):
            return mixture.components.map(\.distribution.farTail).max() ?? .zero
        case .empirical(let table):
            return Self.clampedRounding(nanoseconds: table.quantile(1 - p))
        }
    }

    /// The standard normal's 1 − 10⁻⁵ quantile.
    static let farTailNormalQuantile = 4.264890793922825
}
