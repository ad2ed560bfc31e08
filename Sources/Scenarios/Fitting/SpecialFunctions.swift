import Foundation

/// The few special functions fitting needs, written out so that PayStorm depends on nothing but
/// libm (`log`, `exp`, `lgamma`, `erfc`).
enum SpecialFunctions {
    /// ψ(x), the derivative of log Γ, for x > 0: the recurrence ψ(x) = ψ(x + 1) - 1/x up to
    /// x ≥ 6, then the asymptotic series (error below 1e-12 there).
    static func digamma(_ value: Double) -> Double {
        var x = value
        var result = 0.0
        while x < 6 {
            result -= 1 / x
            x += 1
        }
        let f = 1 / (x * x)
        return result + log(x) - 0.5 / x - f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f / 132))))
    }

    /// ψ′(x), the trigamma function, for x > 0: recurrence up to x ≥ 6, then the asymptotic series.
    static func trigamma(_ value: Double) -> Double {
        var x = value
        var result = 0.0
        while x < 6 {
            result += 1 / (x * x)
            x += 1
        }
        let f = 1 / (x * x)
        return result + 1 / x + f / 2 + f / x * (1.0 / 6 - f * (1.0 / 30 - f * (1.0 / 42 - f * (1.0 / 30 - f * 5 / 66))))
    }

    /// The regularized lower incomplete gamma function P(a, x) and its complement Q = 1 - P,
    /// each computed directly where it is accurate: the series below x < a + 1, Lentz's continued
    /// fraction above (Numerical Recipes §6.2), so neither loses its small tail to cancellation.
    static func regularizedGamma(_ a: Double, _ x: Double) -> (p: Double, q: Double) {
        guard x > 0 else { return (0, 1) }
        guard x.isFinite else { return (1, 0) }
        let prefix = exp(-x + a * log(x) - lgamma(a))
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var denominator = a
            for _ in 0..<100_000 {
                denominator += 1
                term *= x / denominator
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            let p = min(1, sum * prefix)
            return (p, 1 - p)
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1..<100_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-16 { break }
        }
        let q = min(1, prefix * h)
        return (1 - q, q)
    }

    /// Φ(z) and 1 - Φ(z) for the standard normal, each from `erfc` so both tails keep their digits.
    static func normal(_ z: Double) -> (cdf: Double, survival: Double) {
        (0.5 * erfc(-z / 2.0.squareRoot()), 0.5 * erfc(z / 2.0.squareRoot()))
    }
}
