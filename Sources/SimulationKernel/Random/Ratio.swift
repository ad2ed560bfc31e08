/// A probability as an exact fraction (TigerBeetle's `Ratio`): printable and the same on every
/// machine, unlike a `Double` compared against a random `Double`.
///
/// A ratio is kept in lowest terms, so equal values are equal in every field and draw alike:
/// `Ratio(3, 10)` and `Ratio(probability: 0.3)` make the same `chance` decisions from one stream,
/// whichever way a scenario or a caller wrote them.
public struct Ratio: Sendable, Hashable, CustomStringConvertible {
    /// The numerator, in lowest terms.
    public let numerator: UInt64
    /// The denominator, in lowest terms; never 0.
    public let denominator: UInt64

    /// A ratio `numerator / denominator` between 0 and 1.
    ///
    /// - Precondition: `denominator > 0` and `numerator <= denominator`. Scenarios validate user
    ///   input before building ratios, so a violation here is a mistake in PayStorm.
    @inlinable public init(_ numerator: UInt64, _ denominator: UInt64) {
        precondition(denominator > 0, "Ratio: denominator must be positive, got \(numerator)/\(denominator)")
        precondition(numerator <= denominator, "Ratio: \(numerator)/\(denominator) is above 1")
        var a = numerator
        var b = denominator
        while b != 0 { (a, b) = (b, a % b) }  // gcd; never 0 because denominator > 0.
        self.numerator = numerator / a
        self.denominator = denominator / a
    }

    /// The same as `Ratio(numerator, denominator)`, with labels for call sites that read better.
    @inlinable public init(numerator: UInt64, denominator: UInt64) {
        self.init(numerator, denominator)
    }

    /// A validated probability as parts per billion, rounded to the nearest part.
    ///
    /// The one place a `Double` becomes a probability; the rounding happens here once, so every
    /// draw after it is exact.
    ///
    /// - Precondition: `probability` is finite and in `[0, 1]`.
    public init(probability: Double) {
        precondition(
            probability >= 0 && probability <= 1,
            "Ratio(probability:): \(probability) is not in [0, 1]"
        )  // NaN fails both comparisons.
        let parts = (probability * 1_000_000_000).rounded()
        self.init(UInt64(parts), 1_000_000_000)
    }

    /// Never: `chance(.zero)` is false, and still takes its draw.
    public static let zero = Ratio(0, 1)
    /// Always: `chance(.one)` is true, and still takes its draw.
    public static let one = Ratio(1, 1)

    /// `3/10`, in lowest terms.
    public var description: String { "\(numerator)/\(denominator)" }

    /// Exact: cross-multiplies in 128 bits.
    @inlinable public static func == (a: Ratio, b: Ratio) -> Bool {
        let left = a.numerator.multipliedFullWidth(by: b.denominator)
        let right = b.numerator.multipliedFullWidth(by: a.denominator)
        return left.high == right.high && left.low == right.low
    }

    /// Hashes the reduced fraction, so equal values hash alike.
    public func hash(into hasher: inout Hasher) {
        var a = numerator
        var b = denominator
        while b != 0 { (a, b) = (b, a % b) }  // gcd; never 0 because denominator > 0.
        hasher.combine(numerator / a)
        hasher.combine(denominator / a)
    }
}
