import Foundation

/// `paystorm fit`'s work: fits each family to a column of observed durations and ranks them.
///
/// Methods, all maximum likelihood:
/// - exponential: the mean is the sample mean (closed form);
/// - log-normal: `mu` and `sigma` are the mean and the standard deviation (divided by n) of
///   `log x` (closed form); the median is `exp(mu)`;
/// - gamma: the mean is the sample mean, and the shape solves `log k - ψ(k) = log(mean) - mean(log x)`
///   by Newton's method from Minka's starting point (no closed form);
/// - Weibull: the shape solves `Σ xᵏ log x / Σ xᵏ - 1/k = mean(log x)` by Newton's method, the
///   scale is then `(Σ xᵏ / n)^(1/k)` (no closed form);
/// - Pareto: the scale is the smallest observation lowered by its expected excess
///   `min / (n · shape)` (the standard bias correction, which also gives the smallest
///   observation a probability above 0), and the shape is `n / Σ log(x / scale)`.
///
/// Candidates are ranked by the Bayesian information criterion `k log n - 2 log L`, which
/// rewards likelihood and charges each parameter: with only the KS distance, the two-parameter
/// gamma and Weibull (which contain the exponential) would win on exponential data by noise.
/// Each candidate also gets its Kolmogorov–Smirnov D, D's approximate p-value and the
/// Anderson–Darling A² (``GoodnessOfFit``).
public struct DistributionFit: Sendable {
    /// One fitted family and how well it fits.
    public struct Candidate: Sendable {
        public var model: FittedModel
        public var fit: GoodnessOfFit
        public var logLikelihood: Double
        /// The Bayesian information criterion; the lowest ranks first.
        public var bic: Double
        /// How the parameters were estimated, for the report.
        public var method: String
    }

    /// The observations, ascending, in nanoseconds.
    public let sorted: [Double]
    /// Every family that could be fitted, best first.
    public let candidates: [Candidate]
    /// Families that could not be fitted, and why.
    public let skipped: [(family: FitFamily, reason: String)]
    /// How many observations were 0 and were counted as half the smallest positive one for the
    /// families that need durations above 0 (see `init`).
    public let zerosReplaced: Int

    /// The most zeros, as a share of the observations, that the positive families tolerate.
    public static let toleratedZeros = 0.01

    /// The fewest observations `paystorm fit` accepts: below this, D's p-value means little and
    /// the shapes of gamma and Weibull are barely told apart.
    public static let minimumObservations = 20

    /// Whether even the best candidate is rejected by the Kolmogorov–Smirnov test at 1 %: the
    /// observations are likely multi-modal, or have a tail no single family has. (With millions of
    /// observations a tiny, harmless gap is rejected too: look at D, the size of the gap.)
    public var bestIsRejected: Bool { (candidates.first?.fit.pValue ?? 1) < 0.01 }

    /// The string to paste into a scenario: the best candidate, or `constant(…)` when every
    /// observation is the same.
    public var proposal: String {
        if let best = candidates.first { return best.model.scenarioSyntax }
        return "constant(\(FitFormat.duration(sorted.first ?? 0)))"
    }

    /// Fits every family to `observations` (nanoseconds, any order, none negative).
    ///
    /// The log-normal, gamma, Weibull and Pareto have no mass at 0, so one zero makes their
    /// likelihood 0. A zero in a log is a duration below the clock's resolution, though: when
    /// fewer than 1 % of the observations are 0, those families count each zero as half the
    /// smallest positive observation; with more, they are not fitted (the exponential still is).
    public init(observations: [Int64]) {
        sorted = observations.map(Double.init).sorted()
        var candidates: [Candidate] = []
        var skipped: [(FitFamily, String)] = []
        let n = Double(sorted.count)
        let zeros = sorted.prefix { $0 <= 0 }.count
        let constant = sorted.first == sorted.last
        let fewZeros = zeros > 0 && Double(zeros) < Self.toleratedZeros * n
        var positive = sorted
        if fewZeros, let smallest = sorted.first(where: { $0 > 0 }) {
            for index in 0..<zeros { positive[index] = smallest / 2 }
        }
        zerosReplaced = fewZeros ? zeros : 0
        for family in FitFamily.allCases {
            if constant {
                skipped.append((family, "every observation is the same: the distribution is constant"))
                continue
            }
            if family != .exponential && zeros > 0 && !fewZeros {
                skipped.append((family, "needs durations above 0, and \(zeros) of \(sorted.count) are 0 (1 % or more)"))
                continue
            }
            let data = family == .exponential ? sorted : positive
            let estimate = Self.estimate(family, sorted: data)
            guard let model = estimate.model else {
                skipped.append((family, estimate.method))
                continue
            }
            if let problem = Self.outsideSyntax(model) {
                skipped.append((family, problem))
                continue
            }
            let logLikelihood = data.reduce(0) { $0 + model.logDensity($1) }
            candidates.append(Candidate(
                model: model, fit: GoodnessOfFit(model: model, sorted: data), logLikelihood: logLikelihood,
                bic: Double(model.parameterCount) * log(n) - 2 * logLikelihood, method: estimate.method))
        }
        // Stable: equal criteria keep the families' order.
        self.candidates = candidates.enumerated().sorted {
            ($0.element.bic, $0.offset) < ($1.element.bic, $1.offset)
        }.map(\.element)
        self.skipped = skipped
    }

    /// The fitted model of `family`, or nil with the reason in `method`.
    static func estimate(_ family: FitFamily, sorted: [Double]) -> (model: FittedModel?, method: String) {
        let n = Double(sorted.count)
        let mean = sorted.reduce(0, +) / n
        switch family {
        case .exponential:
            return (.exponential(mean: mean), "maximum likelihood (closed form)")
        case .lognormal:
            let logs = sorted.map { log($0) }
            let mu = logs.reduce(0, +) / n
            let sigma = (logs.reduce(0) { $0 + ($1 - mu) * ($1 - mu) } / n).squareRoot()
            return (.lognormal(mu: mu, sigma: sigma), "maximum likelihood (closed form)")
        case .gamma:
            let meanLog = sorted.reduce(0) { $0 + log($1) } / n
            guard let shape = gammaShape(s: log(mean) - meanLog) else {
                return (nil, "the shape did not converge")
            }
            return (.gamma(shape: shape, scale: mean / shape), "maximum likelihood (Newton's method for the shape)")
        case .weibull:
            guard let (shape, scale) = weibull(sorted: sorted) else { return (nil, "the shape did not converge") }
            return (.weibull(shape: shape, scale: scale), "maximum likelihood (Newton's method for the shape)")
        case .pareto:
            let minimum = sorted[0]
            let firstShape = n / sorted.reduce(0) { $0 + log($1 / minimum) }
            let scale = minimum * (1 - 1 / (n * firstShape))
            let shape = n / sorted.reduce(0) { $0 + log($1 / scale) }
            return (.pareto(scale: scale, shape: shape), "maximum likelihood (scale bias-corrected)")
        }
    }

    /// The gamma shape k solving `log k - ψ(k) = s`, with `s = log(mean) - mean(log x) > 0`.
    static func gammaShape(s: Double) -> Double? {
        guard s > 0, s.isFinite else { return nil }
        // Minka, "Estimating a Gamma distribution" (2002): within 1.5 % of the answer everywhere.
        var k = (3 - s + ((s - 3) * (s - 3) + 24 * s).squareRoot()) / (12 * s)
        for _ in 0..<100 {
            let step = (log(k) - SpecialFunctions.digamma(k) - s) / (1 / k - SpecialFunctions.trigamma(k))
            let next = k - step > 0 ? k - step : k / 2
            if abs(next - k) <= 1e-12 * k { return next }
            k = next
        }
        return k.isFinite ? k : nil
    }

    /// The Weibull shape and scale by maximum likelihood.
    ///
    /// The observations are divided by the largest first: the equation does not change (it is
    /// scale-free), and every `yᵏ` stays at most 1, so nothing overflows whatever the shape.
    static func weibull(sorted: [Double]) -> (shape: Double, scale: Double)? {
        let n = Double(sorted.count)
        let largest = sorted[sorted.count - 1]
        let logs = sorted.map { log($0 / largest) }
        let meanLog = logs.reduce(0, +) / n
        let spread = (logs.reduce(0) { $0 + ($1 - meanLog) * ($1 - meanLog) } / n).squareRoot()
        guard spread > 0 else { return nil }
        // The standard deviation of log X is π / (k √6) for a Weibull: a start near the answer.
        var k = Double.pi / (6.0.squareRoot() * spread)
        var converged = false
        for _ in 0..<200 {
            var b = 0.0, a = 0.0, c = 0.0
            for value in logs {
                let power = exp(k * value)
                b += power
                a += power * value
                c += power * value * value
            }
            let g = a / b - 1 / k - meanLog
            let slope = (c * b - a * a) / (b * b) + 1 / (k * k)
            let next = k - g / slope > 0 ? k - g / slope : k / 2
            if abs(next - k) <= 1e-12 * k {
                k = next
                converged = true
                break
            }
            k = next
        }
        guard converged, k.isFinite else { return nil }
        let sumPower = logs.reduce(0) { $0 + exp(k * $1) }
        return (k, largest * pow(sumPower / n, 1 / k))
    }

    /// Why `model` cannot be written in the scenario syntax (a shape beyond its range), or nil.
    static func outsideSyntax(_ model: FittedModel) -> String? {
        let (name, value, range): (String, Double, ClosedRange<Double>)
        switch model {
        case .exponential: return nil
        case .lognormal(_, let sigma): (name, value, range) = ("sigma", sigma, 0...10)
        case .gamma(let shape, _): (name, value, range) = ("shape", shape, DistributionSyntax.shapeRanges["gamma"]!)
        case .weibull(let shape, _): (name, value, range) = ("shape", shape, DistributionSyntax.shapeRanges["weibull"]!)
        case .pareto(_, let shape): (name, value, range) = ("shape", shape, DistributionSyntax.shapeRanges["pareto"]!)
        }
        guard !range.contains(value) else { return nil }
        return "the fitted \(name) \(FitFormat.number(value)) is outside the syntax's "
            + "\(DistributionSyntax.plain(range.lowerBound)) to \(DistributionSyntax.plain(range.upperBound))"
    }
}
