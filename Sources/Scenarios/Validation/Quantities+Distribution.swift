import SimulationKernel

/// The distribution syntax: `name(arguments)`, or a bare duration meaning `constant`.
///
/// Arguments are split at the commas outside parentheses and double quotes, so a mixture's
/// components and an empirical file's path can hold their own.
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
        "gamma": "gamma(mean: <duration>, shape: <number>), such as \"gamma(mean: 40ms, shape: 2)\"",
        "weibull": "weibull(scale: <duration>, shape: <number>), such as \"weibull(scale: 40ms, shape: 1.5)\"",
        "pareto": "pareto(scale: <duration>, shape: <number>), such as \"pareto(scale: 10ms, shape: 2.5)\"",
        "mixture": "mixture(<weight>: <distribution>, …), such as "
            + "\"mixture(0.9: lognormal(median: 20ms, sigma: 0.3), 0.1: exponential(mean: 2s))\"",
        "empirical": "empirical(file: \"<path>\"), optionally followed by histogram: true or column: <number or name>, "
            + "such as empirical(file: \"times/gateway.csv\")",
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
        let formError = QuantityError(expected: form, found: quotedForMessage(text))
        guard afterName.last == ")", let arguments = splitArguments(afterName.dropFirst().dropLast()) else {
            throw formError
        }
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
            let medianDuration = try positiveDuration(median, role: "the median")
            return .lognormal(median: medianDuration, sigma: try number(sigmaText, named: "sigma", in: 0...10))
        case "uniform":
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
        case "gamma", "weibull", "pareto":
            return try parseShaped(String(name), arguments, formError: formError)
        case "mixture":
            return try parseMixture(arguments, formError: formError)
        default:  // "empirical": the table above has nine names.
            return try parseEmpirical(arguments, formError: formError)
        }
    }

    /// `text` split at the commas outside parentheses and double quotes, each part trimmed; nil
    /// when the parentheses do not balance or a quote is left open.
    static func splitArguments(_ text: Substring) -> [Substring]? {
        var parts: [Substring] = []
        var depth = 0
        var quoted = false
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "\"": quoted.toggle()
            case "(" where !quoted: depth += 1
            case ")" where !quoted:
                depth -= 1
                if depth < 0 { return nil }
            case "," where !quoted && depth == 0:
                parts.append(Quantities.trimmingSpaces(text[start..<index]))
                start = text.index(after: index)
            default: break
            }
        }
        guard depth == 0, !quoted else { return nil }
        parts.append(Quantities.trimmingSpaces(text[start...]))
        return parts
    }

    static func duration(_ text: Substring, role: String) throws(QuantityError) -> SimDuration {
        switch Quantities.parseDuration(text) {
        case .success(let duration): return duration
        case .failure(let problem): throw problem.error(text: text, role: role)
        }
    }

    /// A duration above zero: a median, a mean or a scale.
    static func positiveDuration(_ text: Substring, role: String) throws(QuantityError) -> SimDuration {
        let value = try duration(text, role: role)
        guard value > .zero else {
            throw QuantityError(expected: "\(role) to be a positive duration", found: quotedForMessage(String(text)))
        }
        return value
    }

    /// A finite number within `range`: `expected sigma to be a finite number from 0 to 10`.
    static func number(_ text: Substring, named name: String, in range: ClosedRange<Double>) throws(QuantityError) -> Double {
        guard let value = Quantities.parseNumber(text), range.contains(value) else {
            throw QuantityError(
                expected: "\(name) to be a finite number from \(plain(range.lowerBound)) to \(plain(range.upperBound))",
                found: quotedForMessage(String(text)))
        }
        return value
    }

    /// `10`, not `10.0`; `0.1` as it is.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// The label before a `:` in an argument (`mean` in `mean: 20ms`), if there is one.
    static func label(of argument: Substring) -> Substring? {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        return Quantities.trimmingSpaces(argument[..<colon])
    }

    /// The value after `label:` in `argument`, or `nil` when the label is missing or another.
    static func value(_ argument: Substring, labelled expected: String) -> Substring? {
        guard let colon = argument.firstIndex(of: ":"), label(of: argument) == expected[...] else { return nil }
        return Quantities.trimmingSpaces(argument[argument.index(after: colon)...])
    }

    private static func nameHint(_ name: String) -> String? {
        guard !name.isEmpty else { return nil }
        let names = forms.map(\.key)
        guard let match = closestMatch(to: name, among: names), match != name else { return nil }
        return "did you mean \"\(match)\"?"
    }
}
