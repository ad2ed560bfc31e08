import SimulationKernel

/// An actor of the payments world: it runs on its lane and names its events as `PaymentMessage`s.
protocol PaymentsActor: SimulationActor {}

extension PaymentsActor {
    nonisolated public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
    nonisolated public func eventName(_ kind: UInt32) -> String { PaymentMessage.name(kind) }
}

/// What every seed-system server shares: where the others are, its intake (capacity, outages,
/// slowdowns), its random stream, and how it answers the device, so each actor is a thin shell
/// over its lifecycles. A class owned by one actor, not a struct: calling into a struct held by
/// an actor copied it, and every reference inside, on each message.
final class ServerDesk {
    unowned(unsafe) let simulation: Simulation
    let network: Network
    let books: WorldBooks
    let addresses: PaymentAddresses
    let id: ReceiverID
    let kind: PaymentActorKind
    /// The actor's front door when the scenario gives it a station (`hasStation`), a placeholder
    /// never used otherwise. Not an optional: mutating an optional's payload through `intake!`
    /// copied the whole intake, and retained everything in it, twice per message.
    private var intake: Intake
    private let hasStation: Bool
    var random: SimRandom

    init(kind: PaymentActorKind, id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks,
         addresses: PaymentAddresses) {
        self.simulation = simulation
        self.network = network
        self.books = books
        self.addresses = addresses
        self.id = id
        self.kind = kind
        let configuration = books.configuration
        seed = configuration.seed
        defects = configuration.defects
        if let station = configuration.stations.configuration(for: kind) {
            intake = Intake(simulation: simulation,
                            configuration: station, outages: configuration.outages, kind: kind,
                            random: simulation.random.split(), slowdowns: configuration.slowdowns)
            hasStation = true
        } else {
            // No split of the run's random stream here, so the streams of the actors built after
            // this one are the same with or without its station.
            intake = Intake(simulation: simulation,
                            configuration: StationConfiguration(servers: 1, service: .constant(.zero)), outages: [],
                            kind: kind, random: SimRandom(seed: 0))
            hasStation = false
        }
        random = simulation.random.split()
    }

    /// Kept apart from `books.configuration`, so reading a rate does not copy the whole configuration.
    let seed: SeedBehaviour
    let defects: Set<PlantedDefect>
    var now: SimTime { simulation.now }

    /// Takes a message through the intake. Returns it (without the served flag) once a server
    /// has finished it, or nil while it waits, or when it was lost to an outage or a full queue.
    func serve(_ event: SimulationEvent) -> SimulationEvent? {
        guard hasStation else { return event }
        guard intake.take(event, to: id, counters: &books.counters) else { return nil }
        var served = event
        served.kind &= ~PaymentMessage.servedFlag
        return served
    }

    var station: ServiceStation? { hasStation ? intake.station : nil }

    /// Settles a call the server has seen before (G-4): the same call again gets the same answer;
    /// a copy older than the last call answered is dropped. True when nothing more is to be done.
    func settledEarlier(_ last: LastAnswer, _ step: SeedStep, attempt: Int, payment: UInt64) -> Bool {
        if last.repeats(step, attempt: attempt) {
            books.counters.duplicatesDeduped &+= 1
            answer(payment, step, last.answer, call: attempt, payload: last.payload)
            return true
        }
        if last.isOutdated(attempt) {
            books.counters.duplicatesDeduped &+= 1
            return true
        }
        return false
    }

    /// One SDK call from start to end, for a server that answers every step at once: a copy from
    /// a reused slot is dropped, a repeated or outdated call settled, a new one served once, and
    /// its answer remembered and sent.
    func answerStep<Record: AnsweringRecord>(_ event: SimulationEvent, records: inout SlotTable<Record>,
                                             serve: (SeedStep, _ payload: UInt64, _ payment: UInt64, inout Record) -> StepAnswer) {
        guard event.kind == PaymentMessage.stepRequest.rawValue, let step = StepWire.step(of: event.argument) else {
            preconditionFailure("\(kind) got unexpected \(PaymentMessage.name(event.kind))")
        }
        let payment = event.subject
        guard var record = records.open(payment) else {
            books.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        let attempt = StepWire.attempt(of: event.argument)
        if settledEarlier(record.last, step, attempt: attempt, payment: payment) { return }
        let answer = serve(step, StepWire.payload(of: event.argument), payment, &record)
        record.last = LastAnswer(step: step, attempt: attempt, answer: answer)
        records[payment] = record
        self.answer(payment, step, answer, call: attempt)
    }

    func answer(_ payment: UInt64, _ step: SeedStep, _ answer: StepAnswer, call: Int, payload: UInt64 = 0) {
        network.send(from: id, to: addresses[.device], kind: PaymentMessage.stepAnswer.rawValue, subject: payment,
                     argument: StepWire.answer(step, answer, call: call, payload: payload))
    }

    func send(_ message: PaymentMessage, to kind: PaymentActorKind, _ payment: UInt64, argument: UInt64 = 0) {
        network.send(from: id, to: addresses[kind], kind: message.rawValue, subject: payment, argument: argument)
    }

    /// Applies a lifecycle event; an illegal one is reported (G-6) and leaves the state as it was.
    func apply<State: CoverableLifecycle>(_ state: inout State, _ event: State.Event, payment: UInt64) -> [State.Effect]? {
        do {
            let transition = try state.applying(event)
            books.coverage.record(state, event, legal: true)
            state = transition.next
            return transition.effects
        } catch {
            books.coverage.record(state, event, legal: false)
            books.observe(.illegalTransition(payment: payment, description: "\(error)"))
            return nil
        }
    }
}

/// Per-lifecycle records in a dense array indexed by slot; the generation in the lifecycle id
/// tells a live record from a slot's earlier tenant.
struct SlotTable<Record> {
    private var generations: [UInt32] = []
    private var records: [Record] = []
    private let empty: Record

    init(empty: Record) { self.empty = empty }

    /// The record of a lifecycle, if this server has seen it.
    subscript(payment: UInt64) -> Record? {
        get {
            guard payment.slot < records.count, generations[payment.slot] == payment.generation else { return nil }
            return records[payment.slot]
        }
        set {
            while records.count <= payment.slot {
                records.append(empty)
                generations.append(0)
            }
            generations[payment.slot] = payment.generation
            records[payment.slot] = newValue ?? empty
        }
    }

    /// The record of a lifecycle, created fresh when the slot holds an earlier one; nil for a
    /// late message of a lifecycle that has since given its slot to a newer one, which must not
    /// touch the newer one's record.
    mutating func open(_ payment: UInt64) -> Record? {
        if let record = self[payment] { return record }
        if payment.slot < records.count, generations[payment.slot] > payment.generation { return nil }
        self[payment] = empty
        return empty
    }
}

/// A server's per-lifecycle record, which remembers the last call it answered.
protocol AnsweringRecord {
    var last: LastAnswer { get set }
}

/// What a server remembers of the last call it answered, so that a repeated call (the app's
/// retry, or a duplicate on the wire) gets the same answer and no second effect (G-4).
struct LastAnswer: Hashable {
    var step: SeedStep?
    var attempt = -1
    var answer = StepAnswer.ok
    var payload: UInt64 = 0

    func repeats(_ step: SeedStep, attempt: Int) -> Bool { self.step == step && self.attempt == attempt }

    /// A copy of a call older than the last one answered (a duplicate on the wire that arrived
    /// late): it must have no effect at all.
    func isOutdated(_ attempt: Int) -> Bool { attempt < self.attempt }
}
