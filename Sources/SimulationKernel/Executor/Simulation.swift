#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One run of a model: the event queue, virtual time, the scheduler, the trace and the random
/// root. It runs on one OS thread without locks; several simulations run on several threads and
/// share nothing (../shared/design.md §3.1).
///
/// Two kinds of work run on it. Events (message deliveries, timers) go to `EventReceiver`s'
/// synchronous handlers: no task, job or allocation per event. Tasks started with `spawn` and
/// actors bound to a `SimulationLane` run as jobs on the same thread, interleaved with the
/// events by the strategy.
///
/// ```swift
/// let simulation = Simulation(options: .init(seed: 42))
/// simulation.spawn {
///     try? await simulation.clock.sleep(for: .milliseconds(5))
///     // now == 5 ms of virtual time
/// }
/// let end = simulation.run()   // .idle, after 5 virtual ms and no wall time to speak of
/// ```
///
/// Unchecked `Sendable`, and safe for one reason that every kernel type marked so shares: a
/// simulation is used from one thread at a time. `run` and `inspect` make the calling thread its
/// owner, and the event loop, its actors' jobs and its `spawn`ed tasks all run there, so its
/// state needs no lock. The one way in from another thread, a job enqueued there, goes through
/// a `Mutex` and an `Atomic` (`enqueue`); strict mode counts it as an escape. Being `Sendable`
/// lets a program build a simulation on one thread and run it on another.
public final class Simulation: @unchecked Sendable {
    /// Everything that fixes a run besides the model's own code: the same options give the same
    /// steps, the same trace and the same trace hash.
    public struct Options: Sendable, Hashable {
        /// The root of every random choice in the run: the model's streams and the scheduler's.
        public var seed: UInt64
        /// How the steps due at one instant are ordered.
        public var strategy: SchedulingStrategy
        /// Whether every actor gets its own lane, making each actor hop a scheduling point, or all
        /// share one.
        public var lanes: LaneMode
        /// Fail the run at the first escape (a job enqueued from another thread or on the global
        /// executor) instead of only counting it.
        public var strict: Bool
        /// How many of the last trace records the run keeps (``Trace/recent``) for failure reports.
        public var traceRingCapacity: Int
        /// Up to this much extra delay on every network delivery, chosen by the scheduler, not the
        /// model: with it, the strategy also decides message races (which of two messages in
        /// flight lands first), so one seed's workload can be explored under many schedules. Each
        /// strategy chooses its own way (``Simulation/deliveryJitter(to:)``), so fifo, random and
        /// pct explore different races of the same workload. Zero (the default) leaves every
        /// delivery at the model's latency.
        public var deliveryJitter: SimDuration
        /// Drop events their receivers call stale (`EventReceiver.isStale`) before they reach the
        /// heap. Off, every event is delivered: the run is the same, its trace longer. Tests turn
        /// it off to prove exactly that.
        public var dropsStaleEvents: Bool
        /// The scheduler choices that stand (``SchedulerChoice``, by index); at every other one the
        /// run takes fifo's way. Nil, the default, keeps them all. What a shrunk schedule replays.
        public var keptChoices: [UInt64]?
        /// Log every kept choice (``Simulation/choiceLog``): for telling what a shrunk schedule did.
        public var logsChoices: Bool

        /// Options for a run of `seed`. The defaults make a plain load run: fifo, one shared lane,
        /// strict, no delivery jitter.
        public init(seed: UInt64, strategy: SchedulingStrategy = .fifo, lanes: LaneMode = .shared,
                    strict: Bool = true, traceRingCapacity: Int = 64, deliveryJitter: SimDuration = .zero,
                    dropsStaleEvents: Bool = true, keptChoices: [UInt64]? = nil, logsChoices: Bool = false) {
            self.seed = seed
            self.strategy = strategy
            self.lanes = lanes
            self.strict = strict
            self.traceRingCapacity = traceRingCapacity
            self.deliveryJitter = deliveryJitter
            self.dropsStaleEvents = dropsStaleEvents
            self.keptChoices = keptChoices
            self.logsChoices = logsChoices
        }
    }

    /// How a call to `run` ended.
    public enum End: Sendable, Hashable, CustomStringConvertible {
        /// Nothing left to do: no event pending, no job ready.
        case idle
        /// Events remain, but the next is later than the deadline; `now` is the deadline.
        case reachedDeadline
        /// `stop(_:)` was called, or strict mode caught an escape.
        case stopped(reason: String)

        /// `idle`, `reached deadline`, or `stopped: ` and the reason.
        public var description: String {
            switch self {
            case .idle: "idle"
            case .reachedDeadline: "reached deadline"
            case .stopped(let reason): "stopped: \(reason)"
            }
        }
    }

    /// The options the simulation was made with.
    public let options: Options
    /// The run's root stream. Components split their own streams off it at setup, in a fixed order.
    public var random: SimRandom
    /// The run's trace: its hash, its step count and its last records. Read it after `run`
    /// returns; a replay of the same options gives the same ``Trace/hash``.
    @exclusivity(unchecked) public internal(set) var trace: Trace

    @exclusivity(unchecked) @usableFromInline var queue = EventQueue()
    /// When a run that reached its deadline has its next event due (perhaps a timer that will
    /// prove stale): nothing happens before it. Lets a caller that reports every interval skip
    /// a long idle stretch in one step instead of one report per interval.
    @exclusivity(unchecked) public internal(set) var nextDue: SimTime?

    /// The latest instant a world runs to. `SimTime` holds 292 years; no single delay a scenario
    /// may write exceeds 100, so an event before this instant schedules nothing past the end of
    /// the clock. A world whose run reaches it stops there (heavy tails, a rate of one a century).
    public static let horizon = SimTime(nanoseconds: 150 * 365 * 86_400 * 1_000_000_000)
    @exclusivity(unchecked) @usableFromInline var currentTime = SimTime.zero
    @exclusivity(unchecked) @usableFromInline var sequence: UInt64 = 0
    @usableFromInline let strategyKind: SchedulingStrategy.Kind
    @exclusivity(unchecked) @usableFromInline var schedulerRandom: SimRandom
    /// Delivery jitter's stream: derived from the scheduler's without advancing it, so turning
    /// jitter on moves no other draw.
    @exclusivity(unchecked) @usableFromInline var jitterRandom: SimRandom
    @usableFromInline let jitterNanoseconds: UInt64
    @exclusivity(unchecked) @usableFromInline var choices: ChoiceCursor
    @usableFromInline var receivers: ContiguousArray<any EventReceiver> = [] {
        didSet { receiversRevision &+= 1 }
    }
    /// Counts changes to `receivers`, so the event loop knows when its copy is out of date.
    @exclusivity(unchecked) var receiversRevision: UInt64 = 0
    /// True while a `MessageFlowObserver` is attached: one predictable branch per scheduled event.
    @exclusivity(unchecked) @usableFromInline var observingFlows = false
    var flowObserver: MessageFlowObserver?
    @exclusivity(unchecked) @usableFromInline var receiverPriority: ContiguousArray<UInt32> = []

    var sharedLaneStorage: SimulationLane?
    var lanes: [SimulationLane] = []
    var lanePriority: [UInt32] = []
    /// The name of the context whose actor has each lane to itself (per-actor lanes), for telling
    /// whose job a scheduler choice picked.
    var laneOwners: [String?] = []
    var taskExecutorStorage: SimulationTaskExecutor?

    deinit {
        // A task that names this simulation's executor, or is isolated to an actor on one of its
        // lanes, may still be resumed from another thread.
        taskExecutorStorage?.retire(keep: capturesGlobalWork)
        for lane in lanes { lane.retire() }
    }
    @exclusivity(unchecked) var ready = ReadyQueue()
    @exclusivity(unchecked) var sleepers = SleeperTable()
    @exclusivity(unchecked) var pct: PCTState?
    /// Names taken by `makeContext`: looked up, never iterated.
    var contextNames: Set<String> = []
    /// Latency histograms recorded by name through `SimulationContext.record(latency:in:)`.
    public let metrics = SimulationMetrics()

    var ownerThread: pthread_t
    @exclusivity(unchecked) @usableFromInline var running = false
    @exclusivity(unchecked) var inspecting = false
    @exclusivity(unchecked) var driverFinished = true
    /// Set just before the event loop yields, so its re-enqueued job is held apart.
    @exclusivity(unchecked) var driverYielding = false
    @exclusivity(unchecked) var parkedDriver: UnownedJob?
    @exclusivity(unchecked) var stopReason: String?
    let foreignInbox = Mutex<[ReadyJob]>([])
    package let foreignPending = Atomic<Bool>(false)
    /// Run plain Swift concurrency on this simulation: every job that code running on the
    /// simulation's thread sends to the global executor (`Task {}`, `Task.detached`, task groups,
    /// `async let`, default actors' turns, a nonisolated async call's hop) joins the ready queue,
    /// ordered by the strategy, and every sleep on a real clock waits on the virtual clock
    /// instead. Off (the default), such a job is an escape. Set it before ``run(until:)``; it
    /// costs a run that never sends work to the global executor (a load run) nothing.
    public var capturesGlobalWork = false {
        didSet { if capturesGlobalWork { StrictMode.install() } }
    }
    /// Work that left the simulation's control, in the order noticed; in strict mode the run stops
    /// at the first.
    public internal(set) var escapes: [Escape] = []
    /// Events delivered so far, over every call to `run`; events dropped as stale are not counted.
    @exclusivity(unchecked) public internal(set) var eventsProcessed: UInt64 = 0
    /// Events scheduled after a delay that would take them past ``horizon``: dropped, never delivered.
    @exclusivity(unchecked) @usableFromInline var beyondHorizon: UInt64 = 0
    /// Events dropped because their delay took them past ``horizon``: never delivered.
    public var eventsBeyondHorizon: UInt64 { beyondHorizon }
    /// Jobs run so far, over every call to `run`: the steps of tasks and of actors on lanes.
    @exclusivity(unchecked) public internal(set) var jobsRun: UInt64 = 0
    /// Jobs that became ready so far (`ReadyJob.arrival`).
    @exclusivity(unchecked) var arrivals: UInt64 = 0
    /// PCT's entities when running plain concurrency (`entity(of:)`): their priorities, and the
    /// entity of each task seen, by the runtime's task id (looked up, never iterated).
    var entityPriority: [UInt32] = []
    var entityOfTask: [UInt64: UInt32] = [:]

    static let taskLane = UInt32.max

    /// A simulation ready for setup: make contexts, register receivers and spawn tasks, then call
    /// ``run(until:)``. The scheduler's stream is split off the seed first, so the model's streams
    /// are the same under every strategy.
    public init(options: Options) {
        self.options = options
        var root = SimRandom(seed: options.seed)
        // The scheduler's stream is split off first, so model streams do not move with strategy draws.
        schedulerRandom = root.split()
        jitterRandom = schedulerRandom.stream(for: 0x4A49_5454_4552)  // "JITTER"
        jitterNanoseconds = UInt64(max(0, options.deliveryJitter.nanoseconds))
        random = root
        trace = Trace(ringCapacity: options.traceRingCapacity)
        ownerThread = pthread_self()
        strategyKind = options.strategy.kind
        switch options.strategy {
        case .fifo, .random:
            break  // No state: fifo keeps the sequence, random draws as it goes.
        case .pct(let depth, let steps):
            precondition(depth >= 1 && steps >= 1, "pct needs depth >= 1 and steps >= 1, got \(depth), \(steps)")
            pct = PCTState(depth: depth, steps: steps, random: &schedulerRandom)
        case .delayBounded(let delays, let steps):
            precondition(delays >= 0 && steps >= 1, "delay-bounded needs delays >= 0 and steps >= 1, got \(delays), \(steps) "
                             + "(steps 0, the choices a trial makes, is counted by ScheduleExploration)")
        }
        choices = ChoiceCursor(kept: Self.standingChoices(options, random: &schedulerRandom), logging: options.logsChoices)
        receivers.append(KernelReceiver(simulation: self))
        receiverPriority.append(UInt32.max)
        taskExecutorStorage = SimulationTaskExecutor(simulation: self)
        sharedLaneStorage = SimulationLane(simulation: self, index: 0)
        lanes.append(sharedLaneStorage.unsafelyUnwrapped)
        lanePriority.append(initialPriority())
        if options.strict { StrictMode.install() }
    }

    /// The choices that stand: the options' own, and under delay-bounded scheduling only those of
    /// its drawn delays (both, when a shrunk delay-bounded run keeps some of them).
    private static func standingChoices(_ options: Options, random: inout SimRandom) -> [UInt64]? {
        guard case .delayBounded(let delays, let steps) = options.strategy else { return options.keptChoices }
        var drawn: [UInt64] = []
        for _ in 0..<min(delays, steps) {
            var index = random.int(in: 0...UInt64(steps - 1))
            while drawn.contains(index) { index = (index + 1) % UInt64(steps) }
            drawn.append(index)
        }
        guard let kept = options.keptChoices else { return drawn }
        return drawn.filter(kept.contains)
    }

    /// The current virtual time.
    @inlinable public var now: SimTime { currentTime }

    /// A clock on virtual time, for code written against `some Clock<Duration>`.
    public var clock: SimulationClock { SimulationClock(simulation: self) }

    /// The task executor ``spawn(_:)`` prefers, so that a task's nonisolated code runs on the
    /// simulation's thread too.
    public var taskExecutor: SimulationTaskExecutor { taskExecutorStorage.unsafelyUnwrapped }

    /// The lane all actors share in `.shared` mode; the event loop runs isolated to it.
    public var sharedLane: SimulationLane { sharedLaneStorage.unsafelyUnwrapped }

    /// A lane for one more actor: its own under `.perActor`, the shared one under `.shared`.
    public func makeLane() -> SimulationLane {
        guard options.lanes == .perActor else { return sharedLane }
        let lane = SimulationLane(simulation: self, index: UInt32(lanes.count))
        lanes.append(lane)
        lanePriority.append(initialPriority())
        return lane
    }

    func laneName(_ index: UInt32) -> String { index == Self.taskLane ? "task lane" : "lane \(index)" }

    /// Records that `name`'s actor runs on `lane`, unless the lane is shared.
    func noteLaneOwner(_ lane: SimulationLane, _ name: String) {
        guard lane !== sharedLaneStorage else { return }
        let index = Int(lane.index)
        if laneOwners.count <= index { laneOwners += Array(repeating: nil, count: index + 1 - laneOwners.count) }
        laneOwners[index] = name
    }

    /// Whose jobs run on the lane a job's trace record names: `wallet`, `a task`, or `lane 3`.
    func jobOwner(_ receiver: ReceiverID) -> String {
        guard let lane = JobTraceID.lane(of: receiver) else { return name(of: receiver) }
        if lane == Self.taskLane { return "a task" }
        return Int(lane) < laneOwners.count ? laneOwners[Int(lane)] ?? laneName(lane) : laneName(lane)
    }

    /// Registers a receiver; events addressed to the returned id are delivered to it.
    public func register(_ receiver: any EventReceiver) -> ReceiverID {
        let id = reserveReceiverID()
        register(receiver, as: id)
        return id
    }

    /// Reserves an id before its receiver exists, so receivers that address each other can be
    /// built knowing every address.
    public func reserveReceiverID() -> ReceiverID {
        // Ids with bit 31 set name job lanes in the trace (`JobTraceID`).
        precondition(receivers.count < Int(JobTraceID.laneMask), "too many receivers: \(receivers.count)")
        receivers.append(UnboundReceiver())
        receiverPriority.append(initialPriority())
        return ReceiverID(rawValue: UInt32(receivers.count - 1))
    }

    /// Binds a receiver to an id from `reserveReceiverID`.
    public func register(_ receiver: any EventReceiver, as id: ReceiverID) {
        let index = Int(id.rawValue)
        precondition(index > 0 && index < receivers.count && receivers[index] is UnboundReceiver,
                     "\(id) was not reserved, or is already bound to \(receivers[min(index, receivers.count - 1)].traceName)")
        receivers[index] = receiver
    }

    /// Runs `body` on the calling thread while the simulation is paused, with its actors'
    /// isolation assumable: for reading results after `run` returns, without adding steps.
    public func inspect<T>(_ body: () throws -> T) rethrows -> T {
        precondition(!running, "inspect is for a paused simulation; inside a run, actors are already isolated")
        ownerThread = pthread_self()
        inspecting = true
        defer { inspecting = false }
        return try body()
    }

    /// Sends every trace record to `sink` from now on (nil stops): for `--trace FILE`.
    public func setTraceSink(_ sink: (@Sendable (TraceRecord) -> Void)?) { trace.sink = sink }

    /// Tells `observer` of every event scheduled and delivered from now on (nil stops), so that a
    /// trace writer can join the step that sent a message to the step that received it (flow
    /// arrows in Perfetto). Observing adds no step and does not change the trace hash.
    public func setFlowObserver(_ observer: MessageFlowObserver?) {
        flowObserver = observer
        observingFlows = observer != nil
    }

    /// Schedule side of the flow observer: only events scheduled by a running step have a sender.
    @usableFromInline func noteScheduled(order: UInt64, to receiver: ReceiverID, kind: UInt32) {
        guard running, let flowObserver else { return }
        flowObserver.scheduled(order, receiver, kind)
    }

    /// The name of an event kind at a receiver, or of a job step, for traces.
    public func eventName(_ kind: UInt32, at receiver: ReceiverID) -> String {
        if kind == JobTraceID.kind && receiver.isJobLane { return "job" }
        if receiver == .kernel { return "wake" }
        let index = Int(receiver.rawValue)
        return index < receivers.count ? receivers[index].eventName(kind) : "kind\(kind)"
    }

    /// What an event's subject names at its receiver, for traces; `#N` where nobody words it.
    public func subjectName(_ kind: UInt32, _ subject: UInt64, at receiver: ReceiverID) -> String {
        let index = Int(receiver.rawValue)
        guard receiver != .kernel, !receiver.isJobLane, index < receivers.count else { return "#\(subject)" }
        return receivers[index].subjectName(kind, subject)
    }

    /// The trace name of a receiver (``EventReceiver/traceName``), or `jobs(lane N)` for the lane
    /// of a job's record: the actor column of a trace line.
    public func name(of receiver: ReceiverID) -> String {
        let index = Int(receiver.rawValue)
        if index < receivers.count { return receivers[index].traceName }
        guard let lane = JobTraceID.lane(of: receiver) else { return "\(receiver)" }
        return "jobs(\(laneName(lane)))"
    }

    /// Schedules an event at an instant no earlier than now.
    ///
    /// - Complexity: O(log n) in the number of pending events.
    @inlinable
    public func schedule(at time: SimTime, to receiver: ReceiverID, kind: UInt32,
                         subject: UInt64 = 0, argument: UInt64 = 0) {
        precondition(time >= currentTime, "event scheduled in the past: \(time) < now \(currentTime)")
        sequence &+= 1
        // The fifo key inline: it is every push of a plain run, and a call costs more than the key.
        let order = strategyKind == .fifo ? sequence : orderKey(for: receiver)
        if observingFlows { noteScheduled(order: order, to: receiver, kind: kind) }
        queue.push(SimulationEvent(time: time, order: order, receiver: receiver,
                                   kind: kind, subject: subject, argument: argument))
    }

    /// Schedules an event `delay` from now.
    ///
    /// - Precondition: `delay` is not negative.
    @inlinable
    public func schedule(after delay: SimDuration, to receiver: ReceiverID, kind: UInt32,
                         subject: UInt64 = 0, argument: UInt64 = 0) {
        precondition(delay.nanoseconds >= 0, "negative delay \(delay)")
        guard delay.nanoseconds <= Self.horizon.nanoseconds &- currentTime.nanoseconds else {
            // Due past the clock's limit, where no run goes: never delivered, like a lost message.
            // Scheduled, a heavy-tailed latency (a lognormal with sigma 10 draws 146 years) wrapped
            // the clock past Int64 and landed in the past.
            beyondHorizon &+= 1
            return
        }
        schedule(at: currentTime + delay, to: receiver, kind: kind, subject: subject, argument: argument)
    }

    /// The tie-break among events due at one instant (design §3.2). Out of line: only exploring
    /// runs come here (fifo's key is inline in `schedule`), and inlined it grew every caller of
    /// `schedule` in the load runs' event loop.
    @usableFromInline func orderKey(for receiver: ReceiverID) -> UInt64 {
        switch strategyKind {
        case .fifo: return sequence
        case .random:
            let key = schedulerRandom.next()
            return keepsChoice(.tieBreak, for: receiver) ? key : sequence
        case .pct:
            let key = PCTOrderKey.key(priority: receiverPriority[Int(receiver.rawValue)], sequence: sequence)
            return keepsChoice(.tieBreak, for: receiver) ? key : sequence
        }
    }

    /// The scheduler's extra delay for one network delivery (zero unless `deliveryJitter` is set),
    /// drawn from its jitter stream: what fifo uses for every delivery.
    @inlinable public func deliveryJitter() -> SimDuration {
        guard jitterNanoseconds > 0 else { return .zero }
        return SimDuration(nanoseconds: Int64(jitterRandom.int(in: 0...jitterNanoseconds)))
    }

    /// The strategy's extra delay for one delivery to `receiver`, within `deliveryJitter`.
    ///
    /// - fifo: a uniform draw from the jitter stream (``deliveryJitter()``).
    /// - random: a uniform draw from the scheduler's stream, which also orders ties: another
    ///   schedule of the same workload than fifo's.
    /// - pct: delay-bounded by priority: a delivery to a receiver of high priority lands early in
    ///   the window, one to a receiver of low priority late, and a receiver demoted at a change
    ///   point falls to the window's end. Messages to one receiver keep their order; messages to
    ///   different receivers race as the priorities say, so PCT's change points act on message
    ///   races too.
    ///
    /// Each delay is a scheduler choice (``SchedulerChoice``); one a shrunk schedule leaves out is
    /// zero, drawn all the same so that the choices after it keep their values.
    @inlinable public func deliveryJitter(to receiver: ReceiverID) -> SimDuration {
        jitterNanoseconds > 0 ? strategyJitter(to: receiver) : .zero
    }

    /// The delay itself, out of line: a load run without jitter never comes here.
    @usableFromInline func strategyJitter(to receiver: ReceiverID) -> SimDuration {
        let delay: SimDuration = switch strategyKind {
        case .fifo: deliveryJitter()
        case .random: SimDuration(nanoseconds: Int64(schedulerRandom.int(in: 0...jitterNanoseconds)))
        case .pct: priorityJitter(to: receiver)
        }
        return keepsChoice(.delay(delay), for: receiver) ? delay : .zero
    }

    /// PCT's delay for a delivery to `receiver`: the window times how far its priority sits below
    /// the highest a receiver can start with.
    @usableFromInline func priorityJitter(to receiver: ReceiverID) -> SimDuration {
        let index = Int(receiver.rawValue)
        guard index < receiverPriority.count, let pct else { return deliveryJitter() }
        let top = UInt64(pct.depth) + PCTState.initialPrioritySpread.upperBound + 1
        let below = top - min(UInt64(receiverPriority[index]), top)
        let fraction = Double(below) / Double(top)
        return SimDuration(nanoseconds: Int64(fraction * Double(jitterNanoseconds)))
    }

    /// Number of events scheduled and not yet delivered.
    public var pendingEvents: Int { queue.count }

    /// Events dropped unseen because their receiver called them stale (`EventReceiver.isStale`).
    public var staleEventsDropped: Int { queue.staleDropped }

    /// Stops the run after the current step; `run` returns `.stopped(reason:)`.
    public func stop(_ reason: String) {
        if stopReason == nil { stopReason = reason }
    }

    func initialPriority() -> UInt32 {
        // Initial PCT priorities sit above every change-point priority (1 ..< depth).
        guard let pct else { return 0 }
        return UInt32(pct.depth) &+ UInt32(truncatingIfNeeded: schedulerRandom.int(in: PCTState.initialPrioritySpread))
    }
}

/// Sees message flows while a full trace is written (`Simulation.setFlowObserver`). Events are
/// named by their order key, unique among pending events: `scheduled` runs during the sending
/// step (after its trace record), `delivered` right after the receiving step's trace record.
public struct MessageFlowObserver: Sendable {
    /// An event was scheduled: its order key, its receiver and its kind.
    public var scheduled: @Sendable (_ order: UInt64, _ receiver: ReceiverID, _ kind: UInt32) -> Void
    /// The event with this order key was delivered; its step is the trace's latest record.
    public var delivered: @Sendable (_ order: UInt64) -> Void
    /// The event was dropped unseen as stale (`EventReceiver.isStale`): its flow has no end.
    public var dropped: @Sendable (_ order: UInt64) -> Void

    /// An observer of scheduled and delivered events; `dropped` may be left out when no flow needs
    /// an end.
    public init(scheduled: @escaping @Sendable (UInt64, ReceiverID, UInt32) -> Void,
                delivered: @escaping @Sendable (UInt64) -> Void,
                dropped: @escaping @Sendable (UInt64) -> Void = { _ in }) {
        self.scheduled = scheduled
        self.delivered = delivered
        self.dropped = dropped
    }
}

/// Holds a reserved id until its receiver is registered; an event sent to it is a wiring bug.
final class UnboundReceiver: EventReceiver {
    func receive(_ event: SimulationEvent) {
        preconditionFailure("event \(event.kind) for a receiver id that was reserved but never registered")
    }
    var traceName: String { "unbound" }
}

/// Delivers the kernel's own events: the wake-ups of tasks sleeping on virtual time.
final class KernelReceiver: EventReceiver {
    /// Unretained: the simulation holds its receivers and outlives them.
    let simulation: SimulationHandle
    init(simulation: Simulation) { self.simulation = SimulationHandle(simulation) }
    func receive(_ event: SimulationEvent) { simulation.with { $0.wakeSleeper(event) } }
    var traceName: String { "kernel" }
}
