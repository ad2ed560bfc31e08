import SimulationKernel

/// An acquirer (provider) of domain §2.1: passes the gateway's authorizations, inquiries and
/// reversals to the card network and the answers back. The primary and the backup are two
/// instances with their own capacity, so a cascade really goes elsewhere.
public actor Acquirer: ReportingActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind: PaymentActorKind
    private let context: PaymentsContext
    @exclusivity(unchecked) private var intake: Intake
    private let mislabelsAttempts: Bool
    @exclusivity(unchecked) private(set) var counters = PaymentCounters()
    /// Where refund decisions come from: each refund's own stream, derived from this one and the
    /// refund's identity, so a repeated request (the gateway's status request) gets the same
    /// decision with nothing kept per refund.
    private let refundDecisions: SimRandom
    /// Which authorization answers the host loses to a system error (`behaviour.acquirerErrors`).
    @exclusivity(unchecked) private var systemErrors: SimRandom

    /// The primary acquirer or the backup a cascade goes to.
    init(_ context: PaymentsContext, as kind: PaymentActorKind) {
        self.context = context
        self.kind = kind
        id = context.addresses[kind]
        lane = context.makeLane()
        mislabelsAttempts = context.has(.acquirerMislabelsAttempt)
        intake = Intake(context, kind: kind, station: context.configuration.stations.acquirer)
        refundDecisions = context.sideRandom(0x5245_4655_4E44 ^ UInt64(kind.rawValue) << 48)  // "REFUND", per acquirer.
        systemErrors = context.sideRandom(0x4552_524F_52 ^ UInt64(kind.rawValue) << 48)  // "ERROR", per acquirer.
    }

    func figures() -> ActorFigures { ActorFigures(counters: counters, station: intake.station) }

    public func handle(_ event: SimulationEvent) {
        guard intake.take(event, to: id, counters: &counters) else { return }
        guard let message = AcquirerMessage(decoding: event.unserved) else {
            preconditionFailure("\(traceName) got unexpected \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .request(let exchange, let request):
            context.send(from: id, to: context.addresses[.network], NetworkMessage.request(exchange, request))
        case .response(let exchange, var response):
            if exchange == .authorization { garble(&response) }
            context.send(from: id, to: context.addresses[.gateway], GatewayMessage.inbound(.response(exchange, response)))
        case .refund(let payment, _, let operation):
            refund(payment, operation: operation)
        }
    }

    /// What the host does to an authorization's answer on its way back: the planted bug's wrong
    /// attempt number, and the answers it loses to a system error of its own.
    private func garble(_ response: inout AttemptMessage) {
        if mislabelsAttempts {
            response = AttemptMessage(AttemptID(response.payment, response.attempt.index + 1), code: response.code)
        }
        let errors = context.configuration.behaviour.acquirerErrors
        if errors.numerator > 0, systemErrors.chance(errors) {
            counters.acquirerErrors &+= 1
            response.code = IssuerAnswer.acquirerSystemError.rawValue
        }
    }

    /// A refund (LC-02 Refund): the acquirer credits the card through the scheme, or declines when
    /// the card's account closed since the payment (14), by `behaviour.refundDecline`. It decides
    /// once per refund: the same refund asked again gets the same answer.
    private func refund(_ payment: PaymentID, operation: Int) {
        var decision = refundDecisions.stream(for: payment.rawValue ^ UInt64(operation) << 56)
        let declined = decision.chance(context.configuration.behaviour.refundDecline)
        let answer = declined ? GatewayInbound.refundResponse(payment, operation: operation, .declined, code: .invalidCardNumber)
            : GatewayInbound.refundResponse(payment, operation: operation, .refunded, code: .approved)
        context.send(from: id, to: context.addresses[.gateway], GatewayMessage.inbound(answer))
    }
}
