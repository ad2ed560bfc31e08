import SimulationKernel

/// The platform as its prepaid cards' issuer-processor (domain §2.1): it decides each purchase the
/// network brings by the card's status at that instant (domain §1.5 S1, CARD-3) and by the
/// customer's prepaid balance, and holds the amount of an approval on the purchase's ticket
/// (G-2, G-3) until the API face captures it or gives the purchase up.
///
/// Another phone of the customer may lock or cancel the card between the app's last look and the
/// purchase; the decision goes by the card as it is now, never by what the app or an earlier call
/// saw. A repeated request (the API face asking again after a lost answer) gets the first decision.
extension CardPlatform {
    func authorize(_ lifecycle: LifecycleID, channel: PurchaseChannel) {
        guard var session = sessions[lifecycle] else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        if let earlier = session.decision {
            desk.counters.duplicatesDeduped &+= 1
            desk.send(NetworkMessage.prepaidAuthorizationResponse(lifecycle, decision: UInt64(earlier.rawValue)), to: .network)
            return
        }
        guard balances.ticket(at: session.ticketIndex, serial: session.ticketSerial) != nil else {
            desk.counters.staleMessages &+= 1  // The API face gave the purchase up before it arrived: nothing to decide.
            return
        }
        let customer = customer(of: lifecycle)
        expireIfDue(customer, lifecycle)  // The card may have expired while the request travelled.
        var state = cards[customer].state
        if state == .digital && channel == .cardPresent {
            // The plastic's first use with chip and PIN activates it (S1: DIGITAL → ACTIVE); the
            // purchase is then decided on the active card.
            if step(customer, .firstChipAndPinUse, lifecycle, sca: false) {
                state = cards[customer].state
                desk.counters.prepaidChipAndPinActivations &+= 1
            }
        }
        // The planted bug: a lock stops the app's changes, not the card's use.
        let judged = state == .locked && desk.context.has(.lockedCardPurchases) ? PrepaidCardState.active : state
        let amount = desk.context.bodies[lifecycle].amount
        // The balance is read (and topped up) only for a purchase the status allows.
        let balance = Self.approves(judged, via: channel) ? available(customer, toCover: amount) : 0
        var decision = Self.decision(judged, via: channel, available: balance, amount: amount)
        if decision == .approved && !hold(amount, of: customer, for: lifecycle, session) {
            decision = .insufficientBalance  // The ledger refused the hold (G-1 says why): nothing is held.
        }
        if decision == .insufficientBalance { desk.counters.prepaidInsufficientBalance &+= 1 }
        if decision != .approved { balances.close(at: session.ticketIndex) }  // Nothing held: nothing to capture or void.
        session.decision = decision
        sessions[lifecycle] = session
        let status = state.status ?? .unknown
        desk.counters.prepaidPurchases.count(status, channel, approved: decision == .approved)
        desk.observe(.prepaidPurchaseDecided(lifecycle, card: ref(customer), status: status, channel: channel,
                                             approved: decision == .approved))
        desk.send(NetworkMessage.prepaidAuthorizationResponse(lifecycle, decision: UInt64(decision.rawValue)), to: .network)
    }

    /// The S1 authorization rule [A]: an active card pays any way; a digital one only without the
    /// plastic (card-not-present or token); an applied, issued, locked, cancelled or expired one
    /// never.
    static func approves(_ state: PrepaidCardState, via channel: PurchaseChannel) -> Bool {
        switch state {
        case .active: true
        case .digital: channel != .cardPresent
        case .notCreated, .applied, .issued, .locked, .cancelled, .expired: false
        }
    }

    /// The decision on a purchase of `amount` with a card in `state` through `channel`, while its
    /// prepaid balance has `available`: the status first (CARD-3), then the balance (G-2).
    static func decision(_ state: PrepaidCardState, via channel: PurchaseChannel, available: Int64,
                         amount: Int64) -> PrepaidDecision {
        guard approves(state, via: channel) else { return .declinedByStatus }
        return amount > 0 && available >= amount ? .approved : .insufficientBalance
    }

    /// What the customer's prepaid balance has available, topped up first with what they earned
    /// when it falls short of `amount`; 0 without an account.
    private func available(_ customer: Int, toCover amount: Int64) -> Int64 {
        guard let card = balances.account(of: customer) else { return 0 }
        if desk.context.ledger.available(card) < amount { topUp(customer, card) }
        return desk.context.ledger.available(card)
    }

    /// Holds `amount` on the customer's balance (available → held); false when the ledger refused.
    private func hold(_ amount: Int64, of customer: Int, for lifecycle: LifecycleID, _ session: Session) -> Bool {
        guard let card = balances.account(of: customer) else { return false }
        let context = desk.context
        let transfers = Ledger.authorize(card: context.ledger.accounts(of: card), amount: MinorUnits(amount),
                                         lifecycle: lifecycle.rawValue)
        guard context.post(transfers, for: .lifecycle(lifecycle)) else { return false }
        balances.hold(amount, on: card, at: session.ticketIndex)
        desk.counters.prepaidHolds &+= 1
        desk.observe(.prepaidHoldPlaced(lifecycle, card: card, amount: amount))
        return true
    }

    /// Credits the customer what they earned since their last credit (a top-up, external → available).
    private func topUp(_ customer: Int, _ card: CardID) {
        let income = balances.takeIncome(of: customer, at: desk.context.now)
        guard income > 0,
              desk.context.post(Ledger.prepaidLoad(card: desk.context.ledger.accounts(of: card), amount: MinorUnits(income),
                                                   lifecycle: 0), for: .world) else { return }
        desk.counters.prepaidTopUps &+= 1
        desk.counters.prepaidToppedUp &+= UInt64(income)
    }

    /// Opens the customer's prepaid account at their first card, loaded with the workload's opening
    /// balance; a short-of-funds customer's opens empty and lives on its top-ups.
    func openAccount(_ customer: Int) {
        let context = desk.context
        let card = context.ledger.openPrepaidAccount()
        balances.record(card, for: customer, at: context.now)
        desk.counters.prepaidAccountsOpened &+= 1
        let opening = balances.openingBalance(of: customer)
        guard opening > 0 else { return }
        _ = context.post(Ledger.prepaidLoad(card: context.ledger.accounts(of: card), amount: MinorUnits(opening), lifecycle: 0),
                         for: .world)
    }
}
