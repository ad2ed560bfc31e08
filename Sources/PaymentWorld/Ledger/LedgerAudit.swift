/// What `Ledger.audit()` found when it re-summed every balance: the second half of G-1's pair.
///
/// The per-transfer check compares two numbers the ledger keeps as it goes; this one recomputes
/// them from the balances, so a bookkeeping slip in either shows up as a disagreement.
public struct LedgerAudit: Sendable, Hashable, CustomStringConvertible {
    /// Σ balances when the ledger opened: zero, since every account opens at zero.
    public let sumBefore: MinorUnits
    /// Σ balance changes as tracked transfer by transfer.
    public let runningSum: MinorUnits
    /// Σ balances, re-summed from scratch now.
    public let sumAfter: MinorUnits
    /// Σ balances per `AccountKind`, indexed by its raw value; read it through `total(of:)`.
    public let totalsByKind: [MinorUnits]
    /// Σ of every card's held balance, re-summed (G-3's ledger side).
    public let openHolds: MinorUnits
    /// The same sum as the ledger tracked it transfer by transfer.
    public let runningOpenHolds: MinorUnits
    /// Transfers posted.
    public let transfers: UInt64
    /// Transfers posted under a STIP flag (G-2's counted exception).
    public let stipTransfers: UInt64
    /// Accounts below zero that may never be (G-2 outside STIP); 0 unless there is a bug. A
    /// card's available balance below zero is not counted here: only STIP can cause it.
    public let overdrawnAccounts: Int
    /// Cards whose available balance is below zero, which only a STIP approval can cause.
    public let overdrawnCards: Int

    /// G-1 holds: the sum never moved, and the running and re-summed figures agree.
    public var conserved: Bool { sumAfter == sumBefore && runningSum == sumAfter }

    /// Every check of this audit passed.
    public var passed: Bool { conserved && openHolds == runningOpenHolds && overdrawnAccounts == 0 }

    /// Σ balances of every account of `kind`.
    public func total(of kind: AccountKind) -> MinorUnits {
        totalsByKind[kind.rawValue]
    }

    public var description: String {
        let kinds = AccountKind.allCases.map { "\($0)=\(total(of: $0))" }.joined(separator: " ")
        return "LedgerAudit: sum \(sumBefore) → \(sumAfter) (running \(runningSum)), "
            + "holds \(openHolds) (running \(runningOpenHolds)), transfers \(transfers) (stip \(stipTransfers)), "
            + "overdrawn \(overdrawnAccounts) (cards \(overdrawnCards)); \(kinds)"
    }
}
