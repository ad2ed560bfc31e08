import SimulationKernel

/// A distribution of durations as a scenario writes it, parsed and checked.
///
/// It maps one to one onto the kernel's `Distribution`, which does the sampling; this type only
/// says what the scenario asked for. Parse it with ``Quantities/distribution(_:)``. What a parsed
/// value guarantees: durations are between 0 and 100 years; a log-normal median, a gamma mean and
/// a Weibull or Pareto scale are positive; sigma is within `0...10`, a gamma shape within
/// `0.1...1000`, a Weibull or Pareto shape within `0.1...100`; a uniform low bound is at most its
/// high bound; a mixture has 2 to 16 components, none a mixture, with weights above 0 adding up to
/// 1 (within 1e-9). An empirical file is only named here: it is read by
/// ``distribution(relativeTo:)``, when the scenario is loaded.
public enum DistributionSpec: Sendable, Hashable, CustomStringConvertible {
    case constant(SimDuration)
    case exponential(mean: SimDuration)
    case lognormal(median: SimDuration, sigma: Double)
    case uniform(SimDuration, SimDuration)
    case gamma(mean: SimDuration, shape: Double)
    case weibull(scale: SimDuration, shape: Double)
    case pareto(scale: SimDuration, shape: Double)
    case mixture([MixtureComponentSpec])
    /// Observed durations in `file` (relative to the scenario file's directory), one per line or
    /// in `column` of a CSV, or a histogram of `upper_bound_ms,count` lines.
    case empirical(file: String, histogram: Bool, column: DurationColumn)

    /// The scenario syntax for this distribution: `lognormal(median: 15ms, sigma: 0.5)`.
    public var description: String {
        switch self {
        case .constant(let value): return "constant(\(value))"
        case .exponential(let mean): return "exponential(mean: \(mean))"
        case .lognormal(let median, let sigma): return "lognormal(median: \(median), sigma: \(sigma))"
        case .uniform(let low, let high): return "uniform(\(low), \(high))"
        case .gamma(let mean, let shape): return "gamma(mean: \(mean), shape: \(shape))"
        case .weibull(let scale, let shape): return "weibull(scale: \(scale), shape: \(shape))"
        case .pareto(let scale, let shape): return "pareto(scale: \(scale), shape: \(shape))"
        case .mixture(let components):
            return "mixture(" + components.map { "\($0.weight): \($0.distribution)" }.joined(separator: ", ") + ")"
        case .empirical(let file, let histogram, let column):
            return "empirical(file: \"\(file)\"" + (histogram ? ", histogram: true" : "")
                + (column == .sole ? "" : ", column: \(column)") + ")"
        }
    }
}

/// One weighted part of a `mixture(…)`.
public struct MixtureComponentSpec: Sendable, Hashable {
    public var weight: Double
    public var distribution: DistributionSpec

    public init(weight: Double, distribution: DistributionSpec) {
        self.weight = weight
        self.distribution = distribution
    }
}

extension DistributionSpec {
    /// The kernel distribution that samples what this spec describes, reading any empirical file
    /// now, relative to the directory of `scenarioFile` (an absolute path is used as it is).
    ///
    /// A file read once is kept for the rest of the process (until it changes), so a sweep that
    /// loads its scenario for every point reads a ten-million-line log once.
    /// - Throws: the first problem in an empirical file, naming its line.
    public func distribution(relativeTo scenarioFile: String) throws(ObservationFileError) -> Distribution {
        switch self {
        case .constant(let value): return .constant(value)
        case .exponential(let mean): return .exponential(mean: mean)
        case .lognormal(let median, let sigma): return .lognormal(median: median, sigma: sigma)
        case .uniform(let low, let high): return .uniform(low, high)
        case .gamma(let mean, let shape): return .gamma(mean: mean, shape: shape)
        case .weibull(let scale, let shape): return .weibull(scale: scale, shape: shape)
        case .pareto(let scale, let shape): return .pareto(scale: scale, shape: shape)
        case .mixture(let components):
            var parts: [DistributionMixture.Component] = []
            for component in components {
                let distribution = try component.distribution.distribution(relativeTo: scenarioFile)
                parts.append(DistributionMixture.Component(weight: component.weight, distribution: distribution))
            }
            return .mixture(DistributionMixture(parts))
        case .empirical(let file, let histogram, let column):
            return .empirical(try EmpiricalFiles.table(file: file, relativeTo: scenarioFile, histogram: histogram, column: column))
        }
    }
}
