import SimulationKernel

/// The card issuer (domain §2.1): decides authorizations against the card's status and
/// balance, places and releases holds, answers inquiries, applies reversals and books the
/// network's stand-in approvals, each exactly once per authorization id (G-4, RES-3).
public actor Issuer: PaymentsActor {
    /// What the issuer did with one authorization id (payment, attempt).
    enum Decision: Equatable {
        case none
        case approved(held: Int64)
        case declined(IssuerAnswer)
        /// Reversed or asked about before it arrived: a later arrival is refused (RES-3).
        case closed
    }

    /// One payment's decisions, for its primary and backup attempts: two fields, not an array,
    /// so a new payment in a slot allocates nothing.
    struct Book {
        var payment: UInt64 = 0
        var primary = Decision.none
        var backup = Decision.none

        subscript(attempt: Int) -> Decision {
            get { attempt == 0 ? primary : backup }
            set { if attempt == 0 { primary = newValue } else { backup = newValue } }
        }
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
    private var random: SimRandom
    private var book: [Book] = []

    nonisolated public var traceName: String { "issuer" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = simulation
        self.network = network
        self.books = books
        self.addresses = addresses
        self.configuration = books.configuration
        intake = Intake(simulation: simulation,
                        configuration: books.configuration.stations.issuer, outages: books.configuration.outages,
                        kind: .issuer, random: simulation.random.split(),
                        slowdowns: books.configuration.slowdowns, operations: books.configuration.stations.operations)
        random = simulation.random.split()
    }

    public func handle(_ event: SimulationEvent) {
        if event.kind == PaymentMessage.standInAdvice.rawValue {
            standInAdvised(event.subject, attempt: Packed.attempt(of: event.argument))
            return
        }
        guard intake.take(event, to: id, counters: &books.counters) else { return }
        let kind = event.kind & ~PaymentMessage.servedFlag
        let attempt = Packed.attempt(of: event.argument)
        switch PaymentMessage(rawValue: kind) {
        case .authorizationRequest: authorize(event.subject, attempt: attempt)
        case .inquiryRequest: inquire(event.subject, attempt: attempt)
        case .reversalRequest: reverse(event.subject, attempt: attempt)
        default: preconditionFailure("issuer got unexpected \(PaymentMessage.name(event.kind))")
        }
    }

    private func decision(_ payment: UInt64, _ attempt: Int) -> Decision {
        guard payment.slot < book.count, book[payment.slot].payment == payment, attempt < 2 else { return .none }
        return book[payment.slot][attempt]
    }

    private func record(_ payment: UInt64, _ attempt: Int, _ decision: Decision) {
        while book.count <= payment.slot { book.append(Book()) }
        if book[payment.slot].payment != payment { book[payment.slot] = Book(payment: payment) }
        book[payment.slot][attempt] = decision
    }

    private func answer(_ payment: UInt64, _ attempt: Int, _ answer: IssuerAnswer) {
        network.send(from: id, to: addresses[.network], kind: PaymentMessage.authorizationResponse.rawValue, subject: payment,
                     argument: Packed.attempt(attempt, code: answer.rawValue))
    }

    private func authorize(_ payment: UInt64, attempt: Int) {
        switch decision(payment, attempt) {
        case .approved where configuration.defects.contains(.issuerApprovesDuplicates):
            decide(payment, attempt: attempt)  // The planted bug: a duplicate is a new decision.
        case .approved:
            books.counters.duplicatesDeduped &+= 1
            answer(payment, attempt, .approved)  // A duplicate: the first answer again (G-4).
        case .declined(let earlier):
            books.counters.duplicatesDeduped &+= 1
            answer(payment, attempt, earlier)
        case .closed: answer(payment, attempt, .doNotHonor)  // Reversed or asked about before it arrived: never approved.
        case .none: decide(payment, attempt: attempt)
        }
    }

    private func decide(_ payment: UInt64, attempt: Int) {
        let facts = books.gatewayPayments[payment.slot]
        let card = books.cards[Int(facts.card)]
        let outcome: IssuerAnswer
        if !card.usable && !configuration.defects.contains(.approveUnusableCard) {
            outcome = .restrictedCard
        } else if books.available(facts.card) < facts.amount && !configuration.defects.contains(.approveOverAvailable) {
            outcome = .insufficientFunds
        } else if random.chance(configuration.behaviour.issuerSoftDecline) {
            outcome = .issuerUnavailable
        } else if random.chance(configuration.behaviour.issuerHardDecline) {
            outcome = .doNotHonor
        } else {
            outcome = .approved
        }
        if outcome == .approved {
            placeHold(payment, attempt: attempt, amount: facts.amount, standIn: false)
        } else {
            record(payment, attempt, .declined(outcome))
        }
        answer(payment, attempt, outcome)
    }

    private func placeHold(_ payment: UInt64, attempt: Int, amount: Int64, standIn: Bool) {
        let facts = books.gatewayPayments[payment.slot]
        var transfers = Ledger.authorize(card: books.cards[Int(facts.card)].accounts, amount: MinorUnits(amount),
                                         lifecycle: payment)
        if standIn || configuration.defects.contains(.approveOverAvailable) {
            transfers = transfers.allowingOverdraft()
        }
        guard books.post(transfers, payment: payment) else { return }
        record(payment, attempt, .approved(held: amount))
        books.approved(card: facts.card)
        books.observe(.holdPlaced(payment: payment, card: facts.card, amount: amount, standIn: standIn,
                                  usableCard: books.cards[Int(facts.card)].usable))
    }

    /// The network approved on our behalf: book it once, whatever we decided meanwhile.
    private func standInAdvised(_ payment: UInt64, attempt: Int) {
        switch decision(payment, attempt) {
        case .approved: return
        case .none, .declined, .closed:
            placeHold(payment, attempt: attempt, amount: books.gatewayPayments[payment.slot].amount, standIn: true)
        }
    }

    private func inquire(_ payment: UInt64, attempt: Int) {
        let current = decision(payment, attempt)
        if current == .none { record(payment, attempt, .closed) }  // Never arrived: it never will count (RES-3).
        let approved: Bool
        if case .approved = decision(payment, attempt) { approved = true } else { approved = false }
        network.send(from: id, to: addresses[.network], kind: PaymentMessage.inquiryResponse.rawValue, subject: payment,
                     argument: Packed.attempt(attempt, code: approved ? 1 : 0))
    }

    /// Applies once, by authorization id; a no-op if the original never arrived (RES-3).
    private func reverse(_ payment: UInt64, attempt: Int) {
        if case .approved(let held) = decision(payment, attempt) {
            let facts = books.gatewayPayments[payment.slot]
            // The planted bug releases one unit short while still reporting the whole hold released.
            let released = configuration.defects.contains(.reversalReleasesShort) ? held - 1 : held
            if books.post(Ledger.releaseHold(card: books.cards[Int(facts.card)].accounts, remaining: MinorUnits(released),
                                             lifecycle: payment), payment: payment) {
                books.observe(.holdReleased(payment: payment, card: facts.card, amount: held))
            }
        }
        record(payment, attempt, .closed)
        network.send(from: id, to: addresses[.network], kind: PaymentMessage.reversalResponse.rawValue, subject: payment,
                     argument: Packed.attempt(attempt))
    }
}
