/// An amount of money as an integer count of minor units (cents, kopecks) of one ISO 4217 currency (domain.md §0, §2.3).
///
/// Never a floating-point value: the ledger conserves money exactly (G-1). [P]'s `Double` amounts are converted
/// at the SDK boundary. Arithmetic traps on overflow, which here is a bug in the simulator, not a domain outcome.
public struct MinorUnits: Sendable, Hashable, Comparable, AdditiveArithmetic, CustomStringConvertible,
    ExpressibleByIntegerLiteral {
    public var value: Int64

    public init(_ value: Int64) { self.value = value }
    public init(integerLiteral value: Int64) { self.value = value }

    public static var zero: MinorUnits { MinorUnits(0) }

    public var isPositive: Bool { value > 0 }
    public var description: String { String(value) }

    public static func < (lhs: MinorUnits, rhs: MinorUnits) -> Bool { lhs.value < rhs.value }
    public static func + (lhs: MinorUnits, rhs: MinorUnits) -> MinorUnits { MinorUnits(lhs.value + rhs.value) }
    public static func - (lhs: MinorUnits, rhs: MinorUnits) -> MinorUnits { MinorUnits(lhs.value - rhs.value) }
}
