import SimulationKernel

/// The customer with the app and SDK (domain §2.1): starts payments per the workload mix,
/// completes 3-D Secure challenges, and measures each payment from its arrival to its result.
/// It also watches every payment's budget: one still open at its deadline breaks G-7.
public actor DeviceApp: PaymentsActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    // The simulation owns this actor: a handle, so setting a timer touches no reference count.
    let simulation: SimulationHandle
    let network: Network
    let books: WorldBooks
    let addresses: PaymentAddresses
    let configuration: PaymentsConfiguration
    var random: SimRandom
    private let arrivals: ArrivalProcess
    private let mixTotal: Double
    private var generated = 0
    private var freeSlots: [UInt32] = []
    private var done: [Bool] = []
    var cursors: [StepCursor] = []
    public private(set) var inFlight = 0
    public private(set) var completed: UInt64 = 0
    public private(set) var shed: UInt64 = 0
    /// When the last arrival was generated (nil while arrivals go on).
    public private(set) var arrivalsEnded: SimTime?

    nonisolated public var traceName: String { "device" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = SimulationHandle(simulation)
        self.network = network
        self.books = books
        self.addresses = addresses
        self.configuration = books.configuration
        self.random = simulation.random.split()
        let configuration = books.configuration
        var pipeline = PipelineConfiguration(rate: configuration.rate)
        pipeline.shape = configuration.shape
        arrivals = pipeline.arrivalProcess ?? .poisson(rate: configuration.rate)
        mixTotal = configuration.mix.reduce(0, +)
    }

    /// Argument of `lifecycleDue`: an open arrival (then the next is drawn), the start of the
    /// open process, or one closed-model customer's next payment.
    private enum Arrival: UInt64 { case open = 0, begin = 1, customer = 2 }

    nonisolated func start() {
        if case .closed(let customers, _) = configuration.shape {
            // A closed model: every customer pays at once, then again after each think time.
            for _ in 0..<max(1, customers) {
                simulation.schedule(at: .zero, to: id, kind: PaymentMessage.lifecycleDue.rawValue,
                                    argument: Arrival.customer.rawValue)
            }
            return
        }
        simulation.schedule(at: .zero, to: id, kind: PaymentMessage.lifecycleDue.rawValue, argument: Arrival.begin.rawValue)
    }

    public func handle(_ event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .lifecycleDue:
            switch Arrival(rawValue: event.argument) ?? .open {
            case .open:
                arrive()
                scheduleNext()
            case .begin: scheduleNext()
            case .customer: customerPays()
            }
        case .checkoutResponse: checkoutAnswered(event.subject, outcome: PaymentOutcome(rawValue: event.argument) ?? .failed)
        case .stepAnswer: stepAnswered(event.subject, argument: event.argument)
        case .stepTimedOut: stepTimedOut(event.subject, serial: event.argument)
        case .stepRetryDue: retryDue(event.subject, serial: event.argument)
        case .codeDelivered: codeDelivered(event.subject, code: event.argument)
        case .codeTyped: codeTyped(event.subject, code: event.argument)
        case .scaReady: scaReady(event.subject, serial: event.argument)
        case .challengeRequest: challenge(event.subject)
        case .challengeResponse:
            // The cardholder's answer, ready after their think time: it goes to the ACS.
            network.send(from: id, to: addresses[.acs], kind: event.kind, subject: event.subject, argument: event.argument)
        case .lifecycleDeadline: deadline(event.subject)
        case .checkoutTimedOut:
            // No answer yet: ask again (the merchant dedupes and repeats its answer once it has one).
            guard isCurrent(event.subject) else { return }
            network.send(from: id, to: addresses[.merchant], kind: PaymentMessage.checkoutRequest.rawValue,
                         subject: event.subject)
            simulation.schedule(after: configuration.timeouts.deviceCall, to: id, kind: event.kind, subject: event.subject)
        default: preconditionFailure("device got unexpected event \(PaymentMessage.name(event.kind))")
        }
    }

    /// Timers of finished lifecycles and of steps already answered: the guards of their handlers,
    /// which stay false once false (generations and serials only move on).
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        switch PaymentMessage(rawValue: event.kind) {
        case .lifecycleDeadline, .checkoutTimedOut:
            return !isCurrent(event.subject)
        case .stepTimedOut, .stepRetryDue, .scaReady:
            return !timerIsLive(event.subject, serial: event.argument)
        default:
            return false
        }
    }

    /// A closed-model customer starts a payment, if the run still wants one.
    private func customerPays() {
        let end = configuration.duration.map { SimTime(nanoseconds: $0.nanoseconds) } ?? SimTime(nanoseconds: .max)
        guard generated < configuration.lifecycles, simulation.now < end else {
            if arrivalsEnded == nil { arrivalsEnded = simulation.now }
            return
        }
        arrive()
    }

    private func scheduleNext() {
        let end = configuration.duration.map { SimTime(nanoseconds: $0.nanoseconds) } ?? SimTime(nanoseconds: .max)
        guard generated < configuration.lifecycles,
              let next = arrivals.nextArrival(after: simulation.now, random: &random), next < end else {
            arrivalsEnded = simulation.now
            return
        }
        simulation.schedule(at: next, to: id, kind: PaymentMessage.lifecycleDue.rawValue)
    }

    private func arrive() {
        generated += 1
        guard inFlight < configuration.maxInFlight else {
            shed &+= 1
            return
        }
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = Int(reused)
        } else {
            slot = books.payments.count
            books.payments.append(WorldBooks.PaymentFacts())
            done.append(false)
            cursors.append(StepCursor())
        }
        var facts = books.payments[slot]
        facts.generation &+= 1
        facts.flow = pickFlow()
        facts.card = UInt32(random.int(in: 0...UInt64(configuration.cards.count - 1)))
        facts.merchant = UInt32(random.int(in: 0...UInt64(configuration.merchants - 1)))
        facts.amount = Int64(random.int(in: UInt64(configuration.amounts.lowerBound)...UInt64(configuration.amounts.upperBound)))
        if facts.flow.system == .portmone {
            // P4 money: the card pays the bill plus Portmone's commission.
            facts.amount += facts.amount * Int64(configuration.seed.commission.numerator)
                / Int64(configuration.seed.commission.denominator)
        }
        facts.started = simulation.now
        facts.measured = simulation.now.nanoseconds >= configuration.warmup.nanoseconds
        let payment = UInt64(slot: slot, generation: facts.generation)
        facts.order = payment
        books.payments[slot] = facts
        done[slot] = false
        inFlight += 1
        books.flowStarted(facts.flow)
        simulation.schedule(after: configuration.timeouts.lifecycleBudget, to: id,
                            kind: PaymentMessage.lifecycleDeadline.rawValue, subject: payment)
        if facts.flow.steps.isEmpty {
            checkout(payment)
        } else {
            startSteps(payment)
        }
    }

    /// Hands the payment to the merchant for the card core.
    func checkout(_ payment: UInt64) {
        network.send(from: id, to: addresses[.merchant], kind: PaymentMessage.checkoutRequest.rawValue, subject: payment)
        simulation.schedule(after: configuration.timeouts.deviceCall, to: id,
                            kind: PaymentMessage.checkoutTimedOut.rawValue, subject: payment)
    }

    private func pickFlow() -> PaymentFlow {
        var point = random.unitInterval() * mixTotal
        for flow in PaymentFlow.allCases {
            point -= configuration.mix[flow.rawValue]
            if point < 0 { return flow }
        }
        return .sale
    }

    /// Whether a step timer (timeout, retry, SCA think time) is the one its lifecycle waits on.
    func timerIsLive(_ payment: UInt64, serial: UInt64) -> Bool {
        isCurrent(payment) && cursors[payment.slot].serial == serial
    }

    func isCurrent(_ payment: UInt64) -> Bool {
        payment.slot < done.count && books.payments[payment.slot].generation == payment.generation && !done[payment.slot]
    }

    private func checkoutAnswered(_ payment: UInt64, outcome: PaymentOutcome) {
        guard isCurrent(payment) else {
            books.counters.duplicatesDeduped &+= 1  // A duplicate or late answer for a finished payment.
            return
        }
        finish(payment, outcome: outcome, code: books.payments[payment.slot].flow.system.code(for: outcome))
    }

    func finish(_ payment: UInt64, outcome: PaymentOutcome, code: String) {
        let facts = books.payments[payment.slot]
        done[payment.slot] = true
        inFlight -= 1
        completed &+= 1
        books.lifecycleEndedInTime()
        books.flowEnded(facts.flow, outcome: outcome, code: code, latency: (simulation.now - facts.started).nanoseconds,
                        measured: facts.measured)
        freeSlots.append(UInt32(payment.slot))
        if case .closed(_, let thinkTime) = configuration.shape {
            // The customer thinks, then pays again.
            simulation.schedule(after: thinkTime.sample(&random), to: id, kind: PaymentMessage.lifecycleDue.rawValue,
                                argument: Arrival.customer.rawValue)
        }
    }

    /// The cardholder works through the ACS's challenge, then answers it.
    private func challenge(_ payment: UInt64) {
        guard isCurrent(payment) else { return }
        let passed = random.chance(configuration.behaviour.challengeSuccess)
        let think = configuration.behaviour.challengeTime.sample(&random)
        // The answer leaves after the cardholder's time; the network adds the hop on top.
        simulation.schedule(after: think, to: id, kind: PaymentMessage.challengeResponse.rawValue, subject: payment,
                            argument: passed ? 1 : 0)
    }

    private func deadline(_ payment: UInt64) {
        guard isCurrent(payment) else { return }
        let facts = books.payments[payment.slot]
        books.deadlinePassed(payment: payment, detail: "\(facts.flow) started at \(facts.started) still open after "
                             + "its budget \(configuration.timeouts.lifecycleBudget)")
    }
}
