import SimulationKernel

/// The merchant's backend (domain §2.1): turns a checkout into a gateway payment under an
/// idempotency key, retries a timed-out call with the same key, dedupes callbacks, and for an
/// authorization captures later and sometimes refunds.
public actor MerchantServer: ReportingActor {
    struct Order {
        var generation: UInt32 = 0
        var tries = 0
        var answered = false
        /// How the order's authorization is captured, and how many of its captures were answered.
        var plan = CapturePlan.inOne
        var capturesAnswered = 0
        var captured = false
        var captureAnswered = false
        /// A void of an authorization it could not capture, asked until the gateway answers.
        var voiding = false
        var voidAnswered = false
        /// What the device was told, repeated if it asks again.
        var toldDevice: PaymentOutcome?
        /// The gateway said the payment failed on an expired 3-D Secure challenge; told on to the device.
        var cause = FailureCause.unstated
        /// The gateway refused the token payment before it started, and why; told on to the device.
        var tokenRefusal: TokenLookupWire.Result?
        /// The issuer's answer that declined the payment; told on to the device.
        var declinedBy: IssuerAnswer?
        /// The refunds the merchant makes of this order, the ones answered (a bit per number), and
        /// how many times it has asked.
        var refunds = RefundPlan.none
        var refundsAnswered: UInt8 = 0
        var refundCalls = 0
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.merchant
    private let context: PaymentsContext
    @exclusivity(unchecked) private var random: SimRandom
    /// How refunds go, from a stream of their own, so the merchant's other draws stay what they were.
    @exclusivity(unchecked) private var refundRandom: SimRandom
    @exclusivity(unchecked) private var orders: [Order] = []
    @exclusivity(unchecked) private(set) var counters = PaymentCounters()

    init(_ context: PaymentsContext) {
        self.context = context
        id = context.addresses[kind]
        lane = context.makeLane()
        random = context.splitRandom()
        refundRandom = context.sideRandom(0x5245_4655_4E44)  // "REFUND"
    }

    func figures() -> ActorFigures { ActorFigures(counters: counters) }

    public func handle(_ event: SimulationEvent) {
        guard let message = MerchantMessage(decoding: event) else {
            preconditionFailure("merchant got unexpected event \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .checkout(let payment, let call): checkout(payment, call)
        case .callTimedOut(let payment, let attempt): callTimedOut(payment, try: attempt)
        case .paymentResponse(let payment, let report):
            answered(payment, outcome: report.outcome, cause: report.cause, tokenRefusal: report.tokenRefusal,
                     declinedBy: report.declinedBy)
        case .captureDue(let payment, let number): capture(payment, number: number)
        case .captureResponse(let payment, let ok, let number): captured(payment, ok: ok, number: number)
        case .voidDue(let payment): requestVoid(payment)
        case .voidResponse(let payment): voided(payment)
        case .refundResponse(let payment, let operation, let result, _): refundAnswered(payment, operation: operation, result)
        case .refundDue(let payment): askRefunds(payment)
        case .paymentCancel(let payment): customerCancelled(payment)
        case .sign(let request):
            // E1: the merchant signs the payment's parameters with the project's secret key.
            let payment = request.lifecycle, step = request.step ?? .signParameters
            counters.stepAnswers.count(step, .ok)  // Every call, repeats too: the merchant keeps no record of calls.
            let signature = EcommpaySignature.sign(context.bodies[payment], paymentId: payment)
            context.send(from: id, to: context.addresses[.device],
                         DeviceMessage.stepAnswer(payment, StepReply(step, .ok, call: request.call, payload: signature)))
        }
    }

    /// A call timer after its answer or its next try, and a capture reminder after the capture
    /// was answered: `answered`, `tries` and `captureAnswered` only move forward.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        switch PaymentMessage(rawValue: event.kind) {
        case .merchantCallTimedOut: !callTimerIsLive(LifecycleID(rawValue: event.subject), try: Int(event.argument))
        case .captureDue: !captureReminderIsLive(LifecycleID(rawValue: event.subject), number: Int(event.argument))
        case .voidDue: order(LifecycleID(rawValue: event.subject)).map { !$0.voiding || $0.voidAnswered } ?? true
        case .refundDue: order(LifecycleID(rawValue: event.subject)).map { !$0.refunds.waits(answered: $0.refundsAnswered) } ?? true
        default: false
        }
    }

    /// The call timer of try `attempt` still matters: no answer yet, and no later try.
    private func callTimerIsLive(_ payment: LifecycleID, try attempt: Int) -> Bool {
        guard let order = order(payment) else { return false }
        return !order.answered && order.tries == attempt + 1
    }

    /// The reminder of capture `number` matters while that capture is the one the order waits for.
    private func captureReminderIsLive(_ payment: LifecycleID, number: Int) -> Bool {
        order(payment).map { !$0.captureAnswered && $0.capturesAnswered == number - 1 } ?? false
    }

    private func order(_ payment: LifecycleID) -> Order? {
        guard payment.slot < orders.count, orders[payment.slot].generation == payment.generation else { return nil }
        return orders[payment.slot]
    }

    private func checkout(_ payment: LifecycleID, _ request: CheckoutCall) {
        while orders.count <= payment.slot { orders.append(Order()) }
        if request.secondPay, order(payment) != nil {
            // A double tap: the duplicate alone is refused, and the payment goes on.
            counters.appRecovery.count(.secondPayRefused, of: context.bodies[payment].flow.system)
            context.send(from: id, to: context.addresses[.device], DeviceMessage.checkoutRestored(payment, .secondPayRefused))
            return
        }
        if let existing = order(payment) {
            guard request.reinit else {
                counters.duplicatesDeduped &+= 1  // A copy of the first request.
                return
            }
            // The app's re-init with the same payment: final, it hears the result again
            // (PAYMENT_HAS_FINAL_STATUS); still running, it is restored and waits on.
            if let told = existing.toldDevice {
                tell(payment, told, foundFinal: true)
            } else {
                context.send(from: id, to: context.addresses[.device], DeviceMessage.checkoutRestored(payment, .running(serial: request.serial)))
            }
            return
        }
        if orders[payment.slot].generation > payment.generation {
            // A duplicate of an ended lifecycle's checkout, arriving after its slot was reused. Taken
            // for new, it made a second gateway payment that nobody captured or voided: its hold outlived
            // the run (swarm seed 489 of card-payments-faults.json, AUTH-4).
            counters.staleMessages &+= 1
            return
        }
        orders[payment.slot] = Order(generation: payment.generation)
        if context.bodies[payment].flow.core == .authorization {
            let plan = drawCapturePlan()
            orders[payment.slot].plan = plan
            context.bodies.publish(plan.mode, for: payment)
        }
        call(payment)
    }

    /// The idempotency key of an order's gateway call. A retry reuses it, unless the planted
    /// defect makes each try a new key (and so, to the gateway, a new payment); the other one pays
    /// the order again under a new key once its retries have run out, where it should ask for the
    /// payment's status.
    private func key(_ payment: LifecycleID, try attempt: Int) -> UInt64 {
        let fresh = context.has(.retryWithNewIdempotencyKey)
            || (context.has(.merchantRechargesAfterTimeout) && attempt > context.configuration.policies.merchantRetries)
        return fresh ? payment.rawValue &+ UInt64(attempt) << 56 : payment.rawValue
    }

    private func call(_ payment: LifecycleID) {
        let attempt = orders[payment.slot].tries
        orders[payment.slot].tries += 1
        context.send(from: id, to: context.addresses[.gateway], GatewayMessage.inbound(.paymentRequest(payment, key: key(payment, try: attempt))))
        context.schedule(after: context.configuration.timeouts.merchantCall, to: id, MerchantMessage.callTimedOut(payment, try: attempt))
    }

    /// No answer yet. The first tries repeat the call; after them the merchant does not give up,
    /// which would tell the customer "timed out" while the gateway may still charge them: it asks
    /// for the payment's status under the same key (ecommpay's restore, MPGS retrieve, Sips
    /// getTransactionData) until the gateway says how it ended. The gateway ends every payment
    /// within its own timers, so the answer comes.
    private func callTimedOut(_ payment: LifecycleID, try attempt: Int) {
        guard callTimerIsLive(payment, try: attempt) else { return }
        if attempt < context.configuration.policies.merchantRetries {
            counters.merchantRetries &+= 1
        } else if context.has(.merchantGivesUp) {
            // The planted bug: "timed out" to the customer, whatever the gateway goes on to do.
            orders[payment.slot].answered = true
            context.observe(.merchantOrderFinal(payment, succeeded: false))
            tell(payment, .timedOut)
            return
        } else {
            counters.statusRecoveries &+= 1
            counters.statusChecks[context.bodies[payment].flow.system.index] &+= 1
        }
        call(payment)
    }

    private func answered(_ payment: LifecycleID, outcome: PaymentOutcome, cause: FailureCause = .unstated,
                          tokenRefusal: TokenLookupWire.Result? = nil, declinedBy: IssuerAnswer? = nil) {
        if context.has(.merchantActsTwiceOnDuplicateCallback), outcome == .authorized, let order = order(payment),
           order.answered, !order.captured {
            // The planted bug: a repeated "authorized" callback taken for a new one, booked and shipped again.
            context.observe(.merchantOrderFinal(payment, succeeded: true))
            scheduleCapture(payment, number: 1)
            return
        }
        guard let order = order(payment), !order.answered else {
            counters.duplicatesDeduped &+= 1  // Callbacks arrive at least once: dedupe by (payment, status).
            if context.has(.duplicateCallbackCapturesTwice), outcome == .authorized,
               let order = self.order(payment), order.captured {
                requestCapture(payment, number: 1)
            }
            if outcome == .captured, let order = self.order(payment), order.plan == .automatic, !order.captureAnswered {
                // The platform captured on the capture day and said so: that is the capture's answer.
                captured(payment, ok: true, number: 1)
            }
            return
        }
        orders[payment.slot].answered = true
        orders[payment.slot].cause = cause
        orders[payment.slot].tokenRefusal = tokenRefusal
        orders[payment.slot].declinedBy = declinedBy
        context.observe(.merchantOrderFinal(payment, succeeded: outcome.isSuccess))
        // The order record keeps the card for receipts and refunds: masked, never the full number.
        let form: CardDataForm = context.has(.merchantKeepsFullPAN) ? .pan : .maskedPAN
        context.observe(.cardDataKept(.lifecycle(payment), holder: .merchant, form: form))
        if outcome == .authorized {
            // The app shows the authorization; the order ends with its capture.
            context.send(from: id, to: context.addresses[.device], DeviceMessage.checkoutRestored(payment, .held))
            if order.plan == .automatic {
                // The platform captures by itself; the merchant asks only if it has not heard by then.
                let wait = context.configuration.timeouts.captureDay
                context.bodies.addPeopleTime(wait, to: payment)
                context.schedule(after: wait + context.configuration.timeouts.merchantCall, to: id,
                                 MerchantMessage.captureDue(payment, number: 1))
            } else {
                scheduleCapture(payment, number: 1)
            }
        } else {
            tell(payment, outcome)
        }
    }

    private func tell(_ payment: LifecycleID, _ outcome: PaymentOutcome, foundFinal: Bool = false) {
        orders[payment.slot].toldDevice = outcome
        let report = OutcomeReport(outcome, cause: orders[payment.slot].cause, tokenRefusal: orders[payment.slot].tokenRefusal,
                                   declinedBy: orders[payment.slot].declinedBy, foundFinal: foundFinal)
        context.send(from: id, to: context.addresses[.device], DeviceMessage.checkoutResponse(payment, report))
    }

    /// The merchant ships (all of the order, or its next part), then captures.
    private func scheduleCapture(_ payment: LifecycleID, number: Int) {
        let delay = min(context.configuration.behaviour.captureDelay.sample(&random), context.configuration.behaviour.captureWindow)
        context.bodies.addPeopleTime(delay, to: payment)
        context.schedule(after: delay, to: id, MerchantMessage.captureDue(payment, number: number))
    }

    /// Captures, and keeps asking (same number, so the gateway applies it once: AUTH-6) until
    /// the gateway answers.
    private func capture(_ payment: LifecycleID, number: Int) {
        guard captureReminderIsLive(payment, number: number) else { return }
        orders[payment.slot].captured = true
        requestCapture(payment, number: number)
        context.schedule(after: context.configuration.timeouts.merchantCall, to: id, MerchantMessage.captureDue(payment, number: number))
    }

    private func requestCapture(_ payment: LifecycleID, number: Int) {
        guard let order = order(payment) else { return }
        let total = context.bodies[payment].amount
        var amount = order.plan.amount(ofCapture: number, total: total)
        if context.has(.captureAboveAuthorization) { amount += 1 }
        context.send(from: id, to: context.addresses[.gateway],
                     GatewayMessage.inbound(.captureRequest(payment, amount: amount, number: number, final: order.plan.isFinal(number))))
    }

    private func captured(_ payment: LifecycleID, ok: Bool, number: Int) {
        guard let order = order(payment), !order.captureAnswered, number == order.capturesAnswered + 1 else {
            counters.duplicatesDeduped &+= 1
            return
        }
        orders[payment.slot].capturesAnswered = number
        if ok && number < order.plan.captures {
            scheduleCapture(payment, number: number + 1)  // The next shipment.
            return
        }
        orders[payment.slot].captureAnswered = true
        // A part captured before a refusal was taken: the customer paid for what shipped.
        tell(payment, ok || number > 1 ? .captured : .failed)
        if !ok && number == 1 {
            // An authorization the merchant cannot capture is released, not left to its limit (AUTH-4).
            orders[payment.slot].voiding = true
            requestVoid(payment)
        }
        // A Portmone bill or top-up is not refunded through the merchant: its money went to the payee.
        if ok && random.chance(context.configuration.behaviour.refundRatio) && !context.bodies[payment].paysPayee {
            let behaviour = context.configuration.behaviour
            orders[payment.slot].refunds = refundRandom.pick([(.inParts, behaviour.refundInParts),
                                                             (.halfThenWhole, behaviour.refundExcess)]) ?? .half
            askRefunds(payment)
        }
    }

    /// The customer cancelled in the app. While the order waits for its payment's end the cancel goes
    /// to the gateway, under the key the payment was asked for (once lost, the payment's deadline
    /// ends it). An authorization the merchant has not begun to capture is voided, and the order is
    /// cancelled (LC-02 `authorized × void`); one the platform captures by itself on its capture day
    /// is not, since its capture may already be made.
    private func customerCancelled(_ payment: LifecycleID) {
        guard let order = order(payment) else { return }
        if !order.answered {
            context.send(from: id, to: context.addresses[.gateway],
                         GatewayMessage.inbound(.paymentCancel(payment, key: key(payment, try: max(0, order.tries - 1)))))
            return
        }
        guard order.toldDevice == nil, !order.captured, order.capturesAnswered == 0, order.plan != .automatic else { return }
        counters.ordersCancelledBeforeCapture &+= 1
        orders[payment.slot].captureAnswered = true  // No capture will be asked: its reminder finds it answered.
        orders[payment.slot].cause = .customerCancelled
        orders[payment.slot].voiding = true
        requestVoid(payment)
    }

    /// The merchant's capture plan for a new authorization, by the scenario's shares; no draw
    /// when both are 0, so such scenarios keep their random streams.
    private func drawCapturePlan() -> CapturePlan {
        let behaviour = context.configuration.behaviour
        guard behaviour.captureInParts.numerator > 0 || behaviour.automaticCapture.numerator > 0,
              let inParts = random.pick([(true, behaviour.captureInParts), (false, behaviour.automaticCapture)])
        else { return .inOne }
        return inParts ? .inParts(1 + Int(random.int(in: 0...UInt64(CapturePlan.mostParts - 1)))) : .automatic
    }

    /// Asks the gateway to void the authorization, and again after each call timeout until answered.
    private func requestVoid(_ payment: LifecycleID) {
        guard let order = order(payment), order.voiding, !order.voidAnswered else { return }
        context.send(from: id, to: context.addresses[.gateway], GatewayMessage.inbound(.voidRequest(payment)))
        context.schedule(after: context.configuration.timeouts.merchantCall, to: id, MerchantMessage.voidDue(payment))
    }

    private func voided(_ payment: LifecycleID) {
        guard let order = order(payment) else { return }
        orders[payment.slot].voidAnswered = true
        if order.cause == .customerCancelled && order.toldDevice == nil {
            // The customer hears of the cancel once the void is made: told at once, the app would end
            // the lifecycle, its order record would go with the next one, and a lost void would never
            // be asked again (swarm seed 6 of card-payments.json: AUTH-4).
            tell(payment, .failed)
        }
    }

    // MARK: Refunds (LC-02 Refund children)

    /// Asks for every refund of the order not answered yet, each under its own number so the
    /// gateway applies it once (AUTH-6), and again after each call timeout, a bounded number of times.
    private func askRefunds(_ payment: LifecycleID) {
        guard let order = order(payment), order.refunds.waits(answered: order.refundsAnswered),
              order.refundCalls <= context.configuration.policies.merchantRetries else { return }
        orders[payment.slot].refundCalls += 1
        for operation in 1...order.refunds.count where order.refundsAnswered & (1 << operation) == 0 {
            var amount = order.refunds.amount(operation, of: context.bodies[payment].amount, fee: context.configuration.fee)
            if context.has(.refundAboveCapture) { amount = context.bodies[payment].amount * 2 }
            context.send(from: id, to: context.addresses[.gateway],
                         GatewayMessage.inbound(.refundRequest(payment, amount: amount, operation: operation)))
        }
        context.schedule(after: context.configuration.timeouts.merchantCall, to: id, MerchantMessage.refundDue(payment))
    }

    private func refundAnswered(_ payment: LifecycleID, operation: Int, _ result: RefundAnswerWire.Result?) {
        guard let order = order(payment), operation >= 1, operation <= order.refunds.count,
              order.refundsAnswered & (1 << operation) == 0, result != nil else {
            counters.duplicatesDeduped &+= 1
            return
        }
        // Refunded, declined or refused above what was left: the merchant asks no more either way.
        orders[payment.slot].refundsAnswered |= 1 << operation
    }
}

/// The refunds a merchant makes of a captured order, each with its number (1, 2). A merchant
/// refunds at most what it received for the order, the amount less the gateway's fee: the fee
/// stays with the gateway, and the merchant's balance may not go below zero (G-1).
enum RefundPlan {
    case none
    /// Half the amount back, once.
    case half
    /// What the merchant received back in two parts, asked at once (two items returned): the
    /// second counts the first in flight (AUTH-3).
    case inParts
    /// Half of it back, and at once all of it again (a second operator's refund): whichever comes
    /// second asks more than is left, and the gateway refuses it (ecommpay 903).
    case halfThenWhole

    var count: Int {
        switch self {
        case .none: 0
        case .half: 1
        case .inParts, .halfThenWhole: 2
        }
    }

    func amount(_ operation: Int, of total: Int64, fee: Ratio) -> Int64 {
        let received = total - total * Int64(fee.numerator) / Int64(fee.denominator)
        switch (self, operation) {
        case (.inParts, 2): return received - received / 2
        case (.halfThenWhole, 2): return received
        case (.half, _): return min(total / 2, received)
        default: return received / 2
        }
    }

    /// Whether a refund is still unanswered, given the answered numbers' bits.
    func waits(answered: UInt8) -> Bool {
        count > 0 && (1...count).contains { answered & (1 << $0) == 0 }
    }
}
