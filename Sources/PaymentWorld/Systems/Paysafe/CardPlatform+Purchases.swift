import SimulationKernel

/// Purchases with the customers' prepaid cards, at the platform's API face (domain §2.1: the
/// WalletPlatform is the API face and its cards' issuer-processor). The app's call starts the
/// purchase; a wallet token is first resolved at the token service (detokenize), as the gateway's
/// token sales do; the authorization then goes through the network to the card's issuer-processor
/// (`CardPlatform+Authorizations.swift`), which decides by the card's status (CARD-3) and the
/// prepaid balance and holds the amount. An approval comes back through the network and is
/// captured to the merchant at once, as a one-step purchase is cleared.
///
/// A lost message is asked again when the app repeats its call; the issuer-processor answers a
/// repeated request with its first decision, and the purchase captures once (`PrepaidPurchase`).
/// A purchase the network has not answered within `policies.timeouts.authorization` of the first
/// ask is given up: the platform voids its own hold, if it placed one (both roles keep one book),
/// closes the purchase's ticket so a late request holds nothing, and tells the app it expired.
extension CardPlatform {
    func purchase(_ customer: Int, _ lifecycle: LifecycleID, attempt: Int, session: inout Session) -> StepAnswer? {
        switch session.purchase.stage {
        case .idle:
            session.purchaseAttempt = attempt
            let channel = purchaseChannel(customer, device: desk.context.bodies[lifecycle].device)
            return perform(session.purchase.apply(.call(channel)), customer, lifecycle, &session)
        case .lookingUpToken, .authorizing:
            session.purchaseAttempt = attempt
            return perform(session.purchase.apply(.callAgain), customer, lifecycle, &session)
        case .answered:
            return session.last.step == .prepaidPurchase ? session.last.answer : .refused  // Answered to an earlier call.
        }
    }

    /// The token service's or the network's answer reached the purchase: it goes on, or is answered.
    func continuePurchase(_ lifecycle: LifecycleID, _ event: PrepaidPurchase.Event) {
        guard var session = sessions[lifecycle] else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        let effect = session.purchase.apply(event)
        if effect == .ignore {
            desk.counters.duplicatesDeduped &+= 1
            return
        }
        if case .tokenLookedUp(let found) = event {
            if found { desk.counters.prepaidTokensResolved &+= 1 } else { desk.counters.prepaidTokensMissing &+= 1 }
        }
        if let answer = perform(effect, customer(of: lifecycle), lifecycle, &session) {
            session.last = LastAnswer(step: .prepaidPurchase, attempt: session.purchaseAttempt, answer: answer)
            desk.answer(lifecycle, .prepaidPurchase, answer, call: session.purchaseAttempt)
        }
        sessions[lifecycle] = session
    }

    /// Does what the purchase asked for; the app's answer when there is one now.
    private func perform(_ effect: PrepaidPurchase.Effect, _ customer: Int, _ lifecycle: LifecycleID,
                         _ session: inout Session) -> StepAnswer? {
        switch effect {
        case .askTokenService:
            let device = desk.context.bodies[lifecycle].device
            desk.send(TokenServiceMessage.prepaidDetokenize(lifecycle, customer: customer, device: device), to: .tokenService)
            return nil
        case .askNetwork(let first):
            if first { openTicket(lifecycle, &session) }
            desk.send(NetworkMessage.prepaidAuthorizationRequest(lifecycle, channel: UInt64(session.purchase.channel.rawValue)), to: .network)
            return nil
        case .capture:
            return capture(lifecycle, session)
        case .giveUp:
            closeTicket(session.ticketIndex, serial: session.ticketSerial)
            desk.counters.prepaidPurchasesTimedOut &+= 1
            return .expired
        case .answer(let answer):
            return answer
        case .ignore:
            return nil
        }
    }

    /// The purchase's ticket, and its timer: the network's answer must come within the authorization timeout.
    private func openTicket(_ lifecycle: LifecycleID, _ session: inout Session) {
        let ticket = balances.openTicket(lifecycle)
        session.ticketIndex = ticket.index
        session.ticketSerial = ticket.serial
        desk.context.schedule(after: balances.authorizationTimeout, to: id,
                              CardPlatformMessage.purchaseTimedOut(lifecycle, ticket: UInt64(ticket.index) | UInt64(ticket.serial) << 32))
    }

    /// Whether the ticket a timer names is still open: a captured or declined purchase's timer is stale.
    func ticketIsOpen(_ argument: UInt64) -> Bool {
        balances.ticket(at: Int(argument & 0xFFFF_FFFF), serial: UInt32(truncatingIfNeeded: argument >> 32)) != nil
    }

    /// The network did not answer the purchase in time. The ticket is given up even when the
    /// lifecycle's session has gone (the app stopped waiting first), so no hold outlives it.
    func purchaseTimedOut(_ lifecycle: LifecycleID, ticket argument: UInt64) {
        let index = Int(argument & 0xFFFF_FFFF), serial = UInt32(truncatingIfNeeded: argument >> 32)
        guard balances.ticket(at: index, serial: serial) != nil else { return }
        if let session = sessions[lifecycle], session.ticketIndex == index, session.ticketSerial == serial {
            if session.purchase.isWaiting { continuePurchase(lifecycle, .timedOut) }  // Gives up and answers the app.
        } else {
            desk.counters.prepaidPurchasesTimedOut &+= 1  // The app stopped waiting and its slot went to another lifecycle.
        }
        // Whatever is left open: a purchase nobody waits for, or one whose capture the ledger refused.
        closeTicket(index, serial: serial)
    }

    /// Closes a purchase's ticket, voiding its hold if the issuer-processor placed one (held → available).
    func closeTicket(_ index: Int, serial: UInt32) {
        guard let ticket = balances.ticket(at: index, serial: serial) else { return }
        balances.close(at: index)
        guard ticket.state == .held else { return }
        let transfers = Ledger.releaseHold(card: desk.context.ledger.accounts(of: ticket.card), remaining: MinorUnits(ticket.amount),
                                           lifecycle: ticket.lifecycle.rawValue)
        guard desk.context.post(transfers, for: .lifecycle(ticket.lifecycle)) else { return }
        desk.counters.prepaidHoldsVoided &+= 1
        desk.observe(.prepaidHoldReleased(ticket.lifecycle, card: ticket.card, amount: ticket.amount))
    }

    /// Captures the approved purchase's hold: the merchant gets the amount less the fee, the
    /// gateway the fee (domain §2.3, single capture).
    private func capture(_ lifecycle: LifecycleID, _ session: Session) -> StepAnswer {
        guard let hold = balances.ticket(at: session.ticketIndex, serial: session.ticketSerial), hold.state == .held else {
            return .refused  // No hold behind the approval: nothing to capture (a bug G-3 and AUTH-4 would see).
        }
        let context = desk.context
        let fee = hold.amount * Int64(balances.fee.numerator) / Int64(balances.fee.denominator)
        let transfers = Ledger.capture(card: context.ledger.accounts(of: hold.card),
                                       merchant: context.ledger.accounts(of: context.bodies[lifecycle].merchant),
                                       authorized: MinorUnits(hold.amount), captured: MinorUnits(hold.amount),
                                       fee: MinorUnits(fee), lifecycle: lifecycle.rawValue)
        // A refused capture (G-1 reports it) leaves the hold to the purchase's timer, which voids it.
        guard context.post(transfers, for: .lifecycle(lifecycle)) else { return .refused }
        balances.close(at: session.ticketIndex)
        desk.counters.prepaidCaptures &+= 1
        desk.counters.prepaidCaptured &+= UInt64(hold.amount)
        desk.observe(.prepaidCaptured(lifecycle, card: hold.card, amount: hold.amount))
        return .ok
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

/// A detokenize request on the wire: whose wallet token, on which of their devices.
enum PrepaidTokenWire {
    static func encode(_ customer: Int, _ device: Int) -> UInt64 { UInt64(customer) << 2 | UInt64(device & 3) }
    static func customer(of argument: UInt64) -> Int { Int(argument >> 2) }
    static func device(of argument: UInt64) -> Int { Int(argument & 3) }
}
