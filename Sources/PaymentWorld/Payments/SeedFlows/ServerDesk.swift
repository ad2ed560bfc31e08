import SimulationKernel

/// What every seed-system server shares: where the others are, its intake (capacity, outages,
/// slowdowns), its random stream, and how it answers the device, so each actor is a thin shell
/// over its lifecycles. A class owned by one actor, not a struct: calling into a struct held by
/// an actor copied it, and every reference inside, on each message.
final class ServerDesk {
    let context: PaymentsContext
    let id: ReceiverID
    let kind: PaymentActorKind
    /// The actor's front door when the scenario gives it a station (`hasStation`), a placeholder
    /// never used otherwise. Not an optional: mutating an optional's payload through `intake!`
    /// copied the whole intake, and retained everything in it, twice per message.
    @exclusivity(unchecked) private var intake: Intake
    private let hasStation: Bool
    @exclusivity(unchecked) var random: SimRandom
    /// The actor's own counters and the (state, event) pairs its lifecycles reached.
    @exclusivity(unchecked) var counters = PaymentCounters()
    @exclusivity(unchecked) var coverage = StateCoverage()

    init(kind: PaymentActorKind, context: PaymentsContext) {
        self.context = context
        self.kind = kind
        id = context.addresses[kind]
        let configuration = context.configuration
        seed = configuration.seed
        if let station = configuration.stations.configuration(for: kind) {
            intake = Intake(context, kind: kind, station: station)
            hasStation = true
        } else {
            // No split of the run's random stream here, so the streams of the actors built after
            // this one are the same with or without its station.
            intake = Intake(simulation: context.simulation,
                            configuration: StationConfiguration(servers: 1, service: .constant(.zero)), outages: [],
                            kind: kind, random: SimRandom(seed: 0))
            hasStation = false
        }
        random = context.splitRandom()
    }

    /// Kept apart from `context.configuration`, so reading a rate does not copy the whole configuration.
    let seed: SeedBehaviour
    var now: SimTime { context.now }

    /// Takes a message through the intake. Returns it (without the served flag) once a server
    /// has finished it, or nil while it waits, or when it was lost to an outage or a full queue.
    func serve(_ event: SimulationEvent) -> SimulationEvent? {
        guard hasStation else { return event }
        guard intake.take(event, to: id, counters: &counters) else { return nil }
        var served = event
        served.kind &= ~PaymentMessage.servedFlag
        return served
    }

    var station: ServiceStation? { hasStation ? intake.station : nil }

    /// Settles a call the server has seen before (G-4): the same call again gets the same answer;
    /// a copy older than the last call answered is dropped. True when nothing more is to be done.
    func settledEarlier(_ last: LastAnswer, _ step: SeedStep, attempt: Int, payment: LifecycleID) -> Bool {
        if last.repeats(step, attempt: attempt) {
            counters.duplicatesDeduped &+= 1
            // The same answer again: not a new call, so `stepAnswers` does not count it.
            send(answer: last.answer, to: step, of: payment, call: attempt, payload: last.payload)
            return true
        }
        if last.isOutdated(attempt) {
            counters.duplicatesDeduped &+= 1
            return true
        }
        return false
    }

    /// One SDK call from start to end, for a server that answers every step at once: a copy from
    /// a reused slot is dropped, a repeated or outdated call settled, a new one served once, and
    /// its answer remembered and sent.
    @inline(__always)
    func answerStep<Record: AnsweringRecord>(_ request: StepRequest, records: inout SlotTable<Record>,
                                             serve: (SeedStep, _ payload: UInt64, _ payment: LifecycleID, inout Record) -> StepAnswer) {
        guard let step = request.step else {
            preconditionFailure("\(kind) got unexpected \(PaymentMessage.name(PaymentMessage.stepRequest.rawValue))")
        }
        let payment = request.lifecycle
        guard var record = records.open(payment) else {
            counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        let attempt = request.call
        if settledEarlier(record.last, step, attempt: attempt, payment: payment) { return }
        let answer = serve(step, request.payload, payment, &record)
        record.last = LastAnswer(step: step, attempt: attempt, answer: answer, payload: record.replyPayload)
        records[payment] = record
        self.answer(payment, step, answer, call: attempt, payload: record.replyPayload)
    }

    /// Answers a call the server has just served, and counts the answer.
    func answer(_ payment: LifecycleID, _ step: SeedStep, _ answer: StepAnswer, call: Int, payload: UInt64 = 0) {
        counters.stepAnswers.count(step, answer)
        send(answer: answer, to: step, of: payment, call: call, payload: payload)
    }

    private func send(answer: StepAnswer, to step: SeedStep, of payment: LifecycleID, call: Int, payload: UInt64) {
        context.send(from: id, to: context.addresses[.device], DeviceMessage.stepAnswer(payment, StepReply(step, answer, call: call, payload: payload)))
    }

    func send(_ message: PaymentMessage, to kind: PaymentActorKind, _ payment: LifecycleID, argument: UInt64 = 0) {
        send(message, to: kind, payment.rawValue, argument: argument)
    }

    /// Sends about a subject by its raw id: the directory server relays gateway payments.
    func send(_ message: PaymentMessage, to kind: PaymentActorKind, _ subject: UInt64, argument: UInt64 = 0) {
        context.send(from: id, to: context.addresses[kind], kind: message.rawValue, subject: subject,
                             argument: argument)
    }

    /// One step of a lifecycle (`PaymentsContext.step`): the effects to perform, or nil when the
    /// table rejected the event and the state is as it was.
    func step<State: CoverableLifecycle>(_ state: inout State, _ event: State.Event, of lifecycle: LifecycleID)
        -> [State.Effect]? {
        context.step(&state, event, of: .lifecycle(lifecycle), coverage: &coverage)
    }

    func observe(_ event: WorldEvent) { context.observe(event) }

    /// Whether a table would take `event` in `state`, asked without changing or reporting anything:
    /// a server refuses a request its entity's state does not allow (another lifecycle changed the
    /// entity first) rather than offering the table an event it must reject.
    func wouldAccept<State: LifecycleState>(_ state: State, _ event: State.Event) -> Bool {
        (try? state.applying(event)) != nil
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
    subscript(payment: LifecycleID) -> Record? {
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
    mutating func open(_ payment: LifecycleID) -> Record? {
        if let record = self[payment] { return record }
        if payment.slot < records.count, generations[payment.slot] > payment.generation { return nil }
        self[payment] = empty
        return empty
    }
}

/// A server's per-lifecycle record, which remembers the last call it answered.
protocol AnsweringRecord {
    var last: LastAnswer { get set }
    /// What the answer now being given carries besides its code (a card's name, a delivery time).
    var replyPayload: UInt64 { get }
}

extension AnsweringRecord {
    var replyPayload: UInt64 { 0 }
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
