#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Distribution {
    /// One Pareto (type I) duration by inverse CDF: `scale · (1 - u)^(-1/shape)`, one draw
    /// `u = unitInterval()`.
    ///
    /// `1 - u` is in `[2^-53, 1]`, so samples are in `[scale, scale · 2^(53/shape)]`; a small shape
    /// reaches centuries, so results clamp to ``maximumSample``. The minimum is `scale` itself.
    @usableFromInline static func samplePareto(scale: SimDuration, shape: Double, _ random: inout SimRandom) -> SimDuration {
        precondition(scale.nanoseconds > 0, "Distribution: Pareto scale must be positive, got \(scale.nanoseconds)ns")
        precondition(shape > 0 && shape.isFinite, "Distribution: Pareto shape must be finite and > 0, got \(shape)")
        let u = random.unitInterval()
        return clampedRounding(nanoseconds: Double(scale.nanoseconds) * pow(1 - u, -1 / shape))
    }

    /// The mean of the clamped samples, `E[min(X, M)]` with `M` = ``maximumSample``, in nanoseconds.
    ///
    /// `E[min(X, M)] = s + ∫ from s to M of (s/x)^a dx`, which is `s + s · ((M/s)^(1-a) - 1) / (1 - a)`,
    /// or `s + s · log(M/s)` when `a = 1`. It is finite for every shape (the unclamped mean is
    /// infinite for `a <= 1`) and within a hair of `a·s / (a - 1)` for the shapes people use.
    static func paretoMean(scale: SimDuration, shape: Double) -> Double {
        let s = Double(scale.nanoseconds)
        let limit = Double(maximumSample.nanoseconds)
        guard s < limit else { return limit }
        if shape == 1 { return s + s * log(limit / s) }
        return s + s * (pow(limit / s, 1 - shape) - 1) / (1 - shape)
    }
}
