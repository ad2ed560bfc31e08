#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Distribution {
    /// One gamma duration: `(mean / shape) · X` with `X` a unit-scale gamma variate of `shape`.
    ///
    /// Marsaglia and Tsang, "A simple method for generating gamma variables", ACM TOMS 26(3),
    /// 2000. For `shape >= 1`, with `d = shape - 1/3` and `c = 1 / sqrt(9d)`, each attempt takes a
    /// standard normal `z` (two draws, `standardNormal`), retried while `1 + c·z <= 0`, then one
    /// uniform `u = 1 - unitInterval()` in `(0, 1]`; `v = (1 + c·z)³` is accepted when
    /// `u < 1 - 0.0331 z⁴` (the squeeze) or `log u < z²/2 + d - d·v + d·log v`, giving `d·v`.
    /// About 1.02 to 1.05 attempts per sample, so usually three draws. For `shape < 1` (the
    /// "boost" of §6): a variate of `shape + 1` as above, then one more uniform `u` in `(0, 1]`,
    /// and `X = X' · u^(1/shape)`.
    ///
    /// The number of draws varies with the rejections, but is a pure function of the stream: the
    /// same seed gives the same samples. Results clamp to ``maximumSample``.
    @usableFromInline static func sampleGamma(mean: SimDuration, shape: Double, _ random: inout SimRandom) -> SimDuration {
        precondition(mean.nanoseconds > 0, "Distribution: gamma mean must be positive, got \(mean.nanoseconds)ns")
        precondition(shape > 0 && shape.isFinite, "Distribution: gamma shape must be finite and > 0, got \(shape)")
        let scale = Double(mean.nanoseconds) / shape
        return clampedRounding(nanoseconds: scale * unitGamma(shape: shape, &random))
    }

    /// A gamma variate with scale 1 (Marsaglia–Tsang, with the boost below shape 1).
    static func unitGamma(shape: Double, _ random: inout SimRandom) -> Double {
        if shape < 1 {
            let boosted = unitGamma(shape: shape + 1, &random)
            let u = 1 - random.unitInterval()
            return boosted * pow(u, 1 / shape)
        }
        let d = shape - 1.0 / 3.0
        let c = 1 / (9 * d).squareRoot()
        while true {
            var z: Double
            var root: Double
            repeat {
                z = standardNormal(&random)
                root = 1 + c * z
            } while root <= 0
            let v = root * root * root
            let u = 1 - random.unitInterval()
            let zz = z * z
            // The squeeze accepts most attempts without a logarithm; it never accepts one the
            // exact test below would reject, so it changes speed, not results.
            if u < 1 - 0.0331 * zz * zz { return d * v }
            if log(u) < 0.5 * zz + d * (1 - v + log(v)) { return d * v }
        }
    }
}
