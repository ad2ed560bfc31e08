/// A weighted choice among distributions: `mixture(0.9: lognormal(…), 0.1: exponential(…))`.
///
/// Real gateway times are often two populations, a fast path and a slow one (a cache miss, a
/// retry inside the issuer); a mixture draws which one first, then a duration from it.
///
/// Sampling takes one `unitInterval()` draw `u` and picks the first component whose cumulative
/// weight is above `u`, then samples that component with the draws that follow. The cumulative
/// weights are fixed when the mixture is made (normalised so the last is exactly 1), so the choice
/// is a pure function of `u`.
public struct DistributionMixture: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// One part of a mixture: how often it is chosen, and what it draws.
    public struct Component: Sendable, Hashable {
        /// How often the component is chosen: its share of draws. A mixture's weights add up to 1.
        public let weight: Double
        /// What the component draws once it is chosen.
        public let distribution: Distribution

        /// A component chosen with probability `weight`.
        public init(weight: Double, distribution: Distribution) {
            self.weight = weight
            self.distribution = distribution
        }
    }

    /// The components and their thresholds, kept for the process and held unretained, so that a
    /// `Distribution` stays plain bits (`DistributionStorage`). Unchecked `Sendable`: immutable, never freed.
    private final class Storage: Sendable {
        let components: [Component]
        let thresholds: [Double]

        init(components: [Component], thresholds: [Double]) {
            self.components = components
            self.thresholds = thresholds
        }
    }

    private let reference: Unmanaged<Storage>

    /// The components in the order given. The order is part of the mixture: it decides which draws
    /// pick which component.
    public var components: [Component] { reference.takeUnretainedValue().components }
    /// Running totals of the weights divided by their sum; the last is exactly 1.
    var thresholds: [Double] { reference.takeUnretainedValue().thresholds }

    /// Equal when the components are, in order; the storage reference is not compared.
    public static func == (a: DistributionMixture, b: DistributionMixture) -> Bool { a.components == b.components }
    /// Hashes the components, so equal mixtures hash alike whatever storage they sit in.
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }

    /// - Precondition: at least one component; every weight finite and above 0; the weights add up
    ///   to 1 within 1e-9. Scenarios check this (and their own limits) first.
    public init(_ components: [Component]) {
        precondition(!components.isEmpty, "DistributionMixture: no components")
        precondition(components.allSatisfy { $0.weight > 0 && $0.weight.isFinite },
                     "DistributionMixture: weights must be finite and > 0, got \(components.map(\.weight))")
        let total = components.reduce(0) { $0 + $1.weight }
        precondition(abs(total - 1) <= 1e-9, "DistributionMixture: weights add up to \(total), not 1")
        var running = 0.0
        var thresholds: [Double] = []
        for component in components {
            running += component.weight
            thresholds.append(running / total)
        }
        thresholds[thresholds.count - 1] = 1
        reference = DistributionStorage.keep(Storage(components: components, thresholds: thresholds))
    }

    /// One duration: a component chosen by one `unitInterval()` draw, then that component's sample.
    @usableFromInline func sample(_ random: inout SimRandom) -> SimDuration {
        let storage = reference.takeUnretainedValue()
        let (thresholds, components) = (storage.thresholds, storage.components)
        let u = random.unitInterval()
        // A mixture has a handful of components (at most 16 in a scenario): a linear scan is fine.
        var index = 0
        while index < thresholds.count - 1 && u >= thresholds[index] { index += 1 }
        return components[index].distribution.sample(&random)
    }

    /// `Σ weight · mean` in nanoseconds, from each component's rounded mean.
    var meanNanoseconds: Double {
        components.reduce(0) { $0 + $1.weight * Double($1.distribution.mean.nanoseconds) }
    }

    /// `mixture(0.9: lognormal(median: 20ms, sigma: 0.3), 0.1: exponential(mean: 2s))`.
    public var description: String {
        "mixture(" + components.map { "\($0.weight): \($0.distribution)" }.joined(separator: ", ") + ")"
    }
}
