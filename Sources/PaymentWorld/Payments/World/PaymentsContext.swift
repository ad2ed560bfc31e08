import SimulationKernel

/// What every payments actor is built with: the simulation it runs in, the network it talks
/// over, where the other actors are, the run's configuration, and the world's shared components
/// (the ledger, the observer that checks the invariants, the card file, the bodies of
/// requests).
///
/// `@unchecked Sendable` because the components are classes without locks: a simulation runs on
/// one thread, and every actor of the world is bound to that simulation's executor, so nothing in
/// the context is ever touched from two threads. This is the world's one such promise.
struct PaymentsContext: @unchecked Sendable {
    let simulation: SimulationHandle
    let network: Network
    let addresses: PaymentAddresses
    let configuration: PaymentsConfiguration
    let ledger: WorldLedger
    let observer: WorldObserver
    let cards: CardFile
    let bodies: RequestBodies

    /// A lane of its own for an actor: its executor identity in per-actor lane mode.
    func makeLane() -> SimulationLane { simulation.with { $0.makeLane() } }

    /// A random stream of its own, split off the run's root: actors split in the order the world
    /// builds them, so each gets the same stream in every run of the seed.
    func splitRandom() -> SimRandom { simulation.with { $0.random.split() } }

    /// Reports a fact to the invariant monitors.
    func observe(_ event: WorldEvent) { observer.observe(event) }

    /// Posts transfers for `subject`; G-1 sees every batch. False when the ledger refused them.
    @discardableResult
    func post<Transfers: RandomAccessCollection<Transfer>>(_ transfers: Transfers, for subject: WorldSubject) -> Bool
    where Transfers.Index == Int {
        let refusal = ledger.post(transfers)
        observer.observe(.transfersPosted(subject: subject, refusal: refusal))
        return refusal == nil
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
    nonisolated public var traceName: String { kind.description }
}

/// Where each actor of a payments world is, fixed before any is built, by name.
struct PaymentAddresses: Sendable {
    private var ids: [ReceiverID]  // Indexed by PaymentActorKind.rawValue.

    /// An address for every kind of actor, reserved in the order of `PaymentActorKind.allCases`.
    init(reserving reserve: () -> ReceiverID) { ids = PaymentActorKind.allCases.map { _ in reserve() } }

    subscript(kind: PaymentActorKind) -> ReceiverID { ids[kind.rawValue] }

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
            observer.observe(.transitionOffered(subject, illegal: nil))
            return transition.effects
        } catch {
            coverage.record(state, event, legal: false)
            observer.observe(.transitionOffered(subject, illegal: error))
            return nil
        }
    }
}
