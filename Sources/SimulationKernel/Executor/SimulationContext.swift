/// What a user's own actor needs to run inside a simulation (../shared/design.md §4.5): a lane
/// to run on, a clock on virtual time, a random stream of its own, a trace hook, a metrics hook
/// and, if the world has a network, an address on it.
///
/// Get one from `Simulation.makeContext(name:network:)`, one per actor, and keep it in the actor.
/// Everything here is deterministic: a seed replays the same draws, sleeps, deliveries and trace.
///
/// ```swift
/// actor PaymentClient: SimulatedActor {
///     nonisolated let context: SimulationContext
///     init(context: SimulationContext) { self.context = context }
///
///     func pay() async {
///         let start = context.clock.now
///         try? await context.clock.sleep(for: .milliseconds(context.random.int(in: 5...20)))
///         context.trace("paid", subject: 7)
///         context.record(latency: start.duration(to: context.clock.now), in: "pay")
///     }
/// }
///
/// let simulation = Simulation(options: .init(seed: 42, strategy: .random, lanes: .perActor))
/// let client = PaymentClient(context: simulation.makeContext(name: "client"))
/// simulation.spawn { await client.pay() }
/// simulation.run()
/// ```
///
/// Like the rest of a simulation, a context is used on the simulation's thread only: from the
/// actor that owns it, or from tasks started with `spawn`. It is a class so that the actor's
/// random stream is one stream, however the context is passed around.
///
/// Unchecked `Sendable`, so that an actor can keep it in a `nonisolated let`: its random stream
/// changes without a lock, which is safe because every use is on the simulation's one thread
/// (`Simulation` explains the rule); the rest of it never changes after `makeContext`.
public final class SimulationContext: @unchecked Sendable {
    /// The actor's name: unique in its simulation; it names the actor in traces and picks its
    /// random stream.
    public let name: String
    /// The simulation the actor lives in.
    public let simulation: Simulation
    /// The lane the actor runs on: its own under `LaneMode.perActor`, the shared one otherwise.
    public let lane: SimulationLane
    /// The actor's address: on the network, and in the trace as the receiver of its notes.
    public let address: ReceiverID
    /// The network `transmit(to:timeout:)` crosses; nil if the context was made without one.
    public let network: Network?
    /// The actor's own random stream, derived from the run's seed and `name`: adding another
    /// actor, or more draws elsewhere, does not change it.
    @exclusivity(unchecked) public var random: SimRandom
    private let endpoint: ContextEndpoint

    init(simulation: Simulation, name: String, network: Network?) {
        self.simulation = simulation
        self.name = name
        self.network = network
        lane = simulation.makeLane()
        simulation.noteLaneOwner(lane, name)
        endpoint = ContextEndpoint(simulation: simulation, name: name)
        address = simulation.register(endpoint)
        random = simulation.random.stream(for: stableHash64(name))
    }

    /// The executor of the actor's lane: what `SimulatedActor` returns as its `unownedExecutor`.
    public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }

    /// The current virtual time.
    public var now: SimTime { simulation.now }

    /// A clock on the simulation's virtual time, for code written against `some Clock<Duration>`.
    /// Its sleeps take no wall time and are cancellable, as `Clock.sleep` promises.
    public var clock: some Clock<Duration> { SimulationClock(simulation: simulation) }

    /// Sleeps for `duration` of virtual time; not cancellable, so it does not throw.
    public func sleep(for duration: Duration) async {
        await simulation.sleep(until: simulation.now + SimulationClock.simDuration(duration))
    }

    /// Records a named event in the simulation's trace, as the actor's step at the current
    /// instant: it changes the trace hash, and trace sinks (`setTraceSink`) see it under `name`.
    ///
    /// The trace keeps the event as a 32-bit hash of `event` (FNV-1a of its UTF-8), so the same
    /// name is the same record on every run and platform; `subject` is yours, e.g. an order id.
    ///
    /// - Precondition: two different names used by one actor do not hash alike (checked).
    public func trace(_ event: String, subject: UInt64 = 0) {
        let kind = endpoint.kind(of: event)
        simulation.trace.record(TraceRecord(time: simulation.now, receiver: address, kind: kind, subject: subject))
    }

    /// Records one latency in the simulation's histogram `histogram` (`simulation.metrics`),
    /// truncated to whole nanoseconds.
    ///
    /// - Precondition: `latency` is not negative.
    public func record(latency: Duration, in histogram: String) {
        simulation.metrics.record(SimulationClock.simDuration(latency), in: histogram)
    }

    /// Sends a message from this actor to `peer` over the network and suspends until the network
    /// delivers it: after the link's latency, with its faults (loss, duplication, reordering,
    /// fault windows). Returns true when the message arrives, or false once `timeout` has passed
    /// without it (lost, or slower than the timeout).
    ///
    /// The message carries no payload: it models the time and the fate of a trip, and the
    /// caller then calls the peer actor directly, as in
    /// `guard await context.transmit(to: gateway.context.address, timeout: .seconds(1)) else { … }`.
    ///
    /// - Precondition: the context was made with a network.
    public func transmit(to peer: ReceiverID, timeout: Duration) async -> Bool {
        guard let network else {
            preconditionFailure("\(name): transmit(to:) needs a context made with makeContext(name:network:)")
        }
        return await simulation.transit(over: network, from: address, to: peer,
                                        timeout: SimulationClock.simDuration(timeout))
    }
}

/// An actor written by a user that runs in a simulation through its `SimulationContext`.
///
/// Conforming is two lines: keep the context in `nonisolated let context`, and the extension
/// below binds the actor to the context's lane, so its jobs run on the simulation's thread in the
/// order the strategy picks. (`SimulationActor` is the other kind: an actor that handles kernel
/// events synchronously; a `SimulatedActor` is ordinary async Swift.)
///
/// ```swift
/// actor Gateway: SimulatedActor {
///     nonisolated let context: SimulationContext
///     init(context: SimulationContext) { self.context = context }
///     func charge(_ amount: Int) async -> Bool {
///         await context.sleep(for: .milliseconds(30))
///         return true
///     }
/// }
/// let gateway = Gateway(context: simulation.makeContext(name: "gateway"))
/// ```
public protocol SimulatedActor: Actor {
    /// The actor's context; the actor runs on its lane.
    nonisolated var context: SimulationContext { get }
}

extension SimulatedActor {
    /// Binds the actor to its context's lane.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { context.unownedExecutor }
}

extension Simulation {
    /// A context for one user actor: a lane (its own under `.perActor`), an address, a random
    /// stream derived from the seed and `name`, and `network` if given.
    ///
    /// Call it at setup, before `run`; the order of calls decides lanes and addresses, so keep it
    /// fixed.
    ///
    /// - Precondition: `name` is not taken by another context of this simulation.
    public func makeContext(name: String, network: Network? = nil) -> SimulationContext {
        precondition(contextNames.insert(name).inserted, "makeContext: the name \(name) is taken; names pick random streams, so they must be unique")
        return SimulationContext(simulation: self, name: name, network: network)
    }

    /// Parks the calling task until a message sent now from `source` reaches `target`, or until
    /// `timeout`; the two wake-ups race on one sleeper slot, and the later one finds it empty.
    func transit(over network: Network, from source: ReceiverID, to target: ReceiverID,
                 timeout: SimDuration) async -> Bool {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
            let (slot, generation) = sleepers.reserve()
            sleepers.park(.transit(continuation), slot: slot)
            schedule(after: timeout, to: .kernel, kind: 0, subject: UInt64(slot), argument: generation)
            network.send(from: source, to: target, kind: ContextEndpoint.arrival, subject: UInt64(slot),
                         argument: generation)
        }
    }

    /// A message from `transit` arrived; a duplicate, or one after its timeout, does nothing.
    func completeTransit(_ event: SimulationEvent) {
        if case .transit(let continuation) = sleepers.take(slot: Int(event.subject), generation: event.argument) {
            continuation.resume(returning: true)
        }
    }
}

/// The receiver behind a context's address: network arrivals are delivered to it, and the trace
/// names the actor's notes through it.
final class ContextEndpoint: EventReceiver {
    /// The event kind of a `transmit` arriving; notes never use it.
    static let arrival: UInt32 = 0

    /// Unretained: the simulation holds its receivers and outlives them.
    let simulation: SimulationHandle
    let name: String
    private var noteNames: [UInt32: String] = [:]  // Looked up, never iterated.

    init(simulation: Simulation, name: String) {
        self.simulation = SimulationHandle(simulation)
        self.name = name
    }

    func receive(_ event: SimulationEvent) {
        precondition(event.kind == Self.arrival, "\(name) got an event of kind \(event.kind); only transmit arrivals are delivered here")
        simulation.with { $0.completeTransit(event) }
    }

    var traceName: String { name }

    func eventName(_ kind: UInt32) -> String {
        kind == Self.arrival ? "arrival" : noteNames[kind] ?? "note\(kind)"
    }

    /// The trace kind of the note `event`: its FNV-1a hash, off the arrival and job kinds.
    func kind(of event: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in event.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        if hash == Self.arrival || hash == JobTraceID.kind { hash = 1 }
        if let known = noteNames[hash] {
            precondition(known == event, "\(name): the trace names \(known) and \(event) hash alike; rename one")
        } else {
            noteNames[hash] = event
        }
        return hash
    }
}

/// FNV-1a over the UTF-8 of `text`: a hash that is the same on every run and platform
/// (`Hasher` is seeded per process).
func stableHash64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
}
