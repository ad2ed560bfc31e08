import SimulationKernel

/// The distribution syntax: `name(arguments)`, or a bare duration meaning `constant`.
enum DistributionSyntax {
    static let examples =
        "a distribution such as \"exponential(mean: 20ms)\", \"lognormal(median: 15ms, sigma: 0.5)\", "
        + "\"constant(20ms)\" or \"uniform(10ms, 30ms)\""

    /// Each kind's name and the form its message shows when its arguments do not fit.
    static let forms: KeyValuePairs<String, String> = [
        "constant": "constant(<duration>), such as \"constant(20ms)\"",
        "exponential": "exponential(mean: <duration>), such as \"exponential(mean: 20ms)\"",
        "lognormal": "lognormal(median: <duration>, sigma: <number>), such as \"lognormal(median: 15ms, sigma: 0.5)\"",
        "uniform": "uniform(<low duration>, <high duration>), such as \"uniform(10ms, 30ms)\"",
    ]

    static func parse(_ text: String) throws(QuantityError) -> DistributionSpec {
        let trimmed = Quantities.trimmingSpaces(text[...])
        let name = trimmed.prefix { $0.isLetter }
        let afterName = Quantities.trimmingSpaces(trimmed.dropFirst(name.count))
        guard !name.isEmpty, afterName.first == "(" else {
            if let first = trimmed.first, first.isNumber || first == "-" || first == "." {
                // A bare duration: constant.
                switch Quantities.parseDuration(trimmed) {
                case .success(let duration): return .constant(duration)
                case .failure(let problem): throw problem.error(text: text, role: nil)
                }
            }
            throw QuantityError(expected: examples, found: quotedForMessage(text), hint: nameHint(String(name)))
        }
        guard let form = forms.first(where: { $0.key == name })?.value else {
            throw QuantityError(expected: examples, found: quotedForMessage(text), hint: nameHint(String(name)))
        }
        guard afterName.last == ")" else {
            throw QuantityError(expected: form, found: quotedForMessage(text))
        }
        let inner = afterName.dropFirst().dropLast()
        let arguments = inner.split(separator: ",", omittingEmptySubsequences: false).map {
            Quantities.trimmingSpaces($0)
        }
        let formError = QuantityError(expected: form, found: quotedForMessage(text))
        switch name {
        case "constant":
            guard arguments.count == 1, label(of: arguments[0]) == nil else { throw formError }
            return .constant(try duration(arguments[0], role: "the value of constant(…)"))
        case "exponential":
            guard arguments.count == 1, let mean = value(arguments[0], labelled: "mean") else { throw formError }
            return .exponential(mean: try duration(mean, role: "the mean"))
        case "lognormal":
            guard arguments.count == 2, let median = value(arguments[0], labelled: "median"),
                let sigmaText = value(arguments[1], labelled: "sigma")
            else { throw formError }
            let medianDuration = try duration(median, role: "the median")
            guard medianDuration > .zero else {
                throw QuantityError(
                    expected: "the median to be a positive duration", found: quotedForMessage(String(median)))
            }
            guard let sigma = Quantities.parseNumber(sigmaText), sigma >= 0, sigma <= 10 else {
                throw QuantityError(
                    expected: "sigma to be a finite number from 0 to 10", found: quotedForMessage(String(sigmaText)))
            }
            return .lognormal(median: medianDuration, sigma: sigma)
        default:  // "uniform": the table above has four names.
            guard arguments.count == 2, label(of: arguments[0]) == nil, label(of: arguments[1]) == nil else {
                throw formError
            }
            let low = try duration(arguments[0], role: "the low bound")
            let high = try duration(arguments[1], role: "the high bound")
            guard low <= high else {
                throw QuantityError(
                    expected: "the low bound to be at most the high bound", found: quotedForMessage(text))
            }
            return .uniform(low, high)
        }
    }

    private static func duration(_ text: Substring, role: String) throws(QuantityError) -> SimDuration {
        switch Quantities.parseDuration(text) {
        case .success(let duration): return duration
        case .failure(let problem): throw problem.error(text: text, role: role)
        }
    }

    /// The label before a `:` in an argument (`mean` in `mean: 20ms`), if there is one.
    private static func label(of argument: Substring) -> Substring? {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        return Quantities.trimmingSpaces(argument[..<colon])
    }

    /// The value after `label:` in `argument`, or `nil` when the label is missing or another.
    private static func value(_ argument: Substring, labelled expected: String) -> Substring? {
        guard let colon = argument.firstIndex(of: ":"), label(of: argument) == expected[...] else { return nil }
        return Quantities.trimmingSpaces(argument[argument.index(after: colon)...])
    }

    private static func nameHint(_ name: String) -> String? {
        guard !name.isEmpty else { return nil }
        if name.lowercased() == "empirical" { return "empirical distributions are not supported yet" }
        let names = forms.map(\.key)
        guard let match = closestMatch(to: name, among: names), match != name else { return nil }
        return "did you mean \"\(match)\"?"
    }
}
