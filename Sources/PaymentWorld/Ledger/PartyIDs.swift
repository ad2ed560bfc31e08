/// Dense identifiers of the parties that own ledger accounts.
///
/// Each is an index the world hands out in creation order (0, 1, 2 …), so per-party records
/// live in arrays and nothing needs to iterate a dictionary (style §4). They carry no meaning
/// beyond identity; a card's status, a merchant's configuration and so on live with their actors.

/// A card, as the issuer numbers it (not a PAN: G-12 keeps PANs out of the ledger).
public struct CardID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static func < (lhs: CardID, rhs: CardID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "card#\(rawValue)" }
}

/// A merchant, whose pending and settled balances sit at its acquirer (domain.md §2.3).
public struct MerchantID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static func < (lhs: MerchantID, rhs: MerchantID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "merchant#\(rawValue)" }
}

/// A payee of a [P] bill payment or mobile top-up (a utility, a mobile operator).
public struct PayeeID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static func < (lhs: PayeeID, rhs: PayeeID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "payee#\(rawValue)" }
}
