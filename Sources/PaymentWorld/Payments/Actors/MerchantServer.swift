import SimulationKernel

/// The merchant's backend (domain §2.1): turns a checkout into a gateway payment under an
/// idempotency key, retries a timed-out call with the same key, dedupes callbacks, and for an
/// authorization captures later and sometimes refunds.
public actor MerchantServer: PaymentsActor {
    struct Order {
        var generation: UInt32 = 0
        var tries = 0
        var answered = false
        var captured = false
        var captureAnswered = false
        /// What the device was told, repeated if it asks again.
        var toldDevice: PaymentOutcome?
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let simulation: SimulationHandle
    private let network: Network
    private let books: WorldBooks
    private let addresses: PaymentAddresses
    private let configuration: PaymentsConfiguration
    private var random: SimRandom
    private var orders: [Order] = []

    nonisolated public var traceName: String { "merchant" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = SimulationHandle(simulation)
        self.network = network
        self.books = books
        self.addresses = addresses
        self.configuration = books.configuration
        self.random = simulation.random.split()
    }

    public func handle(_ event: SimulationEvent) {
        let payment = event.subject
        switch PaymentMessage(rawValue: event.kind) {
        case .checkoutRequest: checkout(payment)
        case .merchantCallTimedOut: callTimedOut(payment, try: Int(event.argument))
        case .paymentResponse: answered(payment, outcome: PaymentOutcome(rawValue: event.argument) ?? .failed)
        case .captureDue: capture(payment)
        case .captureResponse: captured(payment, ok: event.argument == 1)
        case .refundResponse: break  // The refund is a child operation; the device is not told.
        case .stepRequest:
            // E1: the merchant signs the payment's parameters with the project's secret key.
            let step = StepWire.step(of: event.argument) ?? .signParameters
            network.send(from: id, to: addresses[.device], kind: PaymentMessage.stepAnswer.rawValue, subject: payment,
                         argument: StepWire.answer(step, .ok, call: StepWire.attempt(of: event.argument)))
        default: preconditionFailure("merchant got unexpected event \(PaymentMessage.name(event.kind))")
        }
    }

    /// A call timer after its answer or its next try, and a capture reminder after the capture
    /// was answered: `answered`, `tries` and `captureAnswered` only move forward.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        switch PaymentMessage(rawValue: event.kind) {
        case .merchantCallTimedOut: !callTimerIsLive(event.subject, try: Int(event.argument))
        case .captureDue: !captureReminderIsLive(event.subject)
        default: false
        }
    }

    /// The call timer of try `attempt` still matters: no answer yet, and no later try.
    private func callTimerIsLive(_ payment: UInt64, try attempt: Int) -> Bool {
        guard let order = order(payment) else { return false }
        return !order.answered && order.tries == attempt + 1
    }

    private func captureReminderIsLive(_ payment: UInt64) -> Bool {
        order(payment).map { !$0.captureAnswered } ?? false
    }

    private func order(_ payment: UInt64) -> Order? {
        guard payment.slot < orders.count, orders[payment.slot].generation == payment.generation else { return nil }
        return orders[payment.slot]
    }

    private func checkout(_ payment: UInt64) {
        while orders.count <= payment.slot { orders.append(Order()) }
        if let existing = order(payment) {
            books.counters.duplicatesDeduped &+= 1  // The device asked again, or its request arrived twice.
            if let told = existing.toldDevice { tell(payment, told) }
            return
        }
        orders[payment.slot] = Order(generation: payment.generation)
        call(payment)
    }

    /// The idempotency key of an order's gateway call. A retry reuses it, unless the planted
    /// defect makes each try a new key (and so, to the gateway, a new payment).
    private func key(_ payment: UInt64, try attempt: Int) -> UInt64 {
        configuration.defects.contains(.retryWithNewIdempotencyKey) ? payment &+ UInt64(attempt) << 56 : payment
    }

    private func call(_ payment: UInt64) {
        let attempt = orders[payment.slot].tries
        orders[payment.slot].tries += 1
        network.send(from: id, to: addresses[.gateway], kind: PaymentMessage.paymentRequest.rawValue, subject: payment,
                     argument: key(payment, try: attempt))
        simulation.schedule(after: configuration.timeouts.merchantCall, to: id,
                            kind: PaymentMessage.merchantCallTimedOut.rawValue, subject: payment, argument: UInt64(attempt))
    }

    private func callTimedOut(_ payment: UInt64, try attempt: Int) {
        guard callTimerIsLive(payment, try: attempt) else { return }
        guard attempt < configuration.policies.merchantRetries else {
            orders[payment.slot].answered = true
            tell(payment, .timedOut)
            return
        }
        books.counters.merchantRetries &+= 1
        call(payment)
    }

    private func answered(_ payment: UInt64, outcome: PaymentOutcome) {
        guard let order = order(payment), !order.answered else {
            books.counters.duplicatesDeduped &+= 1  // Callbacks arrive at least once: dedupe by (payment, status).
            if configuration.defects.contains(.duplicateCallbackCapturesTwice), outcome == .authorized,
               let order = self.order(payment), order.captured {
                requestCapture(payment)
            }
            return
        }
        orders[payment.slot].answered = true
        // The order record keeps the card for receipts and refunds: masked, never the full number.
        let form: CardDataForm = configuration.defects.contains(.merchantKeepsFullPAN) ? .pan : .maskedPAN
        books.observe(.cardDataKept(lifecycle: payment, holder: .merchant, form: form))
        if outcome == .authorized {
            let delay = min(configuration.behaviour.captureDelay.sample(&random), configuration.behaviour.captureWindow)
            simulation.schedule(after: delay, to: id, kind: PaymentMessage.captureDue.rawValue, subject: payment)
        } else {
            tell(payment, outcome)
        }
    }

    private func tell(_ payment: UInt64, _ outcome: PaymentOutcome) {
        orders[payment.slot].toldDevice = outcome
        network.send(from: id, to: addresses[.device], kind: PaymentMessage.checkoutResponse.rawValue,
                     subject: payment, argument: outcome.rawValue)
    }

    /// Captures, and keeps asking (same operation, so the gateway applies it once: AUTH-6) until
    /// the gateway answers.
    private func capture(_ payment: UInt64) {
        guard captureReminderIsLive(payment) else { return }
        orders[payment.slot].captured = true
        requestCapture(payment)
        simulation.schedule(after: configuration.timeouts.merchantCall, to: id, kind: PaymentMessage.captureDue.rawValue,
                            subject: payment)
    }

    private func requestCapture(_ payment: UInt64) {
        var amount = books.payments[payment.slot].amount
        if configuration.defects.contains(.captureAboveAuthorization) { amount += 1 }
        network.send(from: id, to: addresses[.gateway], kind: PaymentMessage.captureRequest.rawValue, subject: payment,
                     argument: UInt64(amount))
    }

    private func captured(_ payment: UInt64, ok: Bool) {
        guard let order = order(payment), !order.captureAnswered else {
            books.counters.duplicatesDeduped &+= 1
            return
        }
        orders[payment.slot].captureAnswered = true
        tell(payment, ok ? .captured : .failed)
        if ok && random.chance(configuration.behaviour.refundRatio) {
            var amount = books.payments[payment.slot].amount / 2
            if configuration.defects.contains(.refundAboveCapture) { amount = books.payments[payment.slot].amount * 2 }
            network.send(from: id, to: addresses[.gateway], kind: PaymentMessage.refundRequest.rawValue, subject: payment,
                         argument: UInt64(amount))
        }
    }
}
