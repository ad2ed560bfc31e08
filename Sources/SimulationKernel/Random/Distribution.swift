#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A distribution of durations: latencies, think times, gaps between arrivals.
///
/// This is where continuous math meets virtual time. Each case documents its formula, which
/// draws it takes and how its result is rounded to a `SimDuration`; the conversion happens once,
/// at the end, rounding to the nearest nanosecond (halves away from zero), and results beyond
/// ±2^62 ns clamp like `SimDuration.seconds(fractional:)`. Keeping all of it here leaves one place to look
/// if two platforms' `log`/`exp`/`cos` ever disagree in the last bit.
///
/// `sample` is a pure function of the draws it takes: no state is cached between calls (Box–Muller's
/// second normal is thrown away), so the value of a draw never depends on earlier samples.
///
/// ```swift
/// @Test func aConstantNeedsNoDraws() {
///     var random = SimRandom(seed: 1)
///     #expect(Distribution.constant(.milliseconds(20)).sample(&random) == .milliseconds(20))
/// }
/// ```
public enum Distribution: Sendable, Hashable, CustomStringConvertible {
    /// Always the same duration; takes no draws.
    case constant(SimDuration)
    /// Memoryless waits, e.g. gaps between Poisson arrivals.
    case exponential(mean: SimDuration)
    /// Right-skewed latencies: `log` of the duration is normal with standard deviation `sigma`.
    case lognormal(median: SimDuration, sigma: Double)
    /// Every nanosecond between the two bounds, both included, equally likely.
    case uniform(SimDuration, SimDuration)
    /// Sums of waits: shape `k`, scale `mean / k`. Shape 1 is the exponential; larger shapes are
    /// less skewed. See `Distribution+Gamma.swift`.
    case gamma(mean: SimDuration, shape: Double)
    /// Weibull with scale `λ` and shape `k`: `k < 1` has a heavier tail than the exponential,
    /// `k > 1` a lighter one. See `Distribution+Weibull.swift`.
    case weibull(scale: SimDuration, shape: Double)
    /// Pareto type I: never below `scale`, with a power-law tail `P(X > x) = (scale / x)^shape`.
    /// See `Distribution+Pareto.swift`.
    case pareto(scale: SimDuration, shape: Double)
    /// One component drawn by weight, then a duration from it: multi-modal latencies (a fast path
    /// and a slow one). See `DistributionMixture.swift`.
    case mixture(DistributionMixture)
    /// Observed durations replayed by their inverse CDF. See `EmpiricalTable.swift`.
    case empirical(EmpiricalTable)

    /// The longest duration a new-family sample can be: 100 years of 365 days, the longest duration
    /// a scenario may write. Gamma, Weibull and Pareto samples clamp to it, so a heavy tail cannot
    /// push a timer past what the rest of PayStorm expects of a duration.
    public static let maximumSample = SimDuration(nanoseconds: 100 * 365 * 24 * 3_600 * 1_000_000_000)

    /// One duration drawn from this distribution.
    ///
    /// - `constant(d)`: `d`, no draws.
    /// - `exponential(mean: m)`: `-m · log(1 - u)` with `u = unitInterval()`, one draw. `1 - u`
    ///   is in `(0, 1]`, so the logarithm is finite and the result is in `[0, ~36.7 m]`.
    /// - `lognormal(median: m, sigma: s)`: `m · exp(s · z)`, two draws, where `z` is a standard
    ///   normal from the basic (trigonometric) Box–Muller transform:
    ///   `z = sqrt(-2 log(1 - u1)) · cos(2π u2)` with `u1`, `u2` from `unitInterval()` in that
    ///   order. The sine partner is discarded to keep `sample` stateless.
    /// - `uniform(a, b)`: `a + int(in: 0...(b - a))` nanoseconds, exact integers, no `Double`.
    /// - `gamma`, `weibull`, `pareto`, `mixture`, `empirical`: see their own files; each says
    ///   its algorithm and which draws it takes. The first three clamp to ``maximumSample``.
    ///
    /// The `Double` results are rounded to the nearest nanosecond, halves away from zero.
    ///
    /// - Precondition: durations are non-negative, a lognormal median is positive and `sigma`
    ///   finite and non-negative, and uniform bounds are in order. Scenarios validate first, so
    ///   these only catch PayStorm's own mistakes.
    /// - Complexity: O(1), no allocation.
    @inlinable public func sample(_ random: inout SimRandom) -> SimDuration {
        switch self {
        case .constant(let value):
            precondition(value.nanoseconds >= 0, "Distribution: negative constant \(value.nanoseconds)ns")
            return value
        case .exponential(let mean):
            precondition(mean.nanoseconds >= 0, "Distribution: negative exponential mean \(mean.nanoseconds)ns")
            let u = random.unitInterval()
            return Self.rounding(nanoseconds: -Double(mean.nanoseconds) * log(1 - u))
        case .lognormal(let median, let sigma):
            precondition(median.nanoseconds > 0, "Distribution: lognormal median must be positive, got \(median.nanoseconds)ns")
            precondition(sigma >= 0 && sigma.isFinite, "Distribution: lognormal sigma must be finite and >= 0, got \(sigma)")
            let z = Self.standardNormal(&random)
            return Self.rounding(nanoseconds: Double(median.nanoseconds) * exp(sigma * z))
        case .uniform(let lower, let upper):
            precondition(lower.nanoseconds >= 0, "Distribution: negative uniform bound \(lower.nanoseconds)ns")
            precondition(
                lower <= upper,
                "Distribution: uniform bounds out of order: \(lower.nanoseconds)ns > \(upper.nanoseconds)ns"
            )
            let span = UInt64(upper.nanoseconds - lower.nanoseconds)
            let offset = random.int(in: 0...span)
            return SimDuration(nanoseconds: lower.nanoseconds + Int64(offset))
        // The new families live in functions of their own, so this switch (inlined into every
        // caller) stays small and the four cases above compile exactly as before.
        case .gamma(let mean, let shape):
            return Self.sampleGamma(mean: mean, shape: shape, &random)
        case .weibull(let scale, let shape):
            return Self.sampleWeibull(scale: scale, shape: shape, &random)
        case .pareto(let scale, let shape):
            return Self.samplePareto(scale: scale, shape: shape, &random)
        // No payload bound here: binding one copies it (a retain), and that copy, inlined into
        // every caller, cost the four plain cases about 5 % of a run.
        case .mixture, .empirical:
            return sampleStored(&random)
        }
    }

    /// The cases that hold reference-counted tables, out of line.
    @usableFromInline @inline(never)
    func sampleStored(_ random: inout SimRandom) -> SimDuration {
        switch self {
        case .mixture(let mixture): mixture.sample(&random)
        case .empirical(let table): table.sample(&random)
        default: preconditionFailure("Distribution.sampleStored called for \(self)")
        }
    }

    /// `nanoseconds`, clamped to ``maximumSample`` (NaN too), then rounded like every sample.
    static func clampedRounding(nanoseconds: Double) -> SimDuration {
        let limit = Double(maximumSample.nanoseconds)
        return rounding(nanoseconds: nanoseconds < limit ? nanoseconds : limit)
    }

    /// A standard normal draw by the basic Box–Muller transform; takes exactly two draws.
    ///
    /// Chosen over the polar (Marsaglia) method because it takes a fixed number of draws, so the
    /// stream position after a sample never depends on a rejection loop. `|z| <= ~8.57`.
    @inlinable static func standardNormal(_ random: inout SimRandom) -> Double {
        let u1 = random.unitInterval()
        let u2 = random.unitInterval()
        let radius = (-2 * log(1 - u1)).squareRoot()
        return radius * cos(2 * Double.pi * u2)
    }

    /// Nanoseconds as a `Double` to a duration: nearest, halves away from zero; NaN and values
    /// beyond the range clamp the way `SimDuration.seconds(fractional:)` does.
    @inlinable static func rounding(nanoseconds: Double) -> SimDuration {
        // The range checks come first and read the unrounded value: beyond 2^52 every Double is
        // already whole, so they decide as they would on the rounded one (and NaN fails both).
        if !(nanoseconds < 9.2e18) { return SimDuration(nanoseconds: Int64.max / 2) }
        if !(nanoseconds > -9.2e18) { return SimDuration(nanoseconds: Int64.min / 2) }
        // `rounded()` exactly, without its libm call (a fifth of a sample's cost): truncate, then
        // step away from zero when the fraction is at least a half. The fraction is exact.
        let whole = Int64(nanoseconds)
        let fraction = nanoseconds - Double(whole)
        if fraction >= 0.5 { return SimDuration(nanoseconds: whole + 1) }
        if fraction <= -0.5 { return SimDuration(nanoseconds: whole - 1) }
        return SimDuration(nanoseconds: whole)
    }

    /// The exact analytic mean, rounded to the nearest nanosecond (halves away from zero).
    ///
    /// `constant(d)`: `d`. `exponential(mean: m)`: `m`. `lognormal(median: m, sigma: s)`:
    /// `m · exp(s²/2)`. `uniform(a, b)`: `(a + b) / 2` over the integers in `[a, b]`.
    /// `gamma(mean: m, …)`: `m`. `weibull(scale: λ, shape: k)`: `λ · Γ(1 + 1/k)`, capped at
    /// ``maximumSample``. `pareto`: the mean of the clamped samples, finite for every shape (see
    /// `paretoMean`). `mixture`: the weighted mean of its components. `empirical`: the mean of its
    /// interpolated inverse CDF.
    ///
    /// Sample means converge to it; the tests check they do, within a few per cent.
    public var mean: SimDuration {
        switch self {
        case .constant(let value):
            return value
        case .exponential(let mean):
            return mean
        case .lognormal(let median, let sigma):
            return Self.rounding(nanoseconds: Double(median.nanoseconds) * exp(sigma * sigma / 2))
        case .uniform(let lower, let upper):
            // lower + ceil(span / 2) is (a + b) / 2 with the half rounded up, without overflow.
            let span = UInt64(bitPattern: upper.nanoseconds &- lower.nanoseconds)
            return SimDuration(nanoseconds: lower.nanoseconds &+ Int64(bitPattern: span / 2 + span % 2))
        case .gamma(let mean, _):
            return mean
        case .weibull(let scale, let shape):
            return Self.clampedRounding(nanoseconds: Self.weibullMean(scale: scale, shape: shape))
        case .pareto(let scale, let shape):
            return Self.clampedRounding(nanoseconds: Self.paretoMean(scale: scale, shape: shape))
        case .mixture(let mixture):
            return Self.rounding(nanoseconds: mixture.meanNanoseconds)
        case .empirical(let table):
            return Self.rounding(nanoseconds: table.meanNanoseconds)
        }
    }

    /// The scenario syntax: `constant(20ms)`, `exponential(mean: 20ms)`,
    /// `lognormal(median: 15ms, sigma: 0.5)`, `uniform(10ms, 30ms)`, `gamma(mean: 40ms, shape: 2.0)`,
    /// `weibull(scale: 40ms, shape: 1.5)`, `pareto(scale: 10ms, shape: 2.5)`,
    /// `mixture(0.9: …, 0.1: …)`, `empirical(file: "times/gateway.csv")`.
    public var description: String {
        switch self {
        case .constant(let value):
            return "constant(\(value))"
        case .exponential(let mean):
            return "exponential(mean: \(mean))"
        case .lognormal(let median, let sigma):
            return "lognormal(median: \(median), sigma: \(sigma))"
        case .uniform(let lower, let upper):
            return "uniform(\(lower), \(upper))"
        case .gamma(let mean, let shape):
            return "gamma(mean: \(mean), shape: \(shape))"
        case .weibull(let scale, let shape):
            return "weibull(scale: \(scale), shape: \(shape))"
        case .pareto(let scale, let shape):
            return "pareto(scale: \(scale), shape: \(shape))"
        case .mixture(let mixture):
            return mixture.description
        case .empirical(let table):
            return table.description
        }
    }
}
