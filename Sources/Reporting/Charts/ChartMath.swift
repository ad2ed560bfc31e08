import Foundation

/// The few libm functions the charts need, in one place.
enum ChartMath {
    static func log10(_ value: Double) -> Double { Foundation.log10(value) }
    /// 10^exponent for a fractional exponent (bin edges on a log axis).
    static func pow10(_ exponent: Double) -> Double { Foundation.pow(10, exponent) }
}
