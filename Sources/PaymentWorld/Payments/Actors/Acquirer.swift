import SimulationKernel

/// An acquirer (provider) of domain §2.1: passes the gateway's authorizations, inquiries and
/// reversals to the card network and the answers back. The primary and the backup are two
/// instances with their own capacity, so a cascade really goes elsewhere.
public actor Acquirer: PaymentsActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind: PaymentActorKind
    private unowned(unsafe) let simulation: Simulation
    private let network: Network
    private let books: WorldBooks
    private let addresses: PaymentAddresses
    private var intake: Intake
    /// The planted `acquirer-mislabels-attempt`, read once: every answer passes here.
    private let mislabelsAttempts: Bool
    var stationSnapshot: ServiceStation { intake.station }

    nonisolated public var traceName: String { kind.description }

    init(id: ReceiverID, kind: PaymentActorKind, simulation: Simulation, network: Network, books: WorldBooks,
         addresses: PaymentAddresses) {
        self.id = id
        self.kind = kind
        self.lane = simulation.makeLane()
        self.simulation = simulation
        self.network = network
        self.books = books
        self.addresses = addresses
        mislabelsAttempts = books.configuration.defects.contains(.acquirerMislabelsAttempt)
        intake = Intake(simulation: simulation,
                        configuration: books.configuration.stations.acquirer, outages: books.configuration.outages,
                        kind: kind, random: simulation.random.split(),
                        slowdowns: books.configuration.slowdowns)
    }

    public func handle(_ event: SimulationEvent) {
        guard intake.take(event, to: id, counters: &books.counters) else { return }
        let kind = event.kind & ~PaymentMessage.servedFlag
        switch PaymentMessage(rawValue: kind) {
        case .authorizationRequest, .inquiryRequest, .reversalRequest:
            network.send(from: id, to: addresses[.network], kind: kind, subject: event.subject, argument: event.argument)
        case .authorizationResponse, .inquiryResponse, .reversalResponse:
            var argument = event.argument
            if mislabelsAttempts && kind == PaymentMessage.authorizationResponse.rawValue {
                argument = Packed.attempt(Packed.attempt(of: argument) + 1, code: Packed.code(of: argument))
            }
            network.send(from: id, to: addresses[.gateway], kind: kind, subject: event.subject, argument: argument)
        default:
            preconditionFailure("\(traceName) got unexpected \(PaymentMessage.name(event.kind))")
        }
    }
}
