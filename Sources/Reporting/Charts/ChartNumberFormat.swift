/// Number formatting for charts: compact tick labels and SVG coordinates.
///
/// Everything here is written by hand from integer arithmetic, never through `String(format:)` or a
/// `NumberFormatter`, so the output is the same on every machine and in every locale: a report
/// rendered twice from one run is byte-for-byte identical.
public enum ChartNumberFormat {
    /// A compact label: 1200 → "1.2K", 250 → "250", 0.5 → "0.5", 2500000 → "2.5M".
    ///
    /// Keeps three significant digits and drops trailing zeros. For a row of axis ticks, pass the
    /// step and the largest magnitude on the axis, so neighbouring ticks never print alike
    /// (10,200 and 10,400 with a step of 200 become "10.2K" and "10.4K").
    /// - Parameters:
    ///   - value: the number; non-finite values print as "–".
    ///   - step: the spacing of the ticks this label belongs to, if any.
    ///   - magnitude: the largest absolute value on the axis; picks one suffix for all its ticks.
    public static func compact(_ value: Double, step: Double? = nil, magnitude: Double? = nil) -> String {
        guard value.isFinite else { return "–" }
        let size = abs(magnitude ?? value)
        if size >= 1e15 { return scientific(value) }
        let (scale, suffix) = suffixFor(size)
        let scaled = value / scale
        if scaled == 0 || abs(value) < 1e-12 * max(1, size) { return "0" }
        var digits: Int
        if let step, step > 0, step.isFinite {
            digits = max(0, -log10Floor(step / scale))
            // A step such as 2.5 needs one more place than its leading digit suggests.
            if !isWhole(step / scale * pow10(digits)) { digits += 1 }
        } else {
            digits = max(0, 2 - log10Floor(abs(scaled)))
        }
        return trimmed(fixed(scaled, min(digits, 12))) + suffix
    }

    /// A number with a fixed count of decimals, for SVG coordinates: 12.3456 → "12.35".
    /// Trailing zeros and a trailing point are dropped ("12.5", "40"), which keeps the SVG short.
    public static func coordinate(_ value: Double, digits: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        return trimmed(fixed(value, digits))
    }

    /// `value` with exactly `digits` decimals, rounded half away from zero.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        let scale = pow10(digits)
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e18 else { return scientific(value) }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        var text = (value < 0 && units > 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let fraction = String(units % UInt64(scale))
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }

    /// Huge values: "1.5e15". Swift's `description` of a `Double` is locale-free and exact.
    static func scientific(_ value: Double) -> String {
        guard value != 0 else { return "0" }
        let exponent = log10Floor(abs(value))
        let mantissa = value / pow10(exponent)
        return trimmed(fixed(mantissa, 2)) + "e" + String(exponent)
    }

    static func suffixFor(_ size: Double) -> (Double, String) {
        if size >= 1e12 { return (1e12, "T") }
        if size >= 1e9 { return (1e9, "G") }
        if size >= 1e6 { return (1e6, "M") }
        if size >= 1e3 { return (1e3, "K") }
        return (1, "")
    }

    static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var result = Substring(text)
        while result.last == "0" { result = result.dropLast() }
        if result.last == "." { result = result.dropLast() }
        return result == "-0" ? "0" : String(result)
    }

    /// ⌊log10(x)⌋ for x > 0, corrected for the rounding of `log10` at exact powers of ten.
    static func log10Floor(_ value: Double) -> Int {
        guard value > 0, value.isFinite else { return 0 }
        var exponent = Int(ChartMath.log10(value).rounded(.down))
        if pow10(exponent) > value { exponent -= 1 }
        if pow10(exponent + 1) <= value { exponent += 1 }
        return exponent
    }

    /// 10^exponent, built by multiplication or division so 10^-1 is the `Double` nearest 0.1.
    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        if exponent >= 0 {
            for _ in 0..<exponent { result *= 10 }
            return result
        }
        for _ in 0..<(-exponent) { result *= 10 }
        return 1 / result
    }

    static func isWhole(_ value: Double) -> Bool { abs(value - value.rounded()) < 1e-9 * max(1, abs(value)) }
}
