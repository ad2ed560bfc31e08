import SimulationKernel

/// The issuer's 3-D Secure access control server (domain §2.1, LC-06 v2): answers an AReq
/// frictionless (Y, or N for a card it refuses) or with a challenge (C), runs the challenge with
/// the cardholder's device, and sends the final result (RReq) to the gateway. AReqs come, and
/// ARes and RReq go, through the scheme's directory server.
public actor ACSServer: PaymentsActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private unowned(unsafe) let simulation: Simulation
    private let network: Network
    private let books: WorldBooks
    private let addresses: PaymentAddresses
    private let configuration: PaymentsConfiguration
    private var intake: Intake
    var stationSnapshot: ServiceStation { intake.station }
    private var random: SimRandom
    /// Challenges in progress: gateway payment id per slot, looked up by the device's answer.
    private var challenges: [UInt64] = []

    nonisolated public var traceName: String { "acs" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = simulation
        self.network = network
        self.books = books
        self.addresses = addresses
        self.configuration = books.configuration
        intake = Intake(simulation: simulation,
                        configuration: books.configuration.stations.acs, outages: books.configuration.outages,
                        kind: .acs, random: simulation.random.split(),
                        slowdowns: books.configuration.slowdowns, operations: books.configuration.stations.operations)
        random = simulation.random.split()
    }

    public func handle(_ event: SimulationEvent) {
        guard intake.take(event, to: id, counters: &books.counters) else { return }
        switch PaymentMessage(rawValue: event.kind & ~PaymentMessage.servedFlag) {
        case .authenticationRequest: authenticate(event.subject)
        case .challengeResponse: challengeAnswered(order: event.subject, passed: event.argument == 1)
        default: preconditionFailure("acs got unexpected \(PaymentMessage.name(event.kind))")
        }
    }

    private func authenticate(_ payment: UInt64) {
        let facts = books.gatewayPayments[payment.slot]
        guard books.cards[Int(facts.card)].usable else {
            result(payment, .notAuthenticated)  // The ACS refuses a card its issuer would not use.
            return
        }
        guard random.chance(configuration.behaviour.challengeRatio) else {
            books.counters.frictionless &+= 1
            result(payment, .authenticated)
            return
        }
        // ARes(C): the gateway keeps waiting; the cardholder gets the challenge on their device.
        let order = facts.order
        while challenges.count <= order.slot { challenges.append(0) }
        challenges[order.slot] = payment
        result(payment, .challengeRequired)
        network.send(from: id, to: addresses[.device], kind: PaymentMessage.challengeRequest.rawValue, subject: order)
    }

    private func challengeAnswered(order: UInt64, passed: Bool) {
        guard order.slot < challenges.count, challenges[order.slot] != 0 else {
            books.counters.duplicatesDeduped &+= 1
            return
        }
        let payment = challenges[order.slot]
        challenges[order.slot] = 0
        result(payment, passed ? .authenticated : .notAuthenticated)  // RReq with the final transStatus (3DS-2).
    }

    private func result(_ payment: UInt64, _ status: TransStatus) {
        let wire = status == .challengeRequired ? UInt64(99) : WireTransStatus.encode(status)
        network.send(from: id, to: addresses[.directoryServer], kind: PaymentMessage.authenticationResult.rawValue,
                     subject: payment, argument: wire)
    }
}
