import SimulationKernel

/// A Masterpass wallet's cards, by name, in the order they were added (domain P2, WAL-3): at most
/// eight names of 0…254, packed into one word so that an event can carry the whole list.
///
/// The names stand for the cards' aliases; a customer's wallet starts with their own card, named 0.
public struct WalletList: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    public static let capacity = 8
    /// The list every wallet starts with: the customer's own card.
    public static let initial = WalletList(names: [0])
    /// The card name the wallet answers `authorize` with when it holds no card (or the phone has no
    /// wallet yet): the app then adds the customer's card before it pays.
    public static let noCard: UInt8 = 0xFF

    /// Whether the customer's phone has no Masterpass wallet when the run starts, for a population
    /// in which `share` of the customers are new to it: their first card add creates the wallet
    /// (domain P2, WAL-5). Decided by the customer's number alone, so the wallet and the claims
    /// agree without a message, and the same customers are new in every run.
    public static func startsWithoutWallet(_ customer: CustomerID, share: Ratio) -> Bool {
        guard share.numerator > 0 else { return false }
        return SimRandom.hash(UInt64(customer.rawValue)) % share.denominator < share.numerator
    }

    /// The list a customer's wallet holds when the run starts: their own card, or nothing for a
    /// customer with no wallet yet.
    public static func atStart(_ customer: CustomerID, newWalletUsers share: Ratio) -> WalletList {
        startsWithoutWallet(customer, share: share) ? WalletList() : .initial
    }

    public private(set) var count: UInt8 = 0
    private var packed: UInt64 = 0

    public init(names: [UInt8] = []) {
        for name in names.prefix(Self.capacity) { append(name) }
    }

    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < Int(count), "WalletList index \(index) of \(count)")
        return UInt8(truncatingIfNeeded: packed >> (8 * UInt64(index)))
    }

    public var names: [UInt8] { (0..<Int(count)).map { self[$0] } }
    public var isFull: Bool { Int(count) == Self.capacity }
    public func contains(_ name: UInt8) -> Bool { names.contains(name) }
    /// The card the wallet offers first: the one added last.
    public var latest: UInt8? { count == 0 ? nil : self[Int(count) - 1] }
    /// Whether a name appears twice (WAL-1).
    public var hasDuplicates: Bool { Set(names).count != Int(count) }

    /// Adds `name` at the end, if there is room.
    public mutating func append(_ name: UInt8) {
        guard !isFull else { return }
        packed |= UInt64(name) << (8 * UInt64(count))
        count += 1
    }

    /// Removes the first `name`, keeping the others in order; false when there is none.
    @discardableResult
    public mutating func remove(_ name: UInt8) -> Bool {
        var names = self.names
        guard let index = names.firstIndex(of: name) else { return false }
        names.remove(at: index)
        self = WalletList(names: names)
        return true
    }

    public var description: String { "[" + names.map(String.init).joined(separator: ", ") + "]" }
}
