/// One double-entry movement of money: `amount` leaves `from` and arrives in `to` (domain.md §2.3).
///
/// A business event (a capture with its fee and release, a bill payment with its commission) is
/// several transfers posted together with `Ledger.postBatch(_:)`; the helpers in
/// `Ledger+BusinessEvents.swift` build them.
public struct Transfer: Sendable, Hashable, CustomStringConvertible {
    public var from: AccountID
    public var to: AccountID
    /// Must be positive: a zero transfer would hide a missing leg, a negative one a swapped one.
    public var amount: MinorUnits
    public var reason: TransferReason
    /// The lifecycle that caused the transfer, for diagnostics and monitors.
    public var lifecycle: UInt64
    /// A stand-in (STIP) approval: lets `from` go negative if it is a card's available balance,
    /// and nothing else (G-2's one exception). The ledger counts these transfers.
    public var allowOverdraft: Bool

    public init(
        from: AccountID,
        to: AccountID,
        amount: MinorUnits,
        reason: TransferReason,
        lifecycle: UInt64,
        allowOverdraft: Bool = false
    ) {
        self.from = from
        self.to = to
        self.amount = amount
        self.reason = reason
        self.lifecycle = lifecycle
        self.allowOverdraft = allowOverdraft
    }

    /// `account#3 → account#4: 500 (authorization, lifecycle 7)`, plus `, stip` when flagged.
    public var description: String {
        "\(from) → \(to): \(amount) (\(reason), lifecycle \(lifecycle)\(allowOverdraft ? ", stip" : ""))"
    }
}

/// Why money moved: one per leg of domain.md §2.3's table.
public enum TransferReason: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// card.available → card.held on an approved authorization.
    case authorization
    /// card.held → merchant.pending, net of the fee.
    case capture
    /// A capture's or a sale's fee to the gateway.
    case fee
    /// card.held → card.available: the unused part of a hold (capture, void, expiry).
    case holdRelease
    /// card.available → merchant.pending, net of the fee.
    case sale
    /// card.available → payee ([P]).
    case billPayment
    /// [P]'s commission to the gateway.
    case commission
    /// merchant → card.available.
    case refund
    /// merchant.pending → merchant.settled.
    case settlement
    /// external → card.available.
    case prepaidLoad
    /// issuer.creditLine → card.available: a credit card's limit.
    case creditLine

    public var description: String {
        switch self {
        case .authorization: "authorization"
        case .capture: "capture"
        case .fee: "fee"
        case .holdRelease: "holdRelease"
        case .sale: "sale"
        case .billPayment: "billPayment"
        case .commission: "commission"
        case .refund: "refund"
        case .settlement: "settlement"
        case .prepaidLoad: "prepaidLoad"
        case .creditLine: "creditLine"
        }
    }
}
