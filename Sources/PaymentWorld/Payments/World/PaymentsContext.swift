import SimulationKernel

/// What every payments actor is built with: the simulation it runs in, the network it talks
/// over, where the other actors are, the run's configuration, and the world's shared components
/// (the ledger, the observer that checks the invariants, the card file, the bodies of
/// requests).
///
/// A class, so that an actor reaching through it copies nothing: a struct this size was copied,
/// and everything in it retained, on each call of one of its methods.
///
/// `@unchecked Sendable` because the components are classes without locks: a simulation runs on
/// one thread, and every actor of the world is bound to that simulation's executor, so nothing in
/// the context is ever touched from two threads. This is the world's one such promise.
final class PaymentsContext: @unchecked Sendable {
    let simulation: SimulationHandle
    let network: Network
    let addresses: PaymentAddresses
    let configuration: PaymentsConfiguration
    let ledger: WorldLedger
    let observer: WorldObserver
    let cards: CardFile
    let bodies: RequestBodies
    /// The customers, which only the device draws from; the others learn a lifecycle's customer
    /// from its request body.
    let population: Population
    /// From the warm-up to the last arrival: what every station's figures describe. The device
    /// closes it when it makes its last arrival.
    let window: MeasurementWindow
    /// Each customer's Zipf popularity, rank 1 first: the issuer's and the card platform's income
    /// read it, so it is computed once per world, and only when income asks for it.
    private(set) lazy var customerPopularity: [Double] =
        ZipfSampler(count: configuration.customers, exponent: configuration.customerSkew).probabilities()

    init(simulation: SimulationHandle, network: Network, addresses: PaymentAddresses, configuration: PaymentsConfiguration,
         ledger: WorldLedger, observer: WorldObserver, cards: CardFile, bodies: RequestBodies, population: Population) {
        self.simulation = simulation
        self.network = network
        self.addresses = addresses
        self.configuration = configuration
        self.ledger = ledger
        self.observer = observer
        self.cards = cards
        self.bodies = bodies
        self.population = population
        window = MeasurementWindow(start: SimTime(nanoseconds: configuration.warmup.nanoseconds))
    }

    /// Sends a message over the world's network. Through the context's own method, so the network
    /// is borrowed from it for the call: reaching `context.network` from an actor retained it.
    @inline(__always)
    func send(from source: ReceiverID, to target: ReceiverID, kind: UInt32, subject: UInt64 = 0, argument: UInt64 = 0) {
        network.send(from: source, to: target, kind: kind, subject: subject, argument: argument)
    }

    /// Schedules an event (a timer, an actor's own reminder) after `delay`.
    @inline(__always)
    func schedule(after delay: SimDuration, to receiver: ReceiverID, kind: UInt32, subject: UInt64 = 0, argument: UInt64 = 0) {
        simulation.schedule(after: delay, to: receiver, kind: kind, subject: subject, argument: argument)
    }

    /// Schedules an event at `time`.
    @inline(__always)
    func schedule(at time: SimTime, to receiver: ReceiverID, kind: UInt32, subject: UInt64 = 0, argument: UInt64 = 0) {
        simulation.schedule(at: time, to: receiver, kind: kind, subject: subject, argument: argument)
    }

    /// The current virtual time.
    var now: SimTime { simulation.now }

    /// Whether the scenario planted `defect`.
    @inline(__always) func has(_ defect: PlantedDefect) -> Bool { configuration.defects.contains(defect) }

    /// A lane of its own for an actor: its executor identity in per-actor lane mode.
    func makeLane() -> SimulationLane { simulation.with { $0.makeLane() } }

    /// A random stream of its own, split off the run's root: actors split in the order the world
    /// builds them, so each gets the same stream in every run of the seed.
    func splitRandom() -> SimRandom { simulation.with { $0.random.split() } }

    /// A random stream for a newer concern of an actor, derived from the root without advancing it
    /// (`SimRandom.stream(for:)`): a choice added to the model takes its draws from here, so the
    /// streams every actor split before keep giving what they gave.
    func sideRandom(_ name: UInt64) -> SimRandom { simulation.with { $0.random.stream(for: name) } }

    /// Reports a fact to the invariant monitors.
    @inline(__always) func observe(_ event: WorldEvent) { observer.observe(event) }

    /// Posts transfers for `subject`; G-1 sees every batch. False when the ledger refused them.
    @discardableResult
    func post<Transfers: RandomAccessCollection<Transfer>>(_ transfers: Transfers, for subject: WorldSubject) -> Bool
    where Transfers.Index == Int {
        guard let refusal = ledger.post(transfers) else {
            observer.observe(.transfersPosted(subject))
            return true
        }
        observer.observe(.transfersRefused(subject, reason: observer.note("\(refusal)")))
        return false
    }
}

/// An actor of the payments world: it runs on its lane, is bound to its address by its kind, and
/// names its events as `PaymentMessage`s.
protocol PaymentsActor: SimulationActor {
    /// Which of the world's actors this is; the world binds it to the address of this name.
    nonisolated var kind: PaymentActorKind { get }
}

extension PaymentsActor {
    nonisolated public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
    nonisolated public func eventName(_ kind: UInt32) -> String { PaymentMessage.name(kind) }
    nonisolated public func subjectName(_ kind: UInt32, _ subject: UInt64) -> String {
        PaymentMessage.subjectName(kind, subject, at: self.kind)
    }
    nonisolated public var traceName: String { kind.description }
}

/// Where each actor of a payments world is, fixed before any is built, by name.
///
/// The addresses are consecutive, one per `PaymentActorKind` in order, so the book is the first
/// of them: plain data that an actor reads without touching a reference count.
struct PaymentAddresses: Sendable {
    private let first: UInt32

    /// An address for every kind of actor, reserved in the order of `PaymentActorKind.allCases`.
    init(reserving reserve: () -> ReceiverID) {
        let ids = PaymentActorKind.allCases.map { _ in reserve() }
        first = ids[0].rawValue
        for (offset, id) in ids.enumerated() {
            precondition(id.rawValue == first + UInt32(offset), "the simulation reserved addresses out of order: \(ids)")
        }
    }

    subscript(kind: PaymentActorKind) -> ReceiverID { ReceiverID(rawValue: first + UInt32(kind.rawValue)) }

    /// The first provider is reached through the primary acquirer; every backup provider of a
    /// cascade (LC-08) through the backup acquirer's connection, which keeps its own capacity.
    func acquirer(attempt: Int) -> ReceiverID { attempt == 0 ? self[.acquirer] : self[.backupAcquirer] }
}

extension PaymentsContext {
    /// One step of a lifecycle, the same for every actor: offers `event` to the state's table,
    /// counts the (state, event) pair in `coverage`, tells G-6 whether the table allowed it, and
    /// returns the effects the actor must now perform, in order. An event the table rejects leaves
    /// the state as it was and returns nil.
    func step<State: CoverableLifecycle>(_ state: inout State, _ event: State.Event, of subject: WorldSubject,
                                         coverage: inout StateCoverage) -> [State.Effect]? {
        do {
            let transition = try state.applying(event)
            coverage.record(state, event, legal: true)
            state = transition.next
            observer.observe(.transitionApplied(subject))
            return transition.effects
        } catch {
            coverage.record(state, event, legal: false)
            observer.observe(.transitionRejected(subject, illegal: observer.note("\(error)")))
            return nil
        }
    }
}
