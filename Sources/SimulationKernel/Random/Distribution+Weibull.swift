#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Distribution {
    /// One Weibull duration by inverse CDF: `λ · (-log(1 - u))^(1/k)`, one draw
    /// `u = unitInterval()`.
    ///
    /// `1 - u` is in `(0, 1]`, so `-log(1 - u)` is in `[0, ~36.7]`: the exponential's own draw,
    /// raised to `1/k`. Results clamp to ``maximumSample`` (a small shape makes the tail long).
    @usableFromInline static func sampleWeibull(scale: SimDuration, shape: Double, _ random: inout SimRandom) -> SimDuration {
        precondition(scale.nanoseconds > 0, "Distribution: Weibull scale must be positive, got \(scale.nanoseconds)ns")
        precondition(shape > 0 && shape.isFinite, "Distribution: Weibull shape must be finite and > 0, got \(shape)")
        let u = random.unitInterval()
        let exponential = 0 - log(1 - u)  // `0 -`, not `-`: log(1) is 0 and must not become -0.
        return clampedRounding(nanoseconds: Double(scale.nanoseconds) * pow(exponential, 1 / shape))
    }

    /// `λ · Γ(1 + 1/k)` in nanoseconds: the mean before clamping.
    static func weibullMean(scale: SimDuration, shape: Double) -> Double {
        Double(scale.nanoseconds) * tgamma(1 + 1 / shape)
    }
}
