/// An axis's range and ticks: "nice" 1-2-5 steps on a linear axis, decades on a log axis.
///
/// The ticks always cover the data: the first tick is at or below the smallest value and the last
/// at or above the largest, so no point falls outside the plot and nothing needs clipping.
public struct AxisScale: Sendable, Equatable {
    /// How values map onto the axis.
    public enum Kind: Sendable, Equatable {
        case linear
        /// Base-10 logarithmic; values ≤ 0 cannot be drawn and are skipped.
        case logarithmic
    }

    public let kind: Kind
    /// The tick values, ascending; the first and last are the ends of the axis.
    public let ticks: [Double]
    /// The spacing of the ticks on a linear axis (the 1, 2 or 5 × 10ⁿ step); 0 on a log axis.
    public let step: Double

    public var lower: Double { ticks.first ?? 0 }
    public var upper: Double { ticks.last ?? 1 }

    /// The scale for data between `minimum` and `maximum`, with about `targetTicks` ticks.
    ///
    /// An empty range (no data) gives 0…1; a single value gets a little room either side.
    public init(kind: Kind = .linear, minimum: Double, maximum: Double, targetTicks: Int = 5) {
        self.kind = kind
        switch kind {
        case .linear:
            (ticks, step) = Self.linearTicks(minimum: minimum, maximum: maximum, target: max(2, targetTicks))
        case .logarithmic:
            ticks = Self.logTicks(minimum: minimum, maximum: maximum)
            step = 0
        }
    }

    /// Where `value` sits along the axis, from 0 (lower end) to 1 (upper end); nil if not drawable.
    public func fraction(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        switch kind {
        case .linear:
            return upper > lower ? (value - lower) / (upper - lower) : 0.5
        case .logarithmic:
            guard value > 0 else { return nil }
            let low = ChartMath.log10(lower)
            let high = ChartMath.log10(upper)
            return high > low ? (ChartMath.log10(value) - low) / (high - low) : 0.5
        }
    }

    /// The compact label of each tick, all with one suffix and enough decimals to tell them apart.
    public var tickLabels: [String] {
        let magnitude = ticks.map(abs).max() ?? 0
        switch kind {
        case .linear:
            return ticks.map { ChartNumberFormat.compact($0, step: step, magnitude: magnitude) }
        case .logarithmic:
            return ticks.map { ChartNumberFormat.compact($0) }
        }
    }

    /// The 1-2-5 step nearest `span / target`: 1, 2 or 5 times a power of ten.
    public static func niceStep(span: Double, target: Int) -> (mantissa: Int, exponent: Int) {
        let raw = span / Double(max(1, target))
        let exponent = ChartNumberFormat.log10Floor(raw)
        let normalized = raw / ChartNumberFormat.pow10(exponent)
        // Thresholds at the geometric midpoints of 1–2, 2–5 and 5–10, so the step is the nearest.
        if normalized < 1.414 { return (1, exponent) }
        if normalized < 3.163 { return (2, exponent) }
        if normalized < 7.072 { return (5, exponent) }
        return (1, exponent + 1)
    }

    /// `multiple × mantissa × 10^exponent`, computed so that 3 × 0.1 prints as 0.3, not 0.30000000000000004.
    static func value(multiple: Int, mantissa: Int, exponent: Int) -> Double {
        let units = Double(multiple * mantissa)
        return exponent >= 0
            ? units * ChartNumberFormat.pow10(exponent) : units / ChartNumberFormat.pow10(-exponent)
    }

    static func linearTicks(minimum: Double, maximum: Double, target: Int) -> ([Double], Double) {
        var low = minimum.isFinite ? minimum : 0
        var high = maximum.isFinite ? maximum : 1
        if low > high { (low, high) = (0, 1) }
        if low == high {
            let room = low == 0 ? 1 : abs(low) * 0.1
            (low, high) = (low - room, high + room)
        }
        let (mantissa, exponent) = niceStep(span: high - low, target: target)
        let step = value(multiple: 1, mantissa: mantissa, exponent: exponent)
        // The 1e-9 slack keeps 0.3 / 0.1 = 3.0000000000000004 from adding a tick past the data.
        let first = Int((low / step + 1e-9).rounded(.down))
        let last = Int((high / step - 1e-9).rounded(.up))
        let ticks = (first...max(first + 1, last)).map { value(multiple: $0, mantissa: mantissa, exponent: exponent) }
        return (ticks, step)
    }

    /// Decades (1, 10, 100 …) around the data; inside a single decade, 1-2-5 subdivisions as well.
    static func logTicks(minimum: Double, maximum: Double) -> [Double] {
        guard minimum > 0, maximum.isFinite, minimum.isFinite, maximum >= minimum else { return [1, 10] }
        let first = ChartNumberFormat.log10Floor(minimum)
        var last = ChartNumberFormat.log10Floor(maximum)
        if ChartNumberFormat.pow10(last) < maximum * (1 - 1e-12) { last += 1 }
        if last == first { last += 1 }
        let decades = (first...last).map { ChartNumberFormat.pow10($0) }
        guard last - first <= 2 else {
            // Many decades: every decade, or every other one past eight, keeping both ends.
            let stride = last - first > 8 ? 2 : 1
            return (0...(last - first)).filter { $0 % stride == 0 || $0 == last - first }.map { decades[$0] }
        }
        var ticks: [Double] = []
        for exponent in first..<last {
            for multiple in [1, 2, 5] {
                ticks.append(value(multiple: multiple, mantissa: 1, exponent: exponent))
            }
        }
        ticks.append(ChartNumberFormat.pow10(last))
        // Trim subdivisions outside the data, keeping one tick at or beyond each end.
        while ticks.count > 2, ticks[1] <= minimum { ticks.removeFirst() }
        while ticks.count > 2, ticks[ticks.count - 2] >= maximum { ticks.removeLast() }
        return ticks
    }
}
