import SimulationKernel

/// A string value that does not say what it should: what was expected, what was found.
///
/// `found` is the offending text quoted as JSON would (`"-5ms"`), so it drops straight into a
/// ``ScenarioError`` (see ``ScenarioError/init(file:fieldPath:quantityError:)``).
public struct QuantityError: Error, Sendable, Hashable, CustomStringConvertible {
    public var expected: String
    public var found: String
    public var hint: String?

    public init(expected: String, found: String, hint: String? = nil) {
        self.expected = expected
        self.found = found
        self.hint = hint
    }

    /// `expected a duration that is not negative, found "-5ms"`.
    public var description: String {
        "expected \(expected), found \(found)" + (hint.map { " (\($0))" } ?? "")
    }
}

/// Parsers for the strings a scenario uses for durations, distributions and SLO thresholds.
///
/// Each returns a checked value or throws a ``QuantityError`` that says precisely what was
/// expected. None of them uses Foundation or locale: `"1,5s"` is an error everywhere.
public enum Quantities {
    /// The longest duration a scenario may write: 100 years of 365 days. Far beyond any run,
    /// and far below the 292 years a `SimDuration` holds, so sums of a few stay in range. The
    /// kernel clamps gamma, Weibull and Pareto samples to the same bound.
    public static let maximumDuration = Distribution.maximumSample

    /// The units a duration may carry, with their size in nanoseconds.
    static let durationUnits: KeyValuePairs<String, UInt64> = [
        "ns": 1, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000, "m": 60_000_000_000, "h": 3_600_000_000_000,
    ]

    /// Parses a duration with a unit: `"250ms"`, `"1.5s"`, `"2h"`, `"90us"`, `"500ns"`, `"3m"`.
    ///
    /// The number is digits with an optional fraction (no sign, no exponent), optionally
    /// followed by spaces, then one of `ns`, `us`, `ms`, `s`, `m`, `h`. Spaces around the whole
    /// are ignored. The value is computed exactly in integers and rounded to the nearest
    /// nanosecond, halves up (`"0.5ns"` is 1 ns). It must be at most ``maximumDuration``.
    /// - Throws: `QuantityError` for a negative, unitless, unknown-unit, malformed or too long
    ///   duration.
    public static func duration(_ text: String) throws(QuantityError) -> SimDuration {
        switch parseDuration(text) {
        case .success(let duration):
            return duration
        case .failure(let problem):
            throw problem.error(text: text, role: nil)
        }
    }

    /// Parses a distribution of durations: `constant(20ms)`, `exponential(mean: 20ms)`,
    /// `lognormal(median: 15ms, sigma: 0.5)`, `uniform(10ms, 30ms)`, `gamma(mean: 40ms, shape: 2)`,
    /// `weibull(scale: 40ms, shape: 1.5)`, `pareto(scale: 10ms, shape: 2.5)`,
    /// `mixture(0.9: <distribution>, 0.1: <distribution>)` or `empirical(file: "times.csv")`
    /// (optionally with `histogram: true` or `column: N|NAME`); a bare duration such as `20ms`
    /// means `constant(20ms)`. Spaces are allowed around every token; names and labels are
    /// lowercase, as written here. An empirical file is not read here (see
    /// ``DistributionSpec/distribution(relativeTo:)``).
    /// - Throws: `QuantityError` naming the form that was expected, or the argument that is wrong.
    public static func distribution(_ text: String) throws(QuantityError) -> DistributionSpec {
        try DistributionSyntax.parse(text)
    }

    /// Parses an SLO threshold: `"< 800"`, `"<= 0.5"`, `"> 0.97"`, `">= 10"`, `"== 0"`, `"!= 3"`.
    /// The space after the operator is optional; the number may have a sign, a fraction and an
    /// exponent, and must be finite.
    /// - Throws: `QuantityError` for a missing or unknown operator, or a bad number.
    public static func comparison(_ text: String) throws(QuantityError) -> ComparisonThreshold {
        let trimmed = trimmingSpaces(text[...])
        let examples = "a comparison such as \"< 800\", \"<= 0.5\", \">= 10\", \"== 0\" or \"!= 3\""
        // Two-character operators first, so "<=" is not read as "<" followed by "=".
        let ordered: [ComparisonThreshold.Operator] = [
            .lessThanOrEqual, .greaterThanOrEqual, .equal, .notEqual, .lessThan, .greaterThan,
        ]
        guard let op = ordered.first(where: { trimmed.hasPrefix($0.rawValue) }) else {
            let typos: KeyValuePairs<String, String> = ["=>": ">=", "=<": "<=", "=": "=="]
            let hint = typos.first { trimmed.hasPrefix($0.key) }.map { "did you mean \"\($0.value)\"?" }
            let bareNumber = parseNumber(trimmed) != nil
            throw QuantityError(
                expected: examples, found: quotedForMessage(text),
                hint: hint ?? (bareNumber ? "add an operator, as in \"< \(trimmed)\"" : nil))
        }
        let rest = trimmingSpaces(trimmed.dropFirst(op.rawValue.count))
        guard let value = parseNumber(rest) else {
            throw QuantityError(
                expected: "a finite number after \"\(op.rawValue)\"", found: quotedForMessage(text),
                hint: typoAfter(op: op, rest: rest))
        }
        return ComparisonThreshold(op: op, value: value)
    }

    private static func typoAfter(op: ComparisonThreshold.Operator, rest: Substring) -> String? {
        guard let next = rest.first, "<>=!".contains(next) else { return nil }
        return "one operator only: <, <=, >, >=, == or !="
    }

    /// A finite number: `[+-]?digits(.digits)?([eE][+-]?digits)?`, or `nil`.
    static func parseNumber(_ text: Substring) -> Double? {
        var scalars = text.unicodeScalars[...]
        func digits() -> Bool {
            let count = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(count)
            return count > 0
        }
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        guard digits() else { return nil }
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            guard digits() else { return nil }
        }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
            guard digits() else { return nil }
        }
        guard scalars.isEmpty, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmingSpaces(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }),
            let last = text.lastIndex(where: { !isSpace($0) })
        else { return text[text.endIndex...] }
        return text[start...last]
    }
}
