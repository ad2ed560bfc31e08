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
    let desk: ServerDesk
    @exclusivity(unchecked) var records = SlotTable(empty: Record())

    nonisolated let kind = PaymentActorKind.platform

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        guard let message = PlatformMessage(decoding: event.unserved) else {
            preconditionFailure("\(kind) got unexpected \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .sessionExpired(let lifecycle, let timer):
            sessionExpired(lifecycle, timer: timer)
        case .verificationResponse(let lifecycle, let verified):
            verificationAnswered(lifecycle, verified: verified)
        case .step(let request):
            guard desk.serve(event) != nil else { return }
            if request.step == .verifyCard {
                verifyCard(request)
                return
            }
            desk.answerStep(request, records: &records) { step, payload, payment, record in
                serve(step, payload: payload, payment: payment, record: &record)
            }
        }
    }

    /// Each system's steps are served by its own part (`Systems/<System>/Platform+<System>.swift`).
    private func serve(_ step: SeedStep, payload: UInt64, payment: LifecycleID, record: inout Record) -> StepAnswer {
        switch step {
        case .getCommission, .proceedPayment: servePortmone(step, payment: payment)
        case .initSession, .payRequest: serveEcommpay(step, payload: payload, payment: payment, record: &record)
        case .createSession, .updateSession, .operationWithSession:
            serveMastercard(step, payload: payload, payment: payment, record: &record)
        case .orderInitialize, .walletInitialize, .getWalletData, .cardOrder, .walletOrder:
            serveSogenactif(step, payment: payment, record: &record)
        default: preconditionFailure("platform cannot serve \(step)")
        }
    }

    /// Binds the lifecycle's session; `lifetimeRunning` when its lifetime has run since it was
    /// created (an MPGS session bound at its first update), so the binding starts no second timer.
    func bind(_ credential: SessionCredential, _ payment: LifecycleID, _ record: inout Record,
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

    /// A call that spends the session (LC-00 `use`): one-shot contexts are consumed by it. An
    /// expired session answers expired (SES-1); a consumed one, or one never bound, is refused (SES-5).
    ///
    /// - Parameters:
    ///   - apiVersion: the version the call names (SES-2; 0 where the system has none).
    ///   - deviceSubmission: the app's call, which an MPGS session's limit counts; not the merchant's.
    func use(_ operation: SessionOperation, _ payment: LifecycleID, _ record: inout Record, apiVersion: Int = 0,
             deviceSubmission: Bool = true) -> StepAnswer {
        if record.session == .expired { return .expired }
        guard desk.step(&record.session, .use(operation), of: payment) != nil else { return .refused }
        desk.context.observe(.sessionUsed(payment, apiVersion: apiVersion, deviceSubmission: deviceSubmission))
        return .ok
    }

    /// Starts the session's lifetime timer (a Sips context's inactivity limit when `record.inactivity`).
    func startLifetime(_ payment: LifecycleID, _ record: inout Record) {
        let timeouts = desk.context.configuration.timeouts
        let lifetime = record.inactivity ? timeouts.sessionInactivity : timeouts.sessionLifetime
        record.timer &+= 1
        desk.context.schedule(after: lifetime, to: id, PlatformMessage.sessionExpired(payment, timer: record.timer))
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
