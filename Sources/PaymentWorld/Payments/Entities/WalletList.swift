/// A Masterpass wallet's cards, by name, in the order they were added (domain P2, WAL-3): at most
/// eight names of 0…254, packed into one word so that an event can carry the whole list.
///
/// The names stand for the cards' aliases; a customer's wallet starts with their own card, named 0.
public struct WalletList: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    public static let capacity = 8
    /// The list every wallet starts with: the customer's own card.
    public static let initial = WalletList(names: [0])

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
