import SimulationKernel

/// An acquirer (provider) of domain §2.1: passes the gateway's authorizations, inquiries and
/// reversals to the card network and the answers back. The primary and the backup are two
/// instances with their own capacity, so a cascade really goes elsewhere.
public actor Acquirer: SimulationActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind: PaymentActorKind
    private unowned(unsafe) let simulation: Simulation
    private let network: Network
    private let books: WorldBooks
    private let addresses: PaymentAddresses
    private var intake: Intake
    var stationSnapshot: ServiceStation { intake.station }

    nonisolated public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
    nonisolated public var traceName: String { kind.description }
    nonisolated public func eventName(_ kind: UInt32) -> String { PaymentMessage.name(kind) }

    init(id: ReceiverID, kind: PaymentActorKind, simulation: Simulation, network: Network, books: WorldBooks,
         addresses: PaymentAddresses) {
        self.id = id
        self.kind = kind
        self.lane = simulation.makeLane()
        self.simulation = simulation
        self.network = network
        self.books = books
        self.addresses = addresses
        intake = Intake(configuration: books.configuration.stations.acquirer, outages: books.configuration.outages,
                        kind: kind, random: simulation.random.split(),
                        slowdowns: books.configuration.slowdowns)
    }

    public func handle(_ event: SimulationEvent) {
        guard event.kind & PaymentMessage.servedFlag != 0 else {
            switch intake.admit(event, simulation: simulation, to: id) {
            case .queued: break
            case .lost: books.counters.droppedByOutage &+= 1
            case .rejected: books.counters.rejectedByQueue &+= 1
            }
            return
        }
        intake.finished(simulation: simulation, to: id)
        let kind = event.kind & ~PaymentMessage.servedFlag
        switch PaymentMessage(rawValue: kind) {
        case .authorizationRequest, .inquiryRequest, .reversalRequest:
            network.send(from: id, to: addresses[.network], kind: kind, subject: event.subject, argument: event.argument)
        case .authorizationResponse, .inquiryResponse, .reversalResponse:
            network.send(from: id, to: addresses[.gateway], kind: kind, subject: event.subject, argument: event.argument)
        default:
            preconditionFailure("\(traceName) got unexpected \(PaymentMessage.name(event.kind))")
        }
    }
}
