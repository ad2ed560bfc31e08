/// The ledger's accounts: each `Account` with its dense `AccountID`, and which may go negative.
///
/// Registration order decides the ids: `external`, `issuerCreditLine` and `gatewayFees` come
/// first (`AccountID.external` …), then accounts in the order the world opens them. The chart
/// keeps a dictionary only to look an account up by kind; anything that walks accounts walks the
/// dense `accounts` array, so no result depends on per-process hash seeds (style §4).
public struct AccountChart: Sendable {
    /// Every registered account, indexed by `AccountID.rawValue`.
    public private(set) var accounts: [Account]
    /// Kind → id. Looked up, never iterated.
    private var ids: [Account: AccountID]

    /// A chart with the three shared accounts registered, in the order of their static ids.
    public init() {
        accounts = []
        ids = [:]
        let external = register(.external)
        let creditLine = register(.issuerCreditLine)
        let fees = register(.gatewayFees)
        precondition(external == .external, "AccountChart: external registered as \(external)")
        precondition(creditLine == .issuerCreditLine, "AccountChart: issuerCreditLine registered as \(creditLine)")
        precondition(fees == .gatewayFees, "AccountChart: gatewayFees registered as \(fees)")
    }

    /// Makes room for `count` accounts, so a large population is opened without rehashing.
    public mutating func reserveCapacity(_ count: Int) {
        accounts.reserveCapacity(count)
        ids.reserveCapacity(count)
    }

    /// The number of registered accounts; ids run from 0 to `count - 1`.
    public var count: Int { accounts.count }

    /// Registers `account` and returns its id, or returns the id it already has.
    ///
    /// Idempotent so that two actors that share a card (issuer, network) may both open it.
    ///
    /// - Complexity: O(1) amortized.
    @discardableResult
    public mutating func register(_ account: Account) -> AccountID {
        if let existing = ids[account] { return existing }
        precondition(accounts.count < Int(UInt32.max), "AccountChart: more than \(UInt32.max) accounts")
        let id = AccountID(UInt32(accounts.count))
        accounts.append(account)
        ids[account] = id
        return id
    }

    /// The id of `account`, or nil if it was never registered.
    public func id(of account: Account) -> AccountID? {
        ids[account]
    }

    /// Whether `id` names a registered account.
    public func contains(_ id: AccountID) -> Bool {
        id.index < accounts.count
    }

    /// The account behind `id`.
    ///
    /// - Precondition: `contains(id)`; ids come from this chart, so a stranger is a PayStorm bug.
    public subscript(id: AccountID) -> Account {
        precondition(contains(id), "AccountChart: \(id) is not registered (\(accounts.count) accounts)")
        return accounts[id.index]
    }

    /// Whether a transfer may take `account` below zero (G-2).
    ///
    /// `external` and `issuerCreditLine` are where money comes from, so they go negative by design.
    /// A card's available balance may go negative only under a stand-in (STIP) approval, which the
    /// transfer flags; every other account is a real balance that can never be overdrawn.
    public static func mayGoNegative(_ account: Account, stip: Bool) -> Bool {
        switch account {
        case .external, .issuerCreditLine: true
        case .cardAvailable: stip
        case .cardHeld, .merchantPending, .merchantSettled, .gatewayFees, .payee: false
        }
    }
}
