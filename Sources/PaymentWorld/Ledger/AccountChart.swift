/// The ledger's accounts: each `Account` with its dense `AccountID`, and which may go negative.
///
/// Registration order decides the ids: `external`, `issuerCreditLine` and `gatewayFees` come
/// first (`AccountID.external` …), then accounts in the order the world opens them. An account
/// is looked up by its owner's dense number (a card's, a merchant's, a payee's) in one array per
/// kind, not hashed: a world opens two accounts for each of its 10^5 cards, and hashing them cost
/// 3 % of a 20,000-lifecycle run's instructions and a table as large again as the balances.
/// Anything that walks accounts walks the dense `accounts` array, so no result depends on
/// per-process hash seeds (style §4).
public struct AccountChart: Sendable {
    /// Every registered account, indexed by `AccountID.rawValue`.
    public private(set) var accounts: [Account]
    /// By kind, then by the owner's number: the account's id, or `OwnerIndex.none`.
    private var byOwner = [OwnerIndex](repeating: OwnerIndex(), count: AccountKind.allCases.count)
    /// Owners numbered past `OwnerIndex.limit` (never in a world, which numbers them densely).
    /// Looked up, never iterated.
    private var sparse: [Account: AccountID] = [:]

    /// A chart with the three shared accounts registered, in the order of their static ids.
    public init() {
        accounts = []
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
        if let existing = id(of: account) { return existing }
        precondition(accounts.count < Int(UInt32.max), "AccountChart: more than \(UInt32.max) accounts")
        let id = AccountID(UInt32(accounts.count))
        accounts.append(account)
        let (kind, owner) = Self.place(account)
        if owner < OwnerIndex.limit {
            byOwner[kind].set(owner, id.rawValue)
        } else {
            sparse[account] = id
        }
        return id
    }

    /// The id of `account`, or nil if it was never registered.
    public func id(of account: Account) -> AccountID? {
        let (kind, owner) = Self.place(account)
        guard owner < OwnerIndex.limit else { return sparse[account] }
        return byOwner[kind][owner].map(AccountID.init)
    }

    /// Where an account sits in `byOwner`: its kind's table, and its owner's number (0 for the
    /// accounts that have no owner).
    private static func place(_ account: Account) -> (kind: Int, owner: Int) {
        let kind = account.kind.rawValue
        switch account {
        case .external, .issuerCreditLine, .gatewayFees: return (kind, 0)
        case .cardAvailable(let card), .cardHeld(let card): return (kind, Int(card.rawValue))
        case .merchantPending(let merchant), .merchantSettled(let merchant): return (kind, Int(merchant.rawValue))
        case .payee(let payee): return (kind, Int(payee.rawValue))
        }
    }

    /// One kind's ids by owner number, growing as owners are registered.
    private struct OwnerIndex: Sendable {
        /// Owners up to here have a slot; a world numbers its 10^5 cards densely from 0.
        static let limit = 1 << 24
        private static let none = UInt32.max
        private var ids: [UInt32] = []

        subscript(owner: Int) -> UInt32? {
            owner < ids.count && ids[owner] != Self.none ? ids[owner] : nil
        }

        mutating func set(_ owner: Int, _ id: UInt32) {
            if owner == ids.count {
                ids.append(id)  // The usual case: owners come in order, one slot each.
                return
            }
            if owner > ids.count { ids += [UInt32](repeating: Self.none, count: owner + 1 - ids.count) }
            ids[owner] = id
        }
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
