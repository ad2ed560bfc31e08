import SimulationKernel

/// The payment platform's API front (ecommpay's platform, MPGS, Sips, Portmone's server): opens
/// and binds checkout sessions (LC-00), quotes commissions, answers orderInitialize and
/// zero-amount verifications. The money itself then moves through the gateway's card core.
public actor Platform: ReportingActor {
    /// The API version every MPGS session is created with; a stale app names the one before.
    static let apiVersion = 61

    struct Record: AnsweringRecord {
        var last = LastAnswer()
        var session: CheckoutSessionState = .opened
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
        guard let event = desk.serve(event) else { return }
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
            return bind(.sessionId(apiVersion: Platform.apiVersion, authenticationLimit: 5), payment, &record)
        case .updateSession:
            // The app names a version; a stale one is refused and the session stays as it was (M1).
            let named = Platform.apiVersion - Int(payload)
            guard record.session.binding?.credential.apiVersion == named else { return .apiVersionMismatch }
            return desk.step(&record.session, .captureInstrument(.card, apiVersion: named), of: payment) != nil
                ? .ok : .refused
        case .orderInitialize:
            if desk.random.chance(seed.functionNotAllowed) { return .refused }  // 40: never retried.
            if desk.random.chance(seed.temporaryError) { return .retryLater }   // 90 / 99: a new context later.
            record.session = .opened  // Each try gets a fresh one-shot context (SES-5).
            return bind(.initializeContext, payment, &record)
        case .verifyCard:
            // LC-03: a zero-amount authorization: no hold, no posting (VER-1). It uses up the session.
            guard desk.step(&record.session, .use(.verify), of: payment) != nil else { return .refused }
            return desk.context.cards[facts.card].usable ? .ok : .notVerified
        default:
            preconditionFailure("platform cannot serve \(step)")
        }
    }

    private func bind(_ credential: SessionCredential, _ payment: LifecycleID, _ record: inout Record) -> StepAnswer {
        desk.step(&record.session, .credential(credential), of: payment) != nil ? .ok : .refused
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
