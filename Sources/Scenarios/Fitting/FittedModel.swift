import Foundation

/// The families `paystorm fit` tries, in the order it reports ties.
public enum FitFamily: String, Sendable, Hashable, CaseIterable {
    case exponential, lognormal, gamma, weibull, pareto
}

/// One fitted distribution, with its parameters in nanoseconds (`log` nanoseconds for the
/// log-normal's `mu`), its CDF and its log density, and the scenario string that samples it.
public enum FittedModel: Sendable, Hashable {
    case exponential(mean: Double)
    case lognormal(mu: Double, sigma: Double)
    case gamma(shape: Double, scale: Double)
    case weibull(shape: Double, scale: Double)
    /// Pareto type I: `P(X > x) = (scale / x)^shape` for `x >= scale`.
    case pareto(scale: Double, shape: Double)

    public var family: FitFamily {
        switch self {
        case .exponential: .exponential
        case .lognormal: .lognormal
        case .gamma: .gamma
        case .weibull: .weibull
        case .pareto: .pareto
        }
    }

    /// How many parameters were estimated, for the information criterion.
    public var parameterCount: Int {
        if case .exponential = self { return 1 }
        return 2
    }

    /// The parameters as the scenario syntax names them, in its units (`mean_ms`, `shape`).
    public var parameters: [(name: String, value: Double)] {
        switch self {
        case .exponential(let mean): return [("mean_ms", mean / 1e6)]
        case .lognormal(let mu, let sigma): return [("median_ms", exp(mu) / 1e6), ("sigma", sigma)]
        case .gamma(let shape, let scale): return [("mean_ms", shape * scale / 1e6), ("shape", shape)]
        case .weibull(let shape, let scale): return [("scale_ms", scale / 1e6), ("shape", shape)]
        case .pareto(let scale, let shape): return [("scale_ms", scale / 1e6), ("shape", shape)]
        }
    }

    /// The string to paste into a scenario, parameters to four significant digits:
    /// `gamma(mean: 40.02ms, shape: 1.998)`.
    public var scenarioSyntax: String {
        switch self {
        case .exponential(let mean):
            return "exponential(mean: \(FitFormat.duration(mean)))"
        case .lognormal(let mu, let sigma):
            return "lognormal(median: \(FitFormat.duration(exp(mu))), sigma: \(FitFormat.number(sigma)))"
        case .gamma(let shape, let scale):
            return "gamma(mean: \(FitFormat.duration(shape * scale)), shape: \(FitFormat.number(shape)))"
        case .weibull(let shape, let scale):
            return "weibull(scale: \(FitFormat.duration(scale)), shape: \(FitFormat.number(shape)))"
        case .pareto(let scale, let shape):
            return "pareto(scale: \(FitFormat.duration(scale)), shape: \(FitFormat.number(shape)))"
        }
    }

    /// `P(X <= x)` and `P(X > x)`, each computed directly so that both tails keep their digits
    /// (the Anderson–Darling statistic takes the logarithm of both).
    public func probabilities(_ x: Double) -> (cdf: Double, survival: Double) {
        switch self {
        case .exponential(let mean):
            guard x > 0 else { return (0, 1) }
            return (-expm1(-x / mean), exp(-x / mean))
        case .lognormal(let mu, let sigma):
            guard x > 0 else { return (0, 1) }
            return SpecialFunctions.normal((log(x) - mu) / sigma)
        case .gamma(let shape, let scale):
            let (p, q) = SpecialFunctions.regularizedGamma(shape, x / scale)
            return (p, q)
        case .weibull(let shape, let scale):
            guard x > 0 else { return (0, 1) }
            let t = pow(x / scale, shape)
            return (-expm1(-t), exp(-t))
        case .pareto(let scale, let shape):
            guard x > scale else { return (0, 1) }
            let logSurvival = shape * log(scale / x)
            return (-expm1(logSurvival), exp(logSurvival))
        }
    }

    /// `P(X <= x)`.
    public func cdf(_ x: Double) -> Double { probabilities(x).cdf }

    /// `log f(x)`, the log density at `x` nanoseconds; `-infinity` outside the support.
    func logDensity(_ x: Double) -> Double {
        switch self {
        case .exponential(let mean):
            return x < 0 ? -.infinity : -log(mean) - x / mean
        case .lognormal(let mu, let sigma):
            guard x > 0 else { return -.infinity }
            let z = (log(x) - mu) / sigma
            return -log(x) - log(sigma) - 0.5 * log(2 * Double.pi) - 0.5 * z * z
        case .gamma(let shape, let scale):
            guard x > 0 else { return -.infinity }
            return (shape - 1) * log(x) - x / scale - shape * log(scale) - lgamma(shape)
        case .weibull(let shape, let scale):
            guard x > 0 else { return -.infinity }
            return log(shape) - shape * log(scale) + (shape - 1) * log(x) - pow(x / scale, shape)
        case .pareto(let scale, let shape):
            guard x >= scale else { return -.infinity }
            return log(shape) + shape * log(scale) - (shape + 1) * log(x)
        }
    }
}

/// Numbers and durations as the fitted strings write them.
enum FitFormat {
    /// `40.02ms`, `1.234s`, `850.3us`: four significant digits in the unit that puts the value
    /// between 1 and 1000 (seconds for anything longer), never below 1 ns.
    static func duration(_ nanoseconds: Double) -> String {
        guard nanoseconds >= 0.5 else { return "1ns" }
        let units: [(Double, String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "us"), (1, "ns")]
        let (size, unit) = units.first { nanoseconds >= $0.0 } ?? (1, "ns")
        return significant(nanoseconds / size, digits: 4) + unit
    }

    /// `1.998`, `0.4987`, `12.35`, `250`: four significant digits, no exponent.
    static func number(_ value: Double) -> String { significant(value, digits: 4) }

    /// `value` with `digits` significant digits, trailing zeros dropped.
    static func significant(_ value: Double, digits: Int) -> String {
        guard value.isFinite, value != 0 else { return "0" }
        let magnitude = Int(floor(log10(abs(value))))
        let decimals = max(0, digits - 1 - magnitude)
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
