import SimulationKernel

/// The payment platform (domain §2.1): owns payment records, enforces idempotency, runs
/// 3-D Secure, routes authorizations to the primary acquirer and cascades to the backup,
/// settles unknown outcomes by inquiry or reversal, and performs captures and refunds.
///
/// Each payment's state is a lifecycle value (LC-01 `SaleState` or LC-02 `AuthorizationState`);
/// the gateway feeds it events and performs the effects it returns. An event the table rejects
/// leaves the state as it was and is reported (G-6).
public actor Gateway: PaymentsActor {
    struct Record {
        var generation: UInt32 = 0
        var key: UInt64 = 0
        var order: UInt64 = 0
        var flow = CardCore.sale
        var sale = SaleState.created
        var authorization = AuthorizationState.authorizing(AuthorizationRequest(amount: .zero))
        var authentication: TransStatus?
        var needsAuthentication = false
        /// An enrolled card's payment the gateway exempted from 3-D Secure (low value).
        var exempted = false
        var attempt = 0
        var timer: UInt32 = 0
        var resolution: OutcomeResolutionState?
        var inquiries = 0
        var outcome: PaymentOutcome?
        var approvedAttempt: Int?
        var capturedAmount: Int64 = 0
        var refundedAmount: Int64 = 0
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    let simulation: SimulationHandle
    let network: Network
    let books: WorldBooks
    let addresses: PaymentAddresses
    let configuration: PaymentsConfiguration
    var intake: Intake
    var records: [Record] = []
    var freeSlots: [UInt32] = []
    /// Idempotency key → payment id; looked up, never iterated (it cannot be).
    var byKey = UInt64Map()

    nonisolated public var traceName: String { "gateway" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = SimulationHandle(simulation)
        self.network = network
        self.books = books
        self.addresses = addresses
        self.configuration = books.configuration
        intake = Intake(simulation: simulation,
                        configuration: books.configuration.stations.gateway, outages: books.configuration.outages,
                        kind: .gateway, random: simulation.random.split(),
                        slowdowns: books.configuration.slowdowns)
    }

    public func handle(_ event: SimulationEvent) {
        let kind = event.kind & ~PaymentMessage.servedFlag
        guard let message = PaymentMessage(rawValue: kind) else { preconditionFailure("gateway got kind \(event.kind)") }
        switch message {
        case .authenticationTimedOut, .authorizationTimedOut, .resolutionTimedOut, .challengeTimedOut:
            timerFired(message, payment: event.subject, timer: UInt32(truncatingIfNeeded: event.argument))
            return
        case .recordRetired:
            retire(event.subject)
            return
        default:
            break
        }
        guard intake.take(event, to: id, counters: &books.counters) else { return }
        switch message {
        case .paymentRequest: paymentRequested(order: event.subject, key: event.argument)
        case .authenticationResult: authenticated(event.subject, WireTransStatus.decode(event.argument))
        case .authorizationResponse: authorizationAnswered(event.subject, argument: event.argument)
        case .inquiryResponse: inquiryAnswered(event.subject, argument: event.argument)
        case .reversalResponse: reversalAcknowledged(event.subject, argument: event.argument)
        case .captureRequest: captureRequested(event.subject, amount: Int64(event.argument))
        case .refundRequest: refundRequested(event.subject, amount: Int64(event.argument))
        default: preconditionFailure("gateway got unexpected \(message)")
        }
    }

    // MARK: Records

    func record(_ payment: UInt64) -> Record? {
        guard payment.slot < records.count, records[payment.slot].generation == payment.generation else {
            books.counters.staleMessages &+= 1
            return nil
        }
        return records[payment.slot]
    }

    private func paymentRequested(order: UInt64, key: UInt64) {
        if let existing = byKey[key] {
            // Same key: the same payment (G-4). Repeat its final answer if it has one.
            books.counters.duplicatesDeduped &+= 1
            if let record = record(existing), let outcome = record.outcome { answerMerchant(existing, record, outcome) }
            return
        }
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = Int(reused)
        } else {
            slot = records.count
            records.append(Record())
            books.gatewayPayments.append(WorldBooks.GatewayPaymentFacts())
        }
        // A retired slot already moved its generation on; a new one starts past zero.
        let facts = books.payments[order.slot]
        var record = Record()
        record.generation = records[slot].generation &+ 1
        record.key = key
        record.order = order
        record.flow = facts.flow.core ?? .sale
        record.needsAuthentication = books.cards[Int(facts.card)].enrolled
        if record.needsAuthentication && facts.amount < configuration.policies.lowValueExemption {
            // The gateway asks for the low-value exemption: no authentication is required.
            record.needsAuthentication = false
            record.exempted = true
            books.counters.exempted &+= 1
        }
        record.authorization = .authorizing(AuthorizationRequest(amount: MinorUnits(facts.amount)))
        records[slot] = record
        let payment = UInt64(slot: slot, generation: record.generation)
        books.gatewayPayments[slot] = WorldBooks.GatewayPaymentFacts(
            generation: record.generation, order: order, card: facts.card, merchant: facts.merchant, amount: facts.amount)
        byKey[key] = payment
        books.observe(.paymentCreated(payment: payment, order: order, key: key))
        books.observe(.cardDataKept(lifecycle: payment, holder: .gateway, form: .pan))
        switch record.flow {
        case .sale: applySale(payment, .submit)
        case .authorization: screen(payment)
        }
    }

    /// How long a finished payment's record stays, so that merchant retries and late replies
    /// still find it: the merchant's whole retry window, twice over.
    var retention: SimDuration {
        configuration.timeouts.merchantCall * Int64(2 * (configuration.policies.merchantRetries + 1))
    }

    /// Frees a finished payment's slot and key; later messages for it are stale.
    func retire(_ payment: UInt64) {
        guard let record = record(payment) else { return }
        if byKey[record.key] == payment { byKey[record.key] = nil }
        books.observe(.paymentRetired(payment: payment, order: record.order))
        records[payment.slot].generation &+= 1  // Stale from now on, even before the slot is reused.
        records[payment.slot].outcome = nil
        freeSlots.append(UInt32(payment.slot))
    }

    // MARK: Timers

    func startTimer(_ message: PaymentMessage, _ payment: UInt64, after delay: SimDuration) {
        records[payment.slot].timer &+= 1
        simulation.schedule(after: delay, to: id, kind: message.rawValue, subject: payment,
                            argument: UInt64(records[payment.slot].timer))
    }

    func cancelTimer(_ payment: UInt64) { records[payment.slot].timer &+= 1 }

    /// A timer whose payment retired or whose wait was cancelled (`cancelTimer`) or replaced.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        switch PaymentMessage(rawValue: event.kind) {
        case .authenticationTimedOut, .authorizationTimedOut, .resolutionTimedOut, .challengeTimedOut:
            return !timerIsLive(event.subject, UInt32(truncatingIfNeeded: event.argument))
        default:
            return false
        }
    }

    /// Whether a timer is the one its payment still waits on.
    private func timerIsLive(_ payment: UInt64, _ timer: UInt32) -> Bool {
        payment.slot < records.count && records[payment.slot].generation == payment.generation
            && records[payment.slot].timer == timer
    }

    private func timerFired(_ message: PaymentMessage, payment: UInt64, timer: UInt32) {
        // Cancelled, replaced, or its payment retired: a timer, not a stale message, so uncounted.
        guard timerIsLive(payment, timer) else { return }
        switch message {
        case .authenticationTimedOut, .challengeTimedOut: authenticated(payment, .unavailable, timedOut: true)
        case .authorizationTimedOut: authorizationTimedOut(payment)
        case .resolutionTimedOut: resolutionTimedOut(payment)
        default: break
        }
    }

    // MARK: Merchant

    func finish(_ payment: UInt64, _ outcome: PaymentOutcome) {
        guard var record = record(payment) else { return }
        let succeeded = outcome.isSuccess
        if record.outcome == nil || outcome == .captured {
            record.outcome = outcome
            records[payment.slot] = record
            if outcome != .captured {
                books.observe(.paymentFinal(payment: payment, order: record.order, succeeded: succeeded))
            }
            // Retire it once nothing more is due: an authorization waits for its capture first.
            if outcome != .authorized {
                simulation.schedule(after: retention, to: id, kind: PaymentMessage.recordRetired.rawValue, subject: payment)
            }
        }
        answerMerchant(payment, record, outcome)
    }

    func answerMerchant(_ payment: UInt64, _ record: Record, _ outcome: PaymentOutcome) {
        network.send(from: id, to: addresses[.merchant], kind: PaymentMessage.paymentResponse.rawValue,
                     subject: record.order, argument: outcome.rawValue)
    }

    func illegal(_ payment: UInt64, _ error: IllegalTransition) {
        books.observe(.illegalTransition(payment: payment, description: "\(error)"))
    }
}

extension Gateway {
    /// Every payment's final status, for the end-of-run checks (in slot order).
    func finalStatuses() -> [(payment: UInt64, succeeded: Bool)] {
        records.enumerated().compactMap { slot, record in
            guard let outcome = record.outcome else { return nil }
            return (UInt64(slot: slot, generation: record.generation), outcome.isSuccess)
        }
    }

    /// Payments neither final nor retired. When the run has gone idle nothing can finish them any
    /// more: a gateway that waits without a timer (G-7, RES-1).
    func openPayments() -> [UInt64] {
        var free = [Bool](repeating: false, count: records.count)
        for slot in freeSlots { free[Int(slot)] = true }
        return records.indices.compactMap { slot in
            free[slot] || records[slot].outcome != nil ? nil : UInt64(slot: slot, generation: records[slot].generation)
        }
    }
}
