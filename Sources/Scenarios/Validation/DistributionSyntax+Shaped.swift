import SimulationKernel

extension DistributionSyntax {
    /// The largest shape each two-parameter family accepts. The smallest is 0.1 for all three:
    /// below it the tail is so long that most of the mean sits in samples clamped at 100 years.
    /// A gamma of shape 1000 is already within 3 % of its mean nearly always; a Weibull or
    /// Pareto shape of 100 is within a few per cent of its scale.
    static let shapeRanges: [String: ClosedRange<Double>] = ["gamma": 0.1...1000, "weibull": 0.1...100, "pareto": 0.1...100]

    /// `gamma(mean: 40ms, shape: 2)`, `weibull(scale: 40ms, shape: 1.5)`, `pareto(scale: 10ms, shape: 2.5)`.
    static func parseShaped(_ name: String, _ arguments: [Substring], formError: QuantityError) throws(QuantityError) -> DistributionSpec {
        let sizeLabel = name == "gamma" ? "mean" : "scale"
        guard arguments.count == 2, let sizeText = value(arguments[0], labelled: sizeLabel),
              let shapeText = value(arguments[1], labelled: "shape")
        else { throw formError }
        let size = try positiveDuration(sizeText, role: "the \(sizeLabel)")
        let shape = try number(shapeText, named: "shape", in: shapeRanges[name] ?? 0.1...100)
        switch name {
        case "gamma": return .gamma(mean: size, shape: shape)
        case "weibull": return .weibull(scale: size, shape: shape)
        default: return .pareto(scale: size, shape: shape)
        }
    }
}
