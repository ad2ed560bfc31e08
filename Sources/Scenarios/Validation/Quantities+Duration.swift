import SimulationKernel

/// Why a duration string was rejected; worded by `error(text:role:)` for its context.
enum DurationProblem: Error, Hashable {
    case malformed
    case negative
    case missingUnit
    case unknownUnit(suggestion: String?)
    case tooLong

    /// The message for `text`. `role` names the argument inside a distribution (`the mean`);
    /// without it the duration is the whole value.
    func error(text: Substring, role: String?) -> QuantityError {
        let phrase: String
        var hint: String? = nil
        switch self {
        case .malformed:
            phrase = "a duration such as \"250ms\", \"1.5s\" or \"2h\""
            let lower = text.lowercased()
            if lower.contains("inf") || lower.contains("nan") { hint = "a duration must be finite" }
        case .negative:
            phrase = "a duration that is not negative"
        case .missingUnit:
            phrase = "a duration with a unit (ns, us, ms, s, m or h)"
        case .unknownUnit(let suggestion):
            phrase = "a duration unit (ns, us, ms, s, m or h)"
            hint = suggestion.map { "did you mean \"\($0)\"?" }
        case .tooLong:
            phrase = "a duration of at most 100 years"
        }
        let expected = role.map { "\($0) to be \(phrase)" } ?? phrase
        return QuantityError(expected: expected, found: quotedForMessage(String(text)), hint: hint)
    }

    func error(text: String, role: String?) -> QuantityError { error(text: text[...], role: role) }
}

/// Unit spellings people write, and the unit meant, for "did you mean" hints.
private let unitAliases: KeyValuePairs<String, String> = [
    "nsec": "ns", "nanos": "ns", "nanosecond": "ns", "nanoseconds": "ns",
    "µs": "us", "μs": "us", "usec": "us", "micros": "us", "microsecond": "us", "microseconds": "us",
    "msec": "ms", "msecs": "ms", "millis": "ms", "millisecond": "ms", "milliseconds": "ms",
    "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    "min": "m", "mins": "m", "minute": "m", "minutes": "m",
    "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
]

extension Quantities {
    /// The duration in `text`, or why it is not one. See ``duration(_:)`` for the grammar.
    static func parseDuration(_ text: String) -> Result<SimDuration, DurationProblem> {
        parseDuration(text[...])
    }

    static func parseDuration(_ text: Substring) -> Result<SimDuration, DurationProblem> {
        var rest = trimmingSpaces(text).unicodeScalars[...]
        if rest.first == "-" {
            // "-5ms" is a negative duration; "-x" is no duration at all.
            let signedNumber = rest.dropFirst().first.map { ("0"..."9").contains($0) || $0 == "." } ?? false
            return .failure(signedNumber ? .negative : .malformed)
        }
        let integerDigits = rest.prefix { ("0"..."9").contains($0) }
        guard !integerDigits.isEmpty else { return .failure(.malformed) }
        rest = rest.dropFirst(integerDigits.count)
        var fractionDigits = rest[rest.startIndex..<rest.startIndex]
        if rest.first == "." {
            rest = rest.dropFirst()
            fractionDigits = rest.prefix { ("0"..."9").contains($0) }
            guard !fractionDigits.isEmpty else { return .failure(.malformed) }
            rest = rest.dropFirst(fractionDigits.count)
        }
        while rest.first == " " || rest.first == "\t" { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return .failure(.missingUnit) }
        let unitText = String(String.UnicodeScalarView(rest))
        guard let unit = durationUnits.first(where: { $0.key == unitText })?.value else {
            let suggestion = suggestUnit(unitText, number: integerDigits, fraction: fractionDigits)
            return .failure(.unknownUnit(suggestion: suggestion))
        }
        guard let nanoseconds = exactNanoseconds(integer: integerDigits, fraction: fractionDigits, unit: unit),
            nanoseconds <= UInt64(maximumDuration.nanoseconds)
        else { return .failure(.tooLong) }
        return .success(SimDuration(nanoseconds: Int64(nanoseconds)))
    }

    /// `number` written with the unit `unitText` probably meant (`"5sec"` → `"5s"`), if any.
    private static func suggestUnit(
        _ unitText: String, number: Substring.UnicodeScalarView.SubSequence,
        fraction: Substring.UnicodeScalarView.SubSequence
    ) -> String? {
        let lower = unitText.lowercased()
        let unit =
            durationUnits.first { $0.key == lower }?.key
            ?? unitAliases.first { $0.key == lower }?.value
        guard let unit else { return nil }
        var written = String(String.UnicodeScalarView(number))
        if !fraction.isEmpty { written += "." + String(String.UnicodeScalarView(fraction)) }
        return written + unit
    }

    /// `integer.fraction × unit` in nanoseconds, exactly, rounded half up; `nil` past `UInt64`.
    private static func exactNanoseconds(
        integer: Substring.UnicodeScalarView.SubSequence, fraction: Substring.UnicodeScalarView.SubSequence,
        unit: UInt64
    ) -> UInt64? {
        var whole: UInt64 = 0
        for digit in integer {
            let (times10, overflow1) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit.value - 48))
            guard !overflow1, !overflow2 else { return nil }
            whole = sum
        }
        let (wholeNanos, overflow) = whole.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        // Eighteen fraction digits are far below a nanosecond for the largest unit (an hour is
        // 3.6e12 ns), so later digits are dropped; 10^18 still fits in a UInt64.
        var numerator: UInt64 = 0
        var denominator: UInt64 = 1
        for digit in fraction.prefix(18) {
            numerator = numerator * 10 + UInt64(digit.value - 48)
            denominator *= 10
        }
        let product = numerator.multipliedFullWidth(by: unit)
        let (quotient, remainder) = denominator.dividingFullWidth(product)  // quotient < unit: fits.
        let fractionNanos = remainder * 2 >= denominator ? quotient + 1 : quotient
        let (total, overflowTotal) = wholeNanos.addingReportingOverflow(fractionNanos)
        return overflowTotal ? nil : total
    }
}
