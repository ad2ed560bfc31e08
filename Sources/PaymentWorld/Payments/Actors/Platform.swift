import SimulationKernel

/// The payment platform's API front (ecommpay's platform, MPGS, Sips, Portmone's server): opens
/// and binds checkout sessions (LC-00) and lets each expire by its timer (an MPGS session's
/// lifetime, a Sips context's 15 minutes without a customer action: domain §2.7), quotes
/// commissions, answers orderInitialize, the Sips wallet's getWalletData and zero-amount
/// verifications. The money itself then moves through the gateway's card core.
public actor Platform: ReportingActor {
    /// The API version every MPGS session is created with; a stale app names the one before.
    static let apiVersion = 61

    struct Record: AnsweringRecord {
        var last = LastAnswer()
        var session: CheckoutSessionState = .opened
        /// The generation of the session's lifetime timer: a new context replaces the old one's.
        var timer: UInt32 = 0
        /// The timer is a Sips context's inactivity limit, not a session's lifetime.
        var inactivity = false
        /// A verification waits for the issuer's answer through the gateway (LC-03).
        var verifying = false
        /// The verification asked to save the card (VER-3).
        var saveCard = false
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    @exclusivity(unchecked) private var records = SlotTable(empty: Record())

    nonisolated let kind = PaymentActorKind.platform

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        if event.kind == PaymentMessage.sessionExpired.rawValue {
            sessionExpired(LifecycleID(rawValue: event.subject), timer: UInt32(truncatingIfNeeded: event.argument))
            return
        }
        if event.kind == PaymentMessage.verificationResponse.rawValue {
            verificationAnswered(LifecycleID(rawValue: event.subject), verified: event.argument == 1)
            return
        }
        guard let event = desk.serve(event) else { return }
        if event.kind == PaymentMessage.stepRequest.rawValue, StepWire.step(of: event.argument) == .verifyCard {
            verifyCard(event)
            return
        }
        desk.answerStep(event, records: &records) { step, payload, payment, record in
            serve(step, payload: payload, payment: payment, record: &record)
        }
    }

    private func serve(_ step: SeedStep, payload: UInt64, payment: LifecycleID, record: inout Record) -> StepAnswer {
        let seed = desk.seed
        let facts = desk.context.bodies[payment]
        switch step {
        case .getCommission:
            return desk.random.chance(seed.payeeWithoutGate) ? .refused : .ok  // 2013: no gate type.
        case .proceedPayment:
            // P4: an enrolled card goes the 3D way (the core's 3-D Secure); the others need 2D.
            return desk.context.cards[facts.card].enrolled ? .ok : .need2D
        case .initSession:
            return bind(.signature, payment, &record)
        case .createSession:
            // The session is created (opened) and its lifetime runs from now; the app's first update,
            // which presents its id, binds it to the API version that created it.
            record.session = .opened
            record.inactivity = false
            startLifetime(payment, &record)
            return .ok
        case .updateSession:
            // The app names a version; a stale one is refused and the session stays as it was (M1).
            let named = Platform.apiVersion - (SessionUpdateWire.isStale(payload) ? 1 : 0)
            if record.session == .expired { return .expired }  // SES-1: the session's lifetime ran out.
            if record.session == .opened {
                guard named == Platform.apiVersion else { return .apiVersionMismatch }
                let credential = SessionCredential.sessionId(apiVersion: Platform.apiVersion, authenticationLimit: 5)
                guard bind(credential, payment, &record, lifetimeRunning: true) == .ok else { return .refused }
            }
            guard record.session.binding?.credential.apiVersion == named else { return .apiVersionMismatch }
            let changed = if case .instrumentCaptured = record.session { true } else { false }
            guard desk.step(&record.session, .captureInstrument(.card, apiVersion: named), of: payment) != nil
            else { return .refused }
            if changed { desk.counters.sessionCardChanges &+= 1 }  // The customer changed the card.
            desk.context.observe(.sessionUsed(payment, apiVersion: named))
            return .ok
        case .operationWithSession:
            // PAY or AUTHORIZE names the session and takes its card (M2); an expired one is an ERROR.
            if record.session == .expired { return .expired }
            let operation: SessionOperation = facts.flow.core == .authorization ? .authorize : .pay
            guard desk.step(&record.session, .use(operation), of: payment) != nil else { return .refused }
            desk.counters.sessionOperations &+= 1
            desk.context.observe(.sessionUsed(payment, apiVersion: Platform.apiVersion))
            return .ok
        case .orderInitialize:
            if desk.random.chance(seed.functionNotAllowed) { return .refused }  // 40: never retried.
            if desk.random.chance(seed.temporaryError) { return .retryLater }   // 90 / 99: a new context later.
            record.session = .opened  // Each try gets a fresh one-shot context (SES-5).
            return bind(.initializeContext, payment, &record)
        case .getWalletData:
            // W5 under the context: one left 15 minutes without a customer action is gone (97).
            if record.session == .expired { return .expired }
            if desk.random.chance(seed.walletServerError) { return .retryLater }
            desk.context.observe(.sessionUsed(payment, apiVersion: 0))
            return .ok
        default:
            preconditionFailure("platform cannot serve \(step)")
        }
    }

    /// CardVerifyRequest: the session is used up, and the gateway verifies the card at its issuer
    /// for 0 (LC-03); the call is answered when the gateway tells the issuer's verdict.
    private func verifyCard(_ event: SimulationEvent) {
        let lifecycle = LifecycleID(rawValue: event.subject)
        guard var record = records.open(lifecycle) else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        let attempt = StepWire.attempt(of: event.argument)
        if desk.settledEarlier(record.last, .verifyCard, attempt: attempt, payment: lifecycle) { return }
        if record.verifying {
            // Still waiting: ask the gateway again, which answers once the issuer has.
            desk.send(.verificationRequest, to: .gateway, lifecycle, argument: record.saveCard ? 1 : 0)
            return
        }
        guard desk.step(&record.session, .use(.verify), of: lifecycle) != nil else {
            record.last = LastAnswer(step: .verifyCard, attempt: attempt, answer: .refused)
            records[lifecycle] = record
            desk.answer(lifecycle, .verifyCard, .refused, call: attempt)
            return
        }
        desk.context.observe(.sessionUsed(lifecycle, apiVersion: 0))
        record.verifying = true
        record.saveCard = StepWire.payload(of: event.argument) == 1
        record.last = LastAnswer(step: nil, attempt: attempt, answer: .ok)  // Answered once the issuer decides.
        records[lifecycle] = record
        desk.send(.verificationRequest, to: .gateway, lifecycle, argument: record.saveCard ? 1 : 0)
    }

    private func verificationAnswered(_ lifecycle: LifecycleID, verified: Bool) {
        guard var record = records[lifecycle], record.verifying, record.last.step == nil else { return }  // A repeat.
        let answer: StepAnswer = verified ? .ok : .notVerified
        record.last.step = .verifyCard
        record.last.answer = answer
        records[lifecycle] = record
        desk.answer(lifecycle, .verifyCard, answer, call: record.last.attempt)
    }

    /// Binds the lifecycle's session; `lifetimeRunning` when its lifetime has run since it was
    /// created (an MPGS session bound at its first update), so the binding starts no second timer.
    private func bind(_ credential: SessionCredential, _ payment: LifecycleID, _ record: inout Record,
                      lifetimeRunning: Bool = false) -> StepAnswer {
        guard let effects = desk.step(&record.session, .credential(credential), of: payment) else { return .refused }
        desk.context.observe(.sessionBound(payment, apiVersion: credential.apiVersion ?? 0,
                                           limit: credential.authenticationLimit ?? 0, oneShot: credential.isOneShot))
        for effect in effects {
            switch effect {
            case .startTimer(let timer):
                precondition(timer == .sessionLifetime, "a checkout session has no \(timer) timer")
                if lifetimeRunning { continue }
                // A Sips context ends after 15 minutes without a customer action, the others after their lifetime.
                record.inactivity = credential == .initializeContext
                startLifetime(payment, &record)
            case .storeInstrument, .perform:
                break
            }
        }
        return .ok
    }

    /// Starts the session's lifetime timer (a Sips context's inactivity limit when `record.inactivity`).
    private func startLifetime(_ payment: LifecycleID, _ record: inout Record) {
        let timeouts = desk.context.configuration.timeouts
        let lifetime = record.inactivity ? timeouts.sessionInactivity : timeouts.sessionLifetime
        record.timer &+= 1
        desk.context.schedule(after: lifetime, to: id, kind: PaymentMessage.sessionExpired.rawValue,
                              subject: payment.rawValue, argument: UInt64(record.timer))
    }

    /// A session's lifetime timer that its lifecycle's record no longer waits on: the slot was
    /// reused, a new context replaced the session, or the session already ended.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        guard event.kind == PaymentMessage.sessionExpired.rawValue else { return false }
        guard let record = records[LifecycleID(rawValue: event.subject)] else { return true }
        return record.timer != UInt32(truncatingIfNeeded: event.argument) || record.session.isTerminal
    }

    /// The session's lifetime ran out before it was used up: it expires (LC-00 `expire`), and
    /// the customer's next call on it is answered expired.
    private func sessionExpired(_ payment: LifecycleID, timer: UInt32) {
        guard var record = records[payment], record.timer == timer, !record.session.isTerminal else { return }
        if record.session == .opened { desk.counters.sessionsExpiredUnbound &+= 1 }  // Created, never updated.
        let effects = desk.step(&record.session, .expire, of: payment) ?? []
        precondition(effects.isEmpty, "LC-00 expire asks for no work, yet its table returned \(effects)")
        desk.context.observe(.sessionExpired(payment))
        desk.counters.count(expiry: record.inactivity ? .sessionInactivity : .sessionLifetime)
        records[payment] = record
    }
}

extension CheckoutSessionState {
    /// The session's binding while it has one.
    var binding: SessionBinding? {
        switch self {
        case .credentialed(let binding), .instrumentCaptured(let binding): binding
        case .opened, .consumed, .expired, .exhausted: nil
        }
    }
}
