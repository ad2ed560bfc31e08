/// An amount of money as an integer count of minor units (cents, kopiykas), never a float.
///
/// domain.md §0 keeps floating-point money out of every ledger: [P]'s `Double` amounts are
/// converted at the SDK boundary, so the ledger's sums are exact and conservation (G-1) can be
/// checked with `==`. Arithmetic traps on `Int64` overflow, which no modelled amount reaches
/// (the `Ledger` checks its own balances for overflow before it changes them).
///
/// Deliberately minimal: another module may define the same type, and a merge keeps one.
public struct MinorUnits: Sendable, Hashable, Comparable, AdditiveArithmetic, CustomStringConvertible {
    public var value: Int64

    public init(_ value: Int64) {
        self.value = value
    }

    public static var zero: MinorUnits { MinorUnits(0) }

    public static func + (lhs: MinorUnits, rhs: MinorUnits) -> MinorUnits {
        MinorUnits(lhs.value + rhs.value)
    }

    public static func - (lhs: MinorUnits, rhs: MinorUnits) -> MinorUnits {
        MinorUnits(lhs.value - rhs.value)
    }

    public static func < (lhs: MinorUnits, rhs: MinorUnits) -> Bool {
        lhs.value < rhs.value
    }

    /// The bare count, e.g. `1250`; the currency is the transfer's, not the amount's.
    public var description: String { "\(value)" }
}
