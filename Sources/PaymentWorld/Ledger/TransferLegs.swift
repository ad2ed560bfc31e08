/// The legs of one business event (domain.md §2.3): at most three transfers, held inline.
///
/// Every authorization, capture and release of a run builds one of these and posts it; as an
/// array it was an allocation and a free each time, the largest the event loop made. `Array(legs)`
/// gives the plain list where one is wanted.
public struct TransferLegs: RandomAccessCollection, Sendable, Equatable, CustomStringConvertible {
    /// The most legs any business event has (a capture: merchant, fee, release).
    public static let capacity = 3
    private static let unused = Transfer(from: .external, to: .external, amount: .zero, reason: .fee, lifecycle: 0)
    private var first = TransferLegs.unused
    private var second = TransferLegs.unused
    private var third = TransferLegs.unused
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Transfer {
        get {
            precondition(index >= 0 && index < count, "TransferLegs: index \(index) out of 0..<\(count)")
            switch index {
            case 0: return first
            case 1: return second
            default: return third
            }
        }
        set {
            precondition(index >= 0 && index < count, "TransferLegs: index \(index) out of 0..<\(count)")
            switch index {
            case 0: first = newValue
            case 1: second = newValue
            default: third = newValue
            }
        }
    }

    /// Adds a leg after the others.
    ///
    /// - Precondition: fewer than `capacity` legs so far; the helpers build at most three.
    public mutating func append(_ transfer: Transfer) {
        precondition(count < Self.capacity, "TransferLegs: a business event has at most \(Self.capacity) legs")
        count += 1
        self[count - 1] = transfer
    }

    /// The same legs, each flagged as a stand-in approval that may overdraw the card's available
    /// balance (G-2's one exception; the ledger refuses the flag on any other account).
    public func allowingOverdraft() -> TransferLegs {
        var flagged = self
        for index in flagged.indices { flagged[index].allowOverdraft = true }
        return flagged
    }

    /// Only the legs count, not the unused slots.
    public static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }

    public var description: String { "[\(map(\.description).joined(separator: "; "))]" }
}
