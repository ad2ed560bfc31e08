// Three small races in plain Swift concurrency, each with its fix: an oversell across an
// `await`, a lost wake-up on a continuation, and a check-then-act between a `Task {}` and its
// caller. No PayStorm type in them.

/// Sells the last item twice: the stock is checked before the payment's `await` and taken after.
actor Inventory {
    private(set) var stock = 1
    let fixed: Bool

    init(fixed: Bool) { self.fixed = fixed }

    func buy(payments: Payments) async -> Bool {
        guard stock > 0 else { return false }
        if fixed {
            stock -= 1  // Taken before the await: a second buyer sees it gone.
            if await payments.charge() { return true }
            stock += 1
            return false
        }
        guard await payments.charge() else { return false }
        stock -= 1  // BUG: a second buyer passed the guard while this one awaited its charge.
        return true
    }
}

actor Payments {
    private(set) var charged = 0
    func charge() -> Bool {
        charged += 1
        return true
    }
}

struct Oversold: Error, CustomStringConvertible {
    var stock: Int
    var description: String { "sold more than there was: stock \(stock)" }
}

@Sendable func twoBuyersOneItem(fixed: Bool) async throws {
    let inventory = Inventory(fixed: fixed)
    let payments = Payments()
    async let first = inventory.buy(payments: payments)
    async let second = inventory.buy(payments: payments)
    _ = await (first, second)
    let stock = await inventory.stock
    if stock < 0 { throw Oversold(stock: stock) }
}

/// Delivers a wake-up to whoever waits; the buggy mailbox drops one that comes before the wait.
actor Mailbox {
    private var waiter: CheckedContinuation<Void, Never>?
    private var delivered = false
    let fixed: Bool

    init(fixed: Bool) { self.fixed = fixed }

    func waitForMail() async {
        if fixed && delivered { return }
        await withCheckedContinuation { waiter = $0 }
    }

    func deliver() {
        if fixed { delivered = true }
        waiter?.resume()  // BUG when not fixed: with no waiter yet, the wake-up is lost.
        waiter = nil
    }
}

@Sendable func mailArrivesOnce(fixed: Bool) async throws {
    let mailbox = Mailbox(fixed: fixed)
    let reader = Task { await mailbox.waitForMail() }
    await mailbox.deliver()
    await reader.value  // Lost wake-up: never returns, and the trial says the body is suspended.
}

/// A balance checked by one call and debited by another: a `Task {}` started by the caller
/// debits in between.
actor CheckingAccount {
    private(set) var balance = 100

    func canWithdraw(_ amount: Int) -> Bool { balance >= amount }
    func withdraw(_ amount: Int) { balance -= amount }

    /// The fix: check and debit in one step on the actor.
    func withdrawIfCovered(_ amount: Int) -> Bool {
        guard balance >= amount else { return false }
        balance -= amount
        return true
    }
}

struct AccountOverdrawn: Error, CustomStringConvertible {
    var balance: Int
    var description: String { "the account went to \(balance)" }
}

@Sendable func refundAndPayout(fixed: Bool) async throws {
    let account = CheckingAccount()
    let risk = RiskCheck()
    let refund = Task { await debit(account, 80, approvedBy: risk, fixed: fixed) }
    await debit(account, 80, approvedBy: risk, fixed: fixed)
    await refund.value
    let balance = await account.balance
    if balance < 0 { throw AccountOverdrawn(balance: balance) }
}

/// Approves debits: the `await` between the balance's check and the debit.
actor RiskCheck {
    private(set) var approved = 0
    func approve(_ amount: Int) -> Bool {
        approved += amount
        return true
    }
}

func debit(_ account: CheckingAccount, _ amount: Int, approvedBy risk: RiskCheck, fixed: Bool) async {
    guard await risk.approve(amount) || !fixed else { return }
    if fixed {
        _ = await account.withdrawIfCovered(amount)
        return
    }
    guard await account.canWithdraw(amount) else { return }
    // BUG: the other debit may pass its check while this one awaits its approval.
    guard await risk.approve(amount) else { return }
    await account.withdraw(amount)
}
