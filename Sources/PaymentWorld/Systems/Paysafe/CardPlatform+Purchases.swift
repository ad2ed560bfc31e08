import SimulationKernel

/// Purchases with the customers' prepaid cards: the platform is the card's processor, so it
/// authorizes each by the card's status at that instant (domain §1.5 S1, CARD-3). Another phone
/// of the customer may lock or cancel the card between the app's last look and the purchase; the
/// decision goes by the card as it is now, never by what the app or an earlier call saw.
///
/// No money moves: prepaid cards have no ledger accounts (the ledger holds the workload's cards
/// and the merchants), and giving them accounts, balances and holds is more than this step. An
/// approval is a decision and a count, not a transfer.
extension CardPlatform {
    func purchase(_ customer: Int, _ lifecycle: LifecycleID) -> StepAnswer {
        var state = cards[customer].state
        let channel = purchaseChannel(customer, device: desk.context.bodies[lifecycle].device)
        if state == .digital && channel == .cardPresent {
            // The plastic's first use with chip and PIN activates it (S1: DIGITAL → ACTIVE); the
            // purchase is then decided on the active card.
            if step(customer, .firstChipAndPinUse, lifecycle, sca: false) {
                state = cards[customer].state
                desk.counters.prepaidChipAndPinActivations &+= 1
            }
        }
        var approved = Self.approves(state, via: channel)
        if state == .locked && desk.context.has(.lockedCardPurchases) {
            approved = true  // The planted bug: a lock stops the app's changes, not the card's use.
        }
        let status = state.status ?? .unknown
        desk.counters.prepaidPurchases.count(status, channel, approved: approved)
        desk.observe(.prepaidPurchaseDecided(lifecycle, card: ref(customer), status: status, channel: channel,
                                             approved: approved))
        return approved ? .ok : .refused
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

    /// How the customer pays (`behaviour.seed.purchaseToken`, `purchaseCardNotPresent`, the rest
    /// with the plastic). One draw per purchase; a repeated call is answered from the session, so
    /// it draws nothing. Without a completed token on this phone, or without a plastic (a virtual
    /// card), the customer pays with the card's details instead.
    private func purchaseChannel(_ customer: Int, device: Int) -> PurchaseChannel {
        let seed = desk.seed
        let draw = desk.random.unitInterval()
        let token = Double(seed.purchaseToken.numerator) / Double(seed.purchaseToken.denominator)
        let cardNotPresent = Double(seed.purchaseCardNotPresent.numerator) / Double(seed.purchaseCardNotPresent.denominator)
        if draw < token {
            return cards[customer].tokens[device] == .completed ? .token : .cardNotPresent
        }
        if draw < token + cardNotPresent { return .cardNotPresent }
        // With the plastic in hand: a card not yet issued, or a digital twin's still in the post, is used by its details.
        let plastic = cards[customer].physical && cards[customer].plasticArrived
        return plastic ? .cardPresent : .cardNotPresent
    }
}
