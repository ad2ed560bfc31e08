import SimulationKernel

/// The scheme's 3-D Secure directory server (domain §2.1, LC-06 v2), run inside the card
/// network: routes the 3DS server's AReq to the ACS of the card's BIN range, and relays the
/// ACS's ARes and RReq back. It keeps no per-payment state: a duplicate passes through and the
/// gateway dedupes it, as a real 3DS server must.
///
/// Having its own station puts the scheme's 3-D Secure capacity, outages and links in the
/// scenario's hands: a directory server that is down fails every authentication at once, the
/// scheme-wide failure that one issuer's slow ACS cannot produce.
public actor DirectoryServer: ReportingActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    /// Its intake, links and books: the same front every seed-system server has.
    private let desk: ServerDesk
    /// The ACS for each BIN range (indexed like `configuration.cards.bins`); nil for a range none
    /// of whose cards take part in 3-D Secure.
    private let acsByRange: [ReceiverID?]

    nonisolated let kind = PaymentActorKind.directoryServer

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
        acsByRange = Self.routes(context.configuration.cards, acs: context.addresses[.acs])
    }

    /// The BIN→ACS map: the world has one ACS, so every range with enrolled cards routes to it.
    static func routes(_ cards: CardPopulation, acs: ReceiverID) -> [ReceiverID?] {
        guard !cards.bins.isEmpty else { return [cards.threeDSecureEnrolled.numerator == 0 ? nil : acs] }
        return cards.bins.map { ($0.threeDSecureEnrolled ?? cards.threeDSecureEnrolled).numerator == 0 ? nil : acs }
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        guard let served = desk.serve(event) else { return }
        guard let message = DirectoryServerMessage(decoding: served) else {
            preconditionFailure("directory server got unexpected \(PaymentMessage.name(served.kind))")
        }
        switch message {
        case .authenticationRequest(let payment):
            let card = desk.context.cards[desk.context.bodies[payment].card]
            if !card.enrolled {
                // A 3-D Secure 1.0 MPI asks about every card: one outside 3-D Secure gets VERes N
                // (EMV 3DS servers ask only for enrolled ranges).
                desk.send(GatewayMessage.inbound(.authenticationResult(payment, .notEnrolled)), to: .gateway)
                return
            }
            let range = card.bin
            guard range < acsByRange.count, let acs = acsByRange[range] else {
                // No ACS for the range: the DS's `Erro`, which LC-06 ends as U. Only enrolled
                // cards get here, whose ranges all route, so this is a guard.
                desk.send(GatewayMessage.inbound(.authenticationResult(payment, .erro)), to: .gateway)
                return
            }
            desk.context.send(from: id, to: acs, ACSMessage.authenticationRequest(payment))
        case .authenticationResult(let payment, let status):
            desk.send(.authenticationResult, to: .gateway, payment.rawValue, argument: status)
        }
    }
}
