/// The money model of domain.md §2.3: double-entry balances in minor units, checked for
/// conservation (G-1) on every transfer and again, from scratch, by `audit()`.
///
/// A value type owned by whichever actor posts to it, so its isolation is the owner's and it
/// needs no locks. Storage follows accounts, not history: one balance per account plus a
/// bounded ring of recent transfers for diagnostics, so a long run costs no more memory than a
/// short one.
///
/// ```swift
/// @Test func aSaleMovesMoneyFromTheCardToTheMerchant() throws {
///     var ledger = Ledger()
///     let card = ledger.openCard(CardID(0))
///     let merchant = ledger.openMerchant(MerchantID(0))
///     try ledger.postBatch(Ledger.prepaidLoad(card: card, amount: MinorUnits(1_000), lifecycle: 1))
///     try ledger.postBatch(Ledger.sale(card: card, merchant: merchant, amount: MinorUnits(400),
///                                      fee: MinorUnits(10), lifecycle: 2))
///     #expect(ledger.balance(of: merchant.pending) == MinorUnits(390))
///     #expect(ledger.audit().conserved)
/// }
/// ```
public struct Ledger: Sendable {
    /// How many recent transfers the diagnostics ring keeps unless told otherwise.
    public static let defaultRecentCapacity = 32

    /// The accounts, with their dense ids.
    public private(set) var chart: AccountChart
    /// One balance per account, indexed by `AccountID.rawValue`.
    private var balances: [MinorUnits]
    /// Σ of every balance change, kept beside the balances: the per-transfer half of G-1's pair.
    private var runningTotal: MinorUnits = .zero
    /// Σ of every `cardHeld` balance, kept in O(1) per transfer; `audit()` re-sums it.
    public private(set) var openHolds: MinorUnits = .zero
    /// Transfers posted so far (a failed batch counts none of its transfers).
    public private(set) var transferCount: UInt64 = 0
    /// Transfers posted with `allowOverdraft`, which G-2 says are flagged and counted.
    public private(set) var stipTransferCount: UInt64 = 0
    /// The last `recentCapacity` transfers, overwritten in a ring from `recentNext`.
    private var recent: [Transfer]
    private var recentNext = 0
    private let recentCapacity: Int

    /// An empty ledger with the three shared accounts open at zero.
    ///
    /// - Parameter recentCapacity: how many recent transfers to keep for diagnostics (0 keeps none).
    public init(recentCapacity: Int = Ledger.defaultRecentCapacity) {
        precondition(recentCapacity >= 0, "Ledger: recentCapacity must not be negative, got \(recentCapacity)")
        chart = AccountChart()
        balances = Array(repeating: .zero, count: chart.count)
        self.recentCapacity = recentCapacity
        recent = []
        recent.reserveCapacity(recentCapacity)
    }

    // MARK: Opening accounts

    /// Makes room for `count` accounts in all, before opening many.
    public mutating func reserveAccounts(_ count: Int) {
        chart.reserveCapacity(count)
        balances.reserveCapacity(count)
    }

    /// Opens `account` at a zero balance, or returns its id if it is already open.
    @discardableResult
    public mutating func open(_ account: Account) -> AccountID {
        let id = chart.register(account)
        if id.index == balances.count { balances.append(.zero) }  // New: its balance starts at zero.
        precondition(balances.count == chart.count, "Ledger: \(balances.count) balances for \(chart.count) accounts")
        return id
    }

    /// Opens a card's available and held accounts.
    public mutating func openCard(_ card: CardID) -> CardAccounts {
        CardAccounts(available: open(.cardAvailable(card)), held: open(.cardHeld(card)))
    }

    /// Opens a merchant's pending and settled accounts.
    public mutating func openMerchant(_ merchant: MerchantID) -> MerchantAccounts {
        MerchantAccounts(pending: open(.merchantPending(merchant)), settled: open(.merchantSettled(merchant)))
    }

    /// Opens a [P] payee's account.
    public mutating func openPayee(_ payee: PayeeID) -> AccountID {
        open(.payee(payee))
    }

    // MARK: Reading

    /// The balance of `id`.
    ///
    /// - Precondition: `id` was opened in this ledger; ids come from `open`, so a stranger is a PayStorm bug.
    public func balance(of id: AccountID) -> MinorUnits {
        precondition(chart.contains(id), "Ledger: \(id) is not open (\(chart.count) accounts)")
        return balances[id.index]
    }

    /// The balance of `account`, or nil if it was never opened.
    public func balance(ofAccount account: Account) -> MinorUnits? {
        chart.id(of: account).map { balances[$0.index] }
    }

    /// The last transfers posted, oldest first; at most the ring's capacity.
    public var recentTransfers: [Transfer] {
        guard recent.count == recentCapacity, recentCapacity > 0 else { return recent }
        return Array(recent[recentNext...] + recent[..<recentNext])
    }

    /// How many elements the ledger stores: one balance per account and the diagnostics ring.
    /// Tests use it to show that storage does not grow with the number of transfers posted.
    package var storedElementCount: Int { balances.capacity + recent.capacity }

    // MARK: Posting

    /// Posts one transfer, or leaves the ledger unchanged and says why.
    ///
    /// - Throws: `LedgerError.invalidTransfer` for a non-positive amount, the same account on both
    ///   sides, an account not open here, a STIP flag on anything but a card's available balance,
    ///   or a balance overflow; `LedgerError.insufficientFunds` when a non-overdraftable account
    ///   would go below zero.
    /// - Complexity: O(1).
    public mutating func post(_ transfer: Transfer) throws(LedgerError) {
        try apply(transfer)
        record(transfer)
    }

    /// Posts every transfer in order, or none: on the first refusal the ones already applied are
    /// undone and the refusal is thrown. A business event of several legs (capture, fee, release)
    /// never half-happens.
    ///
    /// Later transfers see the balances left by earlier ones, so a batch may pass money through
    /// an account that starts empty.
    ///
    /// - Complexity: O(n) in the batch's length.
    public mutating func postBatch<Transfers: RandomAccessCollection<Transfer>>(
        _ transfers: Transfers
    ) throws(LedgerError) where Transfers.Index == Int {
        var applied = transfers.startIndex
        do throws(LedgerError) {
            while applied < transfers.endIndex {
                try apply(transfers[applied])
                applied += 1
            }
        } catch {
            while applied > transfers.startIndex {  // Reverse order: each undo restores what its apply saw.
                applied -= 1
                undo(transfers[applied])
            }
            throw error
        }
        for transfer in transfers { record(transfer) }
    }

    /// Checks `transfer` and moves its money; checks conservation after the move.
    private mutating func apply(_ transfer: Transfer) throws(LedgerError) {
        guard transfer.amount > .zero else {
            throw .invalidTransfer(transfer: transfer, detail: "the amount must be positive, got \(transfer.amount)")
        }
        guard chart.contains(transfer.from) else {
            throw .invalidTransfer(transfer: transfer, detail: "source \(transfer.from) is not open in this ledger")
        }
        guard chart.contains(transfer.to) else {
            throw .invalidTransfer(transfer: transfer, detail: "target \(transfer.to) is not open in this ledger")
        }
        let source = chart.accounts[transfer.from.index]
        let target = chart.accounts[transfer.to.index]
        guard transfer.from != transfer.to else {
            throw .invalidTransfer(transfer: transfer, detail: "source and target are both \(source)")
        }
        if transfer.allowOverdraft, source.kind != .cardAvailable {
            throw .invalidTransfer(
                transfer: transfer,
                detail: "only a card's available balance may be overdrawn under STIP, not \(source)"
            )
        }
        let sourceBefore = balances[transfer.from.index]
        let targetBefore = balances[transfer.to.index]
        let (sourceAfter, sourceOverflow) = sourceBefore.value.subtractingReportingOverflow(transfer.amount.value)
        let (targetAfter, targetOverflow) = targetBefore.value.addingReportingOverflow(transfer.amount.value)
        guard !sourceOverflow else {
            throw .invalidTransfer(transfer: transfer, detail: "\(source) would overflow from \(sourceBefore)")
        }
        guard !targetOverflow else {
            throw .invalidTransfer(transfer: transfer, detail: "\(target) would overflow from \(targetBefore)")
        }
        if sourceAfter < 0, !AccountChart.mayGoNegative(source, stip: transfer.allowOverdraft) {
            throw .insufficientFunds(account: source, balance: sourceBefore, amount: transfer.amount)
        }
        balances[transfer.from.index] = MinorUnits(sourceAfter)
        balances[transfer.to.index] = MinorUnits(targetAfter)
        move(transfer, source: source, target: target, applied: true)
        // G-1, per transfer: only a bug in this type could make the two changes not cancel.
        let sourceChange = MinorUnits(sourceAfter) - sourceBefore
        let targetChange = MinorUnits(targetAfter) - targetBefore
        runningTotal = runningTotal + sourceChange + targetChange
        precondition(runningTotal == .zero, "Ledger: G-1 broken by \(transfer): running total \(runningTotal)")
    }

    /// Reverses an `apply` of `transfer` that succeeded; used only to roll back a failed batch.
    private mutating func undo(_ transfer: Transfer) {
        let source = chart.accounts[transfer.from.index]
        let target = chart.accounts[transfer.to.index]
        balances[transfer.from.index] = balances[transfer.from.index] + transfer.amount
        balances[transfer.to.index] = balances[transfer.to.index] - transfer.amount
        move(transfer, source: source, target: target, applied: false)
    }

    /// Keeps the O(1) aggregates (open holds, counts) in step with a transfer that was applied
    /// (`applied`) or undone (`!applied`).
    private mutating func move(_ transfer: Transfer, source: Account, target: Account, applied: Bool) {
        let held = applied ? transfer.amount : MinorUnits.zero - transfer.amount
        if source.kind == .cardHeld { openHolds = openHolds - held }
        if target.kind == .cardHeld { openHolds = openHolds + held }
        precondition(openHolds >= .zero, "Ledger: open holds went negative (\(openHolds)) at \(transfer)")
        if applied {
            transferCount += 1
            if transfer.allowOverdraft { stipTransferCount += 1 }
        } else {
            precondition(transferCount > 0, "Ledger: undoing \(transfer) with no transfers posted")
            transferCount -= 1
            if transfer.allowOverdraft { stipTransferCount -= 1 }
        }
    }

    /// Remembers a posted transfer in the bounded ring.
    private mutating func record(_ transfer: Transfer) {
        guard recentCapacity > 0 else { return }
        if recent.count < recentCapacity {
            recent.append(transfer)
        } else {
            recent[recentNext] = transfer
        }
        recentNext = (recentNext + 1) % recentCapacity
    }

    // MARK: Auditing

    /// Re-sums every balance from scratch: the end-of-run half of G-1's pair (style §7).
    ///
    /// Walks the dense balance array in id order, so the totals are the same on every run.
    ///
    /// - Complexity: O(accounts).
    public func audit() -> LedgerAudit {
        var totals = Array(repeating: MinorUnits.zero, count: AccountKind.allCases.count)
        var sum = MinorUnits.zero
        var holds = MinorUnits.zero
        var overdrawn = 0
        var overdrawnCards = 0
        for index in balances.indices {
            let balance = balances[index]
            let account = chart.accounts[index]
            totals[account.kind.rawValue] = totals[account.kind.rawValue] + balance
            sum = sum + balance
            if account.kind == .cardHeld { holds = holds + balance }
            if balance < .zero, account.kind == .cardAvailable { overdrawnCards += 1 }  // Only STIP can do this.
            if balance < .zero, !AccountChart.mayGoNegative(account, stip: true) { overdrawn += 1 }
        }
        return LedgerAudit(
            sumBefore: .zero,
            runningSum: runningTotal,
            sumAfter: sum,
            totalsByKind: totals,
            openHolds: holds,
            runningOpenHolds: openHolds,
            transfers: transferCount,
            stipTransfers: stipTransferCount,
            overdrawnAccounts: overdrawn,
            overdrawnCards: overdrawnCards
        )
    }
}
