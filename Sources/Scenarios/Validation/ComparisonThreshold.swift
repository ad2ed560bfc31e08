/// An SLO threshold such as `< 800` or `>= 0.97`: an operator and the value it compares with.
///
/// Parse it with ``Quantities/comparison(_:)``.
///
/// ```swift
/// let threshold = try Quantities.comparison("> 0.97")
/// #expect(threshold.holds(for: 0.99))
/// #expect(!threshold.holds(for: 0.97))
/// ```
public struct ComparisonThreshold: Sendable, Hashable, CustomStringConvertible {
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        case lessThan = "<"
        case lessThanOrEqual = "<="
        case greaterThan = ">"
        case greaterThanOrEqual = ">="
        case equal = "=="
        case notEqual = "!="
    }

    public var op: Operator
    /// Always finite.
    public var value: Double

    public init(op: Operator, value: Double) {
        self.op = op
        self.value = value
    }

    /// Whether `actual` meets the threshold. Comparison is exact (`== 0.1` wants exactly the
    /// `Double` nearest 0.1). A NaN measurement meets no threshold, not even `!=`: a metric that
    /// could not be computed must not pass an SLO.
    public func holds(for actual: Double) -> Bool {
        guard !actual.isNaN else { return false }
        switch op {
        case .lessThan: return actual < value
        case .lessThanOrEqual: return actual <= value
        case .greaterThan: return actual > value
        case .greaterThanOrEqual: return actual >= value
        case .equal: return actual == value
        case .notEqual: return actual != value
        }
    }

    /// `< 800`, `>= 0.97`: whole numbers below 10^15 without a fraction, others as Swift prints them.
    public var description: String {
        let number: String
        if value == value.rounded(), abs(value) < 1e15 {
            number = String(Int64(value))
        } else {
            number = "\(value)"
        }
        return "\(op.rawValue) \(number)"
    }
}
