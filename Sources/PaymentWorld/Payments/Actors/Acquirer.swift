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

    /// The primary acquirer or the backup a cascade goes to.
    init(_ context: PaymentsContext, as kind: PaymentActorKind) {
        self.context = context
        self.kind = kind
        id = context.addresses[kind]
        lane = context.makeLane()
        mislabelsAttempts = context.has(.acquirerMislabelsAttempt)
        intake = Intake(context, kind: kind, station: context.configuration.stations.acquirer)
    }

    func figures() -> ActorFigures { ActorFigures(counters: counters, station: intake.station) }

    public func handle(_ event: SimulationEvent) {
        guard intake.take(event, to: id, counters: &counters) else { return }
        let kind = event.kind & ~PaymentMessage.servedFlag
        switch PaymentMessage(rawValue: kind) {
        case .authorizationRequest, .inquiryRequest, .reversalRequest:
            context.send(from: id, to: context.addresses[.network], kind: kind, subject: event.subject, argument: event.argument)
        case .authorizationResponse, .inquiryResponse, .reversalResponse:
            var argument = event.argument
            if mislabelsAttempts && kind == PaymentMessage.authorizationResponse.rawValue {
                argument = AttemptWire.encode(AttemptWire.attempt(of: argument) + 1, code: AttemptWire.code(of: argument))
            }
            context.send(from: id, to: context.addresses[.gateway], kind: kind, subject: event.subject, argument: argument)
        default:
            preconditionFailure("\(traceName) got unexpected \(PaymentMessage.name(event.kind))")
        }
    }
}
