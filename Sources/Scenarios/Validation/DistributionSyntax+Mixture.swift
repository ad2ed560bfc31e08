import Foundation
import SimulationKernel

extension DistributionSyntax {
    /// The most components a mixture may have: enough for any multi-modal log, few enough that a
    /// linear scan picks one.
    static let maximumMixtureComponents = 16

    /// `mixture(0.9: lognormal(median: 20ms, sigma: 0.3), 0.1: exponential(mean: 2s))`.
    static func parseMixture(_ arguments: [Substring], formError: QuantityError) throws(QuantityError) -> DistributionSpec {
        guard (2...maximumMixtureComponents).contains(arguments.count) else {
            throw QuantityError(expected: "a mixture of 2 to \(maximumMixtureComponents) components",
                                found: arguments.count == 1 ? "1 component" : "\(arguments.count) components")
        }
        var components: [MixtureComponentSpec] = []
        var total = 0.0
        for argument in arguments {
            guard let weightText = label(of: argument), let colon = argument.firstIndex(of: ":"),
                  Quantities.parseNumber(weightText) != nil
            else {
                throw QuantityError(
                    expected: "each component of a mixture to be <weight>: <distribution>, such as "
                        + "\"0.9: lognormal(median: 20ms, sigma: 0.3)\"",
                    found: quotedForMessage(String(argument)))
            }
            guard let weight = Quantities.parseNumber(weightText), weight > 0, weight <= 1 else {
                throw QuantityError(expected: "a mixture weight to be a number above 0 and at most 1",
                                    found: quotedForMessage(String(weightText)))
            }
            let text = Quantities.trimmingSpaces(argument[argument.index(after: colon)...])
            if text.prefix(while: { $0.isLetter }) == "mixture" {
                throw QuantityError(expected: "a mixture component that is not itself a mixture",
                                    found: quotedForMessage(String(text)))
            }
            components.append(MixtureComponentSpec(weight: weight, distribution: try parse(String(text))))
            total += weight
        }
        guard abs(total - 1) <= 1e-9 else {
            throw QuantityError(expected: "the mixture weights to add up to 1",
                                found: "weights adding up to " + String(format: "%.12g", total))
        }
        return .mixture(components)
    }
}
