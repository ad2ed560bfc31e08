import Foundation

/// The few libm functions the charts need, in one place.
enum ChartMath {
    static func log10(_ value: Double) -> Double { Foundation.log10(value) }
}
