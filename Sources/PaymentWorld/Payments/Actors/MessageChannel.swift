import SimulationKernel

/// The SMS channel: delivers codes to the customer's phone after a delay, and loses some.
public actor MessageChannel: ReportingActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.messageChannel
    private let desk: ServerDesk
    @exclusivity(unchecked) private var latency: Distribution

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
        latency = context.configuration.seed.smsLatency
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: nil) }

    public func handle(_ event: SimulationEvent) {
        guard let message = ChannelMessage(decoding: event) else {
            preconditionFailure("message channel got unexpected \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .codeSent(let lifecycle, let code):
            guard !desk.random.chance(desk.seed.smsLoss) else { return }
            desk.context.schedule(after: latency.sample(&desk.random), to: id, ChannelMessage.codeDelivered(lifecycle, code: code))
        case .codeDelivered(let lifecycle, let code):
            desk.send(DeviceMessage.codeDelivered(lifecycle, code: code), to: .device)
        }
    }
}
