import SimulationKernel

/// The payment platform (domain §2.1): owns payment records, enforces idempotency, runs
/// 3-D Secure, routes authorizations to the primary acquirer and cascades through the backup providers,
/// settles unknown outcomes by inquiry or reversal, and performs captures and refunds.
///
/// Each payment's state is a lifecycle value (LC-01 `SaleState`, with LC-08 `CascadeState` beside it,
/// or LC-02 `AuthorizationState`; LC-06 `ThreeDSState` for its current authentication);
/// the gateway feeds it events and performs the effects it returns. An event the table rejects
/// leaves the state as it was and is reported (G-6).
public actor Gateway: ReportingActor {
    /// One payment's (or verification's) state: the sale or authorization it runs at its core, and
    /// a part for each lifecycle beside it, which owns that lifecycle's state and decides on it.
    /// Swift lays a struct's fields out in the order written, each at its own alignment: the
    /// eight-byte fields first, then each 17-byte state with small fields in its tail padding. A
    /// record is 280 bytes so, not 320, over tens of thousands of slots.
    struct Record {
        var key: UInt64 = 0
        var order = LifecycleID(rawValue: 0)
        var attempt = 0
        /// When the latest authorization request left.
        var authorizationSent = SimTime.zero
        /// 3-D Secure: whether the payment needs it, and the current attempt's LC-06 (Gateway+ThreeDS).
        var authentication = AuthenticationPart()
        /// LC-12 for the current attempt's unknown outcome (Gateway+Resolution).
        var resolution = ResolutionPart()
        /// A zero-amount verification's LC-03; nil for a payment (Gateway+Verification).
        var verification: VerificationPart?
        /// Captures, refunds, the capture limit and the hold's release (Gateway+Settlement).
        var settlement = SettlementPart()
        var flow = CardCore.sale
        var outcome: PaymentOutcome?
        /// Why the payment failed, when its code says so: a challenge left to expire, the customer's
        /// cancel, the payment deadline.
        var cause = FailureCause.unstated
        var sale = SaleState.created
        var generation: UInt32 = 0
        /// LC-08 beside LC-01: which provider in routing order a sale is at, and whether it waits for consent.
        var cascade = CascadeState.attempting(CascadePosition(providers: 1))
        var timer: UInt32 = 0
        var authorization = AuthorizationState.authorizing(AuthorizationRequest(amount: .zero))
        /// A token sale's wait for its token's card (Gateway+TokenSale).
        var tokenSale = TokenSalePart()
        var approvedAttempt: Int?
        /// The sale failed before its own end, on the customer's cancel or at its deadline: what is
        /// still on its way for it (an ACS answer, a consent, a token) finds nothing to do.
        var endedEarly: Bool { cause == .customerCancelled || cause == .deadlinePassed }
    }

    struct SettledOrder {
        var generation: UInt32 = 0
        var outcome: PaymentOutcome?
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.gateway
    let context: PaymentsContext
    @exclusivity(unchecked) var intake: Intake
    @exclusivity(unchecked) var records: [Record] = []
    @exclusivity(unchecked) var freeSlots: [UInt32] = []
    /// Idempotency key → payment id; looked up, never iterated (it cannot be).
    @exclusivity(unchecked) var byKey = UInt64Map()
    /// Verified lifecycle → its verification's payment id, so the platform's repeated request finds it.
    @exclusivity(unchecked) var verifications = UInt64Map()
    /// The latest order of each order slot whose payment retired, with how it ended. Order ids are
    /// never reused (ecommpay's PAYMENT_ALREADY_EXIST), and a slot's orders come in generation
    /// order, so one entry per slot remembers every settled order in flat memory.
    @exclusivity(unchecked) var settledOrders: [SettledOrder] = []
    @exclusivity(unchecked) var counters = PaymentCounters()
    @exclusivity(unchecked) var coverage = StateCoverage()
    /// The sales in flight by deadline (LC-01 `deadline`), watched by one timer: its time and its
    /// serial (a check with an older serial was replaced).
    @exclusivity(unchecked) var saleDeadlines = LifecycleDeadlines(flows: 1)
    @exclusivity(unchecked) var deadlineCheck: SimTime?
    @exclusivity(unchecked) var deadlineCheckSerial: UInt64 = 0
    /// How long a sale may stay open here (`PaymentsConfiguration.paymentDeadline`).
    let paymentDeadline: SimDuration

    init(_ context: PaymentsContext) {
        self.context = context
        id = context.addresses[kind]
        lane = context.makeLane()
        intake = Intake(context, kind: kind, station: context.configuration.stations.gateway)
        paymentDeadline = context.configuration.paymentDeadline
    }

    func figures() -> ActorFigures { ActorFigures(counters: counters, coverage: coverage, station: intake.station) }

    /// Its own timers at once; the other actors' messages through the intake, decoded once served.
    public func handle(_ event: SimulationEvent) {
        if let reminder = GatewayReminder(decoding: event) {
            reminded(reminder)
            return
        }
        guard intake.take(event, to: id, counters: &counters) else { return }
        guard let message = GatewayInbound(decoding: event.unserved) else { unexpected(event) }
        received(message)
    }

    private func unexpected(_ event: SimulationEvent) -> Never {
        guard let message = PaymentMessage(rawValue: event.kind & ~PaymentMessage.servedFlag) else {
            preconditionFailure("gateway got kind \(event.kind)")
        }
        preconditionFailure("gateway got unexpected \(message)")
    }

    /// Another actor's message, once the intake has served it.
    private func received(_ message: GatewayInbound) {
        if verificationReceived(message) { return }
        switch message {
        case .paymentRequest(let order, let key): paymentRequested(order: order, key: key)
        // The ACS's answers through the directory server; a 3-D Secure 1.0 page's PaRes from the
        // app, applied to the payment its MD names (a stale MD, of a reused slot, is dropped).
        case .authenticationResult(let payment, let answer), .paResForwarded(let payment, let answer): authenticated(payment, answer)
        case .response(.authorization, let response): authorizationAnswered(response)
        case .response(.inquiry, let response): inquiryAnswered(response)
        case .response(.reversal, let response): reversalAcknowledged(response)
        case .captureRequest(let order, let amount, let number, let final):
            captureRequested(order, amount: amount, number: number, final: final)
        case .voidRequest(let order): voidRequested(order)
        case .refundRequest(let order, let amount, let operation): refundRequested(order, amount: amount, operation: operation)
        case .refundResponse(let payment, let operation, let result, let code):
            refundAnswered(payment, operation: operation, result, code: code)
        case .tokenLookupResponse(let payment, let result, let card): tokenLookedUp(payment, result, card: card)
        case .cascadeConsentGiven(let payment, let consented): consentAnswered(payment, consented: consented)
        case .paymentCancel(let order, let key): cancelRequested(order, key: key)
        case .verificationRequest(let lifecycle, let store): verificationRequested(lifecycle, storeCredential: store)
        }
    }

    // MARK: Records

    func record(_ payment: PaymentID) -> Record? {
        isLive(payment) ? records[payment.slot] : nil
    }

    /// Whether `payment` is its slot's current payment: a message for an earlier one is stale.
    /// The hot paths ask this and read the record in place, rather than copy it out whole.
    func isLive(_ payment: PaymentID) -> Bool {
        guard payment.slot < records.count, records[payment.slot].generation == payment.generation else {
            counters.staleMessages &+= 1
            return false
        }
        return true
    }

    /// The planted bug: a restore (the merchant's call under the same key) of a payment that has
    /// ended opens a new payment, where ecommpay answers PAYMENT_ALREADY_EXIST and the final status.
    private func restoreOpensNew(_ existing: PaymentID) -> Bool {
        context.has(.restoreOpensSecondPayment) && record(existing)?.outcome != nil
    }

    /// A request under a key or for an order the gateway knows: answered as the payment it is
    /// (G-4), never opened again. True when it was one.
    private func answeredAsKnown(order: LifecycleID, key: UInt64) -> Bool {
        if let existing = byKey[key].map(PaymentID.init(rawValue:)), !restoreOpensNew(existing) {
            // Same key: the same payment (G-4). Repeat its final answer if it has one.
            counters.duplicatesDeduped &+= 1
            let system = context.bodies[order].flow.system.index
            if let record = record(existing), let outcome = record.outcome {
                counters.repeatsFinal[system] &+= 1
                answerMerchant(existing, outcome)
            } else {
                counters.repeatsInProgress[system] &+= 1
            }
            return true
        }
        guard order.slot < settledOrders.count, settledOrders[order.slot].generation >= order.generation,
              !context.has(.gatewayForgetsSettledOrders) else { return false }
        // A request for an order whose payment already retired: a copy the network held back past
        // the record's retention, or a status check that late. Taken for new, it opened a second
        // payment whose hold nobody ended (AUTH-4, card-payments.json with lognormal sigma 3).
        counters.duplicatesDeduped &+= 1
        if let outcome = settledOutcome(of: order) {
            counters.repeatsFinal[context.bodies[order].flow.system.index] &+= 1
            context.send(from: id, to: context.addresses[.merchant], MerchantMessage.paymentResponse(order, OutcomeReport(outcome)))
        }
        return true
    }

    private func paymentRequested(order: LifecycleID, key: UInt64) {
        if answeredAsKnown(order: order, key: key) { return }
        let slot = openSlot()
        // A retired slot already moved its generation on; a new one starts past zero.
        let facts = context.bodies[order]
        var record = Record()
        record.generation = records[slot].generation &+ 1
        record.key = key
        record.order = order
        record.flow = facts.flow.core ?? .sale
        record.authentication = AuthenticationPart(enrolled: context.cards[facts.card].enrolled, amount: facts.amount,
                                                   lowValueExemption: context.configuration.policies.lowValueExemption,
                                                   asksEveryCard: facts.flow.system.threeDSVersion == .v1)
        if record.authentication.exempted { counters.exempted &+= 1 }
        record.authorization = .authorizing(AuthorizationRequest(amount: MinorUnits(facts.amount),
                                                                 mode: context.bodies.captureMode(of: order)))
        record.cascade = .attempting(CascadePosition(providers: cascadeProviders(for: facts.flow)))
        records[slot] = record
        let payment = PaymentID(slot: slot, generation: record.generation)
        var amount = facts.amount
        if context.has(.saleAmountIncludesFee), record.flow == .sale {
            // The planted bug: the sale's payment made for its amount plus the gateway's fee.
            amount += amount * Int64(context.configuration.fee.numerator) / Int64(context.configuration.fee.denominator)
        }
        context.bodies.publish(RequestBodies.Payment(order: order, card: facts.card, merchant: facts.merchant,
                                                     amount: amount), for: payment)
        byKey[key] = payment.rawValue
        context.observe(.paymentCreated(payment, order: order, key: key))
        context.observe(.cardDataKept(.payment(payment), holder: .gateway, form: .pan))
        if record.flow == .sale { linkDeadline(payment) }
        if facts.flow.traits.contains(.paysWithSavedToken) { return lookUpToken(payment) }  // The sale waits for its token's card.
        switch record.flow {
        case .sale: applySale(payment, .submit)
        case .authorization: screen(payment)
        }
    }

    /// The gateway's own timers and housekeeping, which skip the intake's queue; false for a message.
    /// One of the gateway's own timers or reminders: not through the intake.
    private func reminded(_ reminder: GatewayReminder) {
        switch reminder {
        case .timer(.tokenLookupTimedOut, let payment, let generation):
            tokenLookupTimedOut(payment, timer: generation)
        case .timer(let timer, let payment, let generation):
            if !verificationTimerFired(timer, payment, generation) { timerFired(timer, payment: payment, timer: generation) }
        case .recordRetired(let payment):
            retire(payment)
        case .paymentDeadlinePassed(let serial):
            checkSaleDeadlines(serial: serial)
        case .refundTimedOut(let payment, let operation, let serial):
            refundTimedOut(payment, operation: operation, serial: serial)
        }
    }

    /// A free record slot: a retired one, or a new one at the end.
    func openSlot() -> Int {
        if let reused = freeSlots.popLast() { return Int(reused) }
        records.append(Record())
        return records.count - 1
    }

    /// How `order`'s payment ended, once it retired (nil before, and for an order older than its
    /// slot's latest settled one: its merchant stopped listening long ago).
    func settledOutcome(of order: LifecycleID) -> PaymentOutcome? {
        guard order.slot < settledOrders.count, settledOrders[order.slot].generation == order.generation else { return nil }
        return settledOrders[order.slot].outcome
    }

    /// How long a finished payment's record stays, so that merchant retries and late replies
    /// still find it: the merchant's whole retry window, twice over.
    var retention: SimDuration {
        context.configuration.timeouts.merchantCall * Int64(2 * (context.configuration.policies.merchantRetries + 1))
    }

    /// Frees a finished payment's slot and key; later messages for it are stale.
    func retire(_ payment: PaymentID) {
        guard isLive(payment) else { return }
        if records[payment.slot].settlement.refundsInFlight || records[payment.slot].resolution.isRunning {
            // A refund still waits for the acquirer: its record stays until the refund ends, so its
            // answer or inquiry finds it (and AUTH-3 still knows what was captured). So does LC-12
            // reversing a sale that failed early, through an acquirer outage longer than the
            // retention (card-payments-faults.json swarm seeds 56 and 64: RES-1).
            context.schedule(after: retention, to: id, GatewayMessage.own(.recordRetired(payment)))
            return
        }
        let order = records[payment.slot].order
        if records[payment.slot].verification != nil {
            // No merchant order and no key: only the platform's lookup goes.
            if verifications[order.rawValue] == payment.rawValue { verifications[order.rawValue] = nil }
        } else {
            let key = records[payment.slot].key
            if byKey[key] == payment.rawValue { byKey[key] = nil }
            while settledOrders.count <= order.slot { settledOrders.append(SettledOrder()) }
            if settledOrders[order.slot].generation <= order.generation {
                settledOrders[order.slot] = SettledOrder(generation: order.generation, outcome: records[payment.slot].outcome)
            }
        }
        unlinkDeadline(payment.slot)
        context.observe(.paymentRetired(payment, order: order))
        records[payment.slot].generation &+= 1  // Stale from now on, even before the slot is reused.
        records[payment.slot].outcome = nil
        freeSlots.append(UInt32(payment.slot))
    }

    // MARK: Timers

    func startTimer(_ timer: GatewayTimer, _ payment: PaymentID, after delay: SimDuration) {
        records[payment.slot].timer &+= 1
        context.schedule(after: delay, to: id, GatewayMessage.own(.timer(timer, payment, generation: records[payment.slot].timer)))
    }

    func cancelTimer(_ payment: PaymentID) { records[payment.slot].timer &+= 1 }

    /// A timer whose payment retired or whose wait was cancelled (`cancelTimer`) or replaced.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        switch PaymentMessage(rawValue: event.kind) {
        case .authenticationTimedOut, .authorizationTimedOut, .resolutionTimedOut, .challengeTimedOut, .tokenLookupTimedOut,
             .cascadeConsentTimedOut, .captureDayDue, .inquiryDue:
            return !timerIsLive(PaymentID(rawValue: event.subject), UInt32(truncatingIfNeeded: event.argument))
        case .paymentDeadlinePassed:
            return event.argument != deadlineCheckSerial
        case .refundTimedOut:
            return !refundTimerIsLive(PaymentID(rawValue: event.subject), operation: RefundTimerWire.operation(of: event.argument),
                                      serial: RefundTimerWire.serial(of: event.argument))
        default:
            return false
        }
    }

    /// Whether a timer is the one its payment still waits on.
    func timerIsLive(_ payment: PaymentID, _ timer: UInt32) -> Bool {
        payment.slot < records.count && records[payment.slot].generation == payment.generation
            && records[payment.slot].timer == timer
    }

    private func timerFired(_ message: GatewayTimer, payment: PaymentID, timer: UInt32) {
        // Cancelled, replaced, or its payment retired: a timer, not a stale message, so uncounted.
        guard timerIsLive(payment, timer) else { return }
        switch message {
        case .authenticationTimedOut: authenticationTimedOut(payment, .aResResponse)
        case .challengeTimedOut: authenticationTimedOut(payment, .challengeCompletion)
        case .authorizationTimedOut:
            counters.count(expiry: .authorizationResponse)
            authorizationTimedOut(payment)
        case .resolutionTimedOut: resolutionTimedOut(payment)
        case .cascadeConsentTimedOut: consentTimedOut(payment)
        case .captureDayDue:
            counters.count(expiry: .captureDay)
            captureDayReached(payment)
        case .inquiryDue: inquiryDelayEnded(payment)
        case .tokenLookupTimedOut: break  // Its own path (`reminded`).
        }
    }

    // MARK: Merchant

    func finish(_ payment: PaymentID, _ outcome: PaymentOutcome) {
        guard isLive(payment) else { return }
        let slot = payment.slot
        let succeeded = outcome.isSuccess
        let previous = records[slot].outcome
        if previous == nil || outcome == .captured {
            if previous == nil { unlinkDeadline(slot) }
            records[slot].outcome = outcome
            if outcome != .captured {
                context.observe(.paymentFinal(payment, order: records[slot].order, succeeded: succeeded))
            }
            // Retire it once nothing more is due: an authorization waits for its capture first.
            if outcome != .authorized {
                context.schedule(after: retention, to: id, GatewayMessage.own(.recordRetired(payment)))
            }
        }
        // The merchant is told the payment's final status, as a status check would be: an
        // authorization that expires or is voided later stays "authorized" to it. Told "failed", a
        // merchant whose "authorized" answers were all lost took the order for unpaid while the
        // gateway had it authorized (RES-4, swarm seed 62 of default.json: capture limit 122 s).
        answerMerchant(payment, records[slot].outcome ?? outcome)
    }

    /// Tells the merchant the live payment's outcome, with why it failed where that has a code.
    func answerMerchant(_ payment: PaymentID, _ outcome: PaymentOutcome) {
        let slot = payment.slot
        let report = OutcomeReport(outcome, cause: records[slot].cause, tokenRefusal: records[slot].tokenSale.refusal,
                                   declinedBy: Self.issuerDecline(records[slot]))
        context.send(from: id, to: context.addresses[.merchant], MerchantMessage.paymentResponse(records[slot].order, report))
    }

    /// The issuer's answer that declined the payment, which the merchant and the app report in
    /// their system's words (MPGS INSUFFICIENT_FUNDS, Sips acquirerResponseCode 51); nil when no
    /// issuer declined it.
    static func issuerDecline(_ record: Record) -> IssuerAnswer? {
        let reason: DeclineReason? = switch record.flow {
        case .sale: if case .declined(let reason) = record.sale { reason } else { nil }
        case .authorization: if case .declined(let reason) = record.authorization { reason } else { nil }
        }
        guard case .issuer(let code)? = reason else { return nil }
        return IssuerAnswer.declining(code)
    }


}

extension Gateway {
    /// Every payment's final status, for the end-of-run checks (in slot order).
    func finalStatuses() -> [(payment: PaymentID, succeeded: Bool)] {
        records.enumerated().compactMap { slot, record in
            // A verification is no payment: nobody holds or owes money for it.
            guard let outcome = record.outcome, record.verification == nil else { return nil }
            return (PaymentID(slot: slot, generation: record.generation), outcome.isSuccess)
        }
    }

    /// Payments neither final nor retired. When the run has gone idle nothing can finish them any
    /// more: a gateway that waits without a timer (G-7, RES-1).
    func openPayments() -> [PaymentID] {
        var free = [Bool](repeating: false, count: records.count)
        for slot in freeSlots { free[Int(slot)] = true }
        return records.indices.compactMap { slot in
            free[slot] || records[slot].outcome != nil ? nil : PaymentID(slot: slot, generation: records[slot].generation)
        }
    }
}
