/// A ledger account's dense number: the index of its balance in the ledger's arrays.
///
/// Ids are handed out by `AccountChart.register(_:)` in registration order, so the same setup
/// gives the same ids on every run, and audits walk accounts in id order, never in hash order.
public struct AccountID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The outside world (domain.md §2.3); every chart registers it first.
    public static let external = AccountID(0)
    /// The issuers' credit lines, from which credit cards are funded; registered second.
    public static let issuerCreditLine = AccountID(1)
    /// The gateway's fee and commission income; registered third.
    public static let gatewayFees = AccountID(2)

    public static func < (lhs: AccountID, rhs: AccountID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "account#\(rawValue)" }

    /// The index into the ledger's dense arrays.
    var index: Int { Int(rawValue) }
}

/// What an account is: one row of domain.md §2.3's list of accounts.
///
/// `Hashable` so that a chart can look an account up by kind; a chart never iterates that
/// lookup table, only its dense array.
public enum Account: Sendable, Hashable, CustomStringConvertible {
    /// The outside world. It goes negative as money enters the simulation (prepaid loads).
    case external
    /// The issuers' credit lines. It goes negative as credit limits are granted to cards.
    case issuerCreditLine
    /// The spendable side of a card at its issuer.
    case cardAvailable(CardID)
    /// The sum of a card's open authorization holds (G-3).
    case cardHeld(CardID)
    /// Captured or sold money the acquirer has not yet settled to the merchant.
    case merchantPending(MerchantID)
    /// Money the acquirer has settled to the merchant.
    case merchantSettled(MerchantID)
    /// The gateway's fees and [P]'s commissions.
    case gatewayFees
    /// A [P] bill-payment payee.
    case payee(PayeeID)

    /// The account's kind without its owner, for per-kind totals.
    public var kind: AccountKind {
        switch self {  // No `default`: a new account does not compile until it has a kind.
        case .external: .external
        case .issuerCreditLine: .issuerCreditLine
        case .cardAvailable: .cardAvailable
        case .cardHeld: .cardHeld
        case .merchantPending: .merchantPending
        case .merchantSettled: .merchantSettled
        case .gatewayFees: .gatewayFees
        case .payee: .payee
        }
    }

    /// domain.md's notation: `card#3.available`, `merchant#1.pending`, `gateway.fees`.
    public var description: String {
        switch self {
        case .external: "external"
        case .issuerCreditLine: "issuer.creditLine"
        case .cardAvailable(let card): "\(card).available"
        case .cardHeld(let card): "\(card).held"
        case .merchantPending(let merchant): "\(merchant).pending"
        case .merchantSettled(let merchant): "\(merchant).settled"
        case .gatewayFees: "gateway.fees"
        case .payee(let payee): "\(payee)"
        }
    }
}

/// The kinds of `Account`, in a fixed order that indexes per-kind totals.
public enum AccountKind: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case external
    case issuerCreditLine
    case cardAvailable
    case cardHeld
    case merchantPending
    case merchantSettled
    case gatewayFees
    case payee

    public var description: String {
        switch self {
        case .external: "external"
        case .issuerCreditLine: "issuerCreditLine"
        case .cardAvailable: "cardAvailable"
        case .cardHeld: "cardHeld"
        case .merchantPending: "merchantPending"
        case .merchantSettled: "merchantSettled"
        case .gatewayFees: "gatewayFees"
        case .payee: "payee"
        }
    }
}

/// A card's two accounts at its issuer, opened together because every hold moves between them.
public struct CardAccounts: Sendable, Hashable {
    public let available: AccountID
    public let held: AccountID

    public init(available: AccountID, held: AccountID) {
        self.available = available
        self.held = held
    }
}

/// A merchant's two accounts at its acquirer, opened together because settlement moves between them.
public struct MerchantAccounts: Sendable, Hashable {
    public let pending: AccountID
    public let settled: AccountID

    public init(pending: AccountID, settled: AccountID) {
        self.pending = pending
        self.settled = settled
    }
}
