import SimulationKernel

/// The card network (domain §2.1): routes by BIN to the issuer and back to the acquirer that
/// asked, and stands in for an issuer that does not answer in time (STIP): it approves up to
/// its limit on the issuer's behalf and advises the issuer, which books the stand-in once.
public actor PaymentNetwork: PaymentsActor {
    /// One authorization attempt in transit through the network.
    struct Transit {
        var payment: UInt64 = 0
        var attempt = -1
        var answered = false
        /// The gateway asked about it or reversed it: too late to stand in.
        var settling = false
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private unowned(unsafe) let simulation: Simulation
    private let network: Network
    private let books: WorldBooks
    private let addresses: PaymentAddresses
    private let configuration: PaymentsConfiguration
    private var intake: Intake
    var stationSnapshot: ServiceStation { intake.station }
    /// Per gateway payment slot and attempt (0 primary, 1 backup), flat: slot × 2 + attempt.
    private var transits: [Transit] = []

    nonisolated public var traceName: String { "network" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = simulation
        self.network = network
        self.books = books
        self.addresses = addresses
        self.configuration = books.configuration
        intake = Intake(simulation: simulation,
                        configuration: books.configuration.stations.network, outages: books.configuration.outages,
                        kind: .network, random: simulation.random.split(),
                        slowdowns: books.configuration.slowdowns)
    }

    public func handle(_ event: SimulationEvent) {
        if event.kind == PaymentMessage.standInDue.rawValue {
            standIn(event.subject, attempt: Packed.attempt(of: event.argument))
            return
        }
        guard intake.take(event, to: id, counters: &books.counters) else { return }
        let kind = event.kind & ~PaymentMessage.servedFlag
        let attempt = Packed.attempt(of: event.argument)
        switch PaymentMessage(rawValue: kind) {
        case .authorizationRequest:
            track(event.subject, attempt: attempt)
            network.send(from: id, to: addresses[.issuer], kind: kind, subject: event.subject, argument: event.argument)
            if configuration.policies.standIn {
                simulation.schedule(after: configuration.timeouts.issuerStandIn, to: id,
                                    kind: PaymentMessage.standInDue.rawValue, subject: event.subject, argument: event.argument)
            }
        case .inquiryRequest, .reversalRequest:
            // The gateway is settling this attempt: a stand-in now would approve an attempt it may
            // already count as failed and have cascaded past (a double approval: swarm seed 280).
            if transit(event.subject, attempt: attempt) != nil { transits[Self.index(event.subject, attempt)].settling = true }
            network.send(from: id, to: addresses[.issuer], kind: kind, subject: event.subject, argument: event.argument)
        case .authorizationResponse:
            guard let transit = transit(event.subject, attempt: attempt), !transit.answered else {
                books.counters.duplicatesDeduped &+= 1  // Already answered, by the issuer or by stand-in.
                return
            }
            transits[Self.index(event.subject, attempt)].answered = true
            network.send(from: id, to: addresses.acquirer(attempt: attempt), kind: kind, subject: event.subject,
                         argument: event.argument)
        case .inquiryResponse, .reversalResponse:
            network.send(from: id, to: addresses.acquirer(attempt: attempt), kind: kind, subject: event.subject,
                         argument: event.argument)
        default:
            preconditionFailure("network got unexpected \(PaymentMessage.name(event.kind))")
        }
    }

    /// A stand-in timer for an attempt already answered, being settled, or forgotten.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        event.kind == PaymentMessage.standInDue.rawValue
            && !standInIsLive(event.subject, attempt: Packed.attempt(of: event.argument))
    }

    /// The attempt is still in transit, unanswered and not being settled: a stand-in may still help.
    private func standInIsLive(_ payment: UInt64, attempt: Int) -> Bool {
        transit(payment, attempt: attempt).map { !$0.answered && !$0.settling } ?? false
    }

    /// Where an attempt's transit sits in `transits`.
    private static func index(_ payment: UInt64, _ attempt: Int) -> Int { payment.slot * 2 + attempt }

    private func track(_ payment: UInt64, attempt: Int) {
        while transits.count <= Self.index(payment, 1) { transits.append(Transit()) }
        guard attempt < 2, transits[Self.index(payment, attempt)].payment != payment else { return }  // A duplicate request.
        transits[Self.index(payment, attempt)] = Transit(payment: payment, attempt: attempt)
    }

    private func transit(_ payment: UInt64, attempt: Int) -> Transit? {
        guard attempt < 2, Self.index(payment, attempt) < transits.count,
              transits[Self.index(payment, attempt)].payment == payment else { return nil }
        return transits[Self.index(payment, attempt)]
    }

    /// The issuer did not answer in time: approve within the limit on its behalf (STIP).
    private func standIn(_ payment: UInt64, attempt: Int) {
        guard standInIsLive(payment, attempt: attempt) else { return }
        let amount = books.gatewayPayments[payment.slot].amount
        guard amount <= configuration.policies.standInLimit else { return }  // Above the limit: let the gateway time out.
        transits[Self.index(payment, attempt)].answered = true
        // Advices are store-and-forward, so they are never lost: a direct delivery, ahead of the approval.
        simulation.schedule(after: .milliseconds(1), to: addresses[.issuer], kind: PaymentMessage.standInAdvice.rawValue,
                            subject: payment, argument: Packed.attempt(attempt))
        network.send(from: id, to: addresses.acquirer(attempt: attempt), kind: PaymentMessage.authorizationResponse.rawValue,
                     subject: payment, argument: Packed.attempt(attempt, code: IssuerAnswer.standInApproved.rawValue))
    }
}
