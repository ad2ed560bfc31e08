import SimulationKernel

/// A distribution of durations as a scenario writes it, parsed and checked.
///
/// It maps one to one onto the kernel's `Distribution` (`constant`, `exponential(mean:)`,
/// `lognormal(median:sigma:)`, `uniform(_:_:)`), which does the sampling; this type only says
/// what the scenario asked for. Parse it with ``Quantities/distribution(_:)``. What a parsed value
/// guarantees: durations are between 0 and 100 years, a log-normal median is positive, its sigma
/// is finite and within `0...10`, and a uniform low bound is at most its high bound.
public enum DistributionSpec: Sendable, Hashable, CustomStringConvertible {
    case constant(SimDuration)
    case exponential(mean: SimDuration)
    case lognormal(median: SimDuration, sigma: Double)
    case uniform(SimDuration, SimDuration)

    /// The scenario syntax for this distribution: `lognormal(median: 15ms, sigma: 0.5)`.
    public var description: String {
        switch self {
        case .constant(let value): return "constant(\(value))"
        case .exponential(let mean): return "exponential(mean: \(mean))"
        case .lognormal(let median, let sigma): return "lognormal(median: \(median), sigma: \(sigma))"
        case .uniform(let low, let high): return "uniform(\(low), \(high))"
        }
    }
}

extension DistributionSpec {
    /// The kernel distribution that samples what this spec describes.
    public var distribution: Distribution {
        switch self {
        case .constant(let value): .constant(value)
        case .exponential(let mean): .exponential(mean: mean)
        case .lognormal(let median, let sigma): .lognormal(median: median, sigma: sigma)
        case .uniform(let low, let high): .uniform(low, high)
        }
    }
}
