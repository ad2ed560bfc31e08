import SimulationKernel

/// The scheme's 3-D Secure directory server (domain §2.1, LC-06 v2), run inside the card
/// network: routes the 3DS server's AReq to the ACS of the card's BIN range, and relays the
/// ACS's ARes and RReq back. It keeps no per-payment state: a duplicate passes through and the
/// gateway dedupes it, as a real 3DS server must.
///
/// Having its own station puts the scheme's 3-D Secure capacity, outages and links in the
/// scenario's hands: a directory server that is down fails every authentication at once, the
/// scheme-wide failure that one issuer's slow ACS cannot produce.
public actor DirectoryServer: PaymentsActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private unowned(unsafe) let simulation: Simulation
    private let network: Network
    private let books: WorldBooks
    private let addresses: PaymentAddresses
    private var intake: Intake
    var stationSnapshot: ServiceStation { intake.station }
    /// The ACS for each BIN range (indexed like `configuration.cards.bins`); nil for a range none
    /// of whose cards take part in 3-D Secure.
    private let acsByRange: [ReceiverID?]
    /// AReqs for a range without an ACS, answered U (the DS's `Erro`).
    private(set) var unroutable = 0

    nonisolated public var traceName: String { "directory_server" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = simulation
        self.network = network
        self.books = books
        self.addresses = addresses
        acsByRange = Self.routes(books.configuration.cards, acs: addresses[.acs])
        intake = Intake(configuration: books.configuration.stations.directoryServer, outages: books.configuration.outages,
                        kind: .directoryServer, random: simulation.random.split(),
                        slowdowns: books.configuration.slowdowns)
    }

    /// The BIN→ACS map: the world has one ACS, so every range with enrolled cards routes to it.
    static func routes(_ cards: CardPopulation, acs: ReceiverID) -> [ReceiverID?] {
        guard !cards.bins.isEmpty else { return [cards.threeDSecureEnrolled.numerator == 0 ? nil : acs] }
        return cards.bins.map { ($0.threeDSecureEnrolled ?? cards.threeDSecureEnrolled).numerator == 0 ? nil : acs }
    }

    public func handle(_ event: SimulationEvent) {
        guard intake.take(event, simulation: simulation, to: id, counters: &books.counters) else { return }
        let kind = event.kind & ~PaymentMessage.servedFlag
        switch PaymentMessage(rawValue: kind) {
        case .authenticationRequest:
            let range = books.cards[Int(books.gatewayPayments[event.subject.slot].card)].bin
            guard range < acsByRange.count, let acs = acsByRange[range] else {
                unroutable &+= 1
                network.send(from: id, to: addresses[.gateway], kind: PaymentMessage.authenticationResult.rawValue,
                             subject: event.subject, argument: WireTransStatus.encode(.unavailable))
                return
            }
            network.send(from: id, to: acs, kind: kind, subject: event.subject, argument: event.argument)
        case .authenticationResult:
            network.send(from: id, to: addresses[.gateway], kind: kind, subject: event.subject, argument: event.argument)
        default:
            preconditionFailure("directory server got unexpected \(PaymentMessage.name(event.kind))")
        }
    }
}
