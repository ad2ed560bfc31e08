import Foundation

extension MMcStation {
    /// P(T > t): the probability that a payment's time from arrival to the end of its service
    /// exceeds `t` seconds.
    ///
    /// T = Wq + S with S exponential(μ) and Wq zero with probability 1 − C, exponential(a) with
    /// a = cμ − λ otherwise. The sum of the two exponentials is hypoexponential:
    /// P(X + S > t) = (a·e^(−μt) − μ·e^(−at)) / (a − μ), or (1 + μt)·e^(−μt) when a = μ.
    /// For c = 1 it all reduces to e^(−(μ − λ)t), the M/M/1 sojourn time.
    ///
    /// - Returns: a probability in [0, 1], or `nil` when the station is unstable.
    public func probabilityResponseExceeds(_ t: Double) -> Double? {
        precondition(!t.isNaN, "MMcStation: response threshold is NaN")
        guard let waiting = probabilityOfWaiting else { return nil }
        guard t > 0 else { return 1 }
        let mu = serviceRate
        let a = drainRate
        let serviceOnly = exp(-mu * t)
        let waitThenService: Double
        // Near a = μ the two-exponential form cancels catastrophically; its limit is exact there.
        if abs(a - mu) <= 1e-9 * mu {
            waitThenService = (1 + mu * t) * exp(-mu * t)
        } else {
            waitThenService = (a * exp(-mu * t) - mu * exp(-a * t)) / (a - mu)
        }
        return min(1, max(0, (1 - waiting) * serviceOnly + waiting * waitThenService))
    }

    /// The p-quantile of the response time (wait plus service), in seconds: the t with
    /// P(T > t) = 1 − p, found by bisection on the survival function, which falls strictly.
    ///
    /// - Parameter p: the level, in [0, 1); 0.99 for the p99 latency of an M/M/c queue alone.
    /// - Returns: seconds to within 1e-12 relative, or `.infinity` when the station is unstable.
    public func responseQuantile(_ p: Double) -> Double {
        precondition(p >= 0 && p < 1, "MMcStation: response quantile level \(p) outside [0, 1)")
        guard isStable else { return .infinity }
        guard p > 0 else { return 0 }
        let target = 1 - p
        var low = 0.0
        var high = 1 / serviceRate
        while let survival = probabilityResponseExceeds(high), survival > target { (low, high) = (high, high * 2) }
        // Each step halves the bracket; 200 take any bracket below the spacing of doubles.
        for _ in 0..<200 where high - low > 1e-12 * high {
            let middle = (low + high) / 2
            if let survival = probabilityResponseExceeds(middle), survival > target { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
