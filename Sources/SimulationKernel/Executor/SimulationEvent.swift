/// Identifies a receiver registered with a simulation: an index into its dense receiver table.
public struct ReceiverID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The index in the simulation's receiver table.
    public var rawValue: UInt32
    /// The id of index `rawValue`; ids come from ``Simulation/register(_:)`` and
    /// ``Simulation/reserveReceiverID()``.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The kernel itself: resumes sleeping tasks.
    public static let kernel = ReceiverID(rawValue: 0)
    /// In the order the receivers were registered.
    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    /// `receiver#N`.
    public var description: String { "receiver#\(rawValue)" }
}

/// One scheduled step: a message delivery or a timer, due at `time`.
///
/// Events are plain values of fixed size, so the hot path allocates nothing: a receiver keeps
/// its records in dense arrays and an event names them by `subject` (for example a lifecycle
/// slot) and `argument`. The kernel gives `kind`, `subject` and `argument` no meaning.
public struct SimulationEvent: Sendable {
    /// When the event is due.
    public var time: SimTime
    /// Orders events due at the same instant, lowest first; chosen by the scheduling strategy:
    /// the scheduling sequence under `fifo`, a draw from the scheduler's stream under `random`,
    /// a `PCTOrderKey` under `pct`.
    @usableFromInline var order: UInt64
    /// Who gets it.
    public var receiver: ReceiverID
    /// What it is, in the receiver's own numbering; the kernel gives it no meaning.
    public var kind: UInt32
    /// What it is about (a record's slot, say), in the receiver's numbering.
    public var subject: UInt64
    /// One more word for the receiver, such as a generation that tells a live timer from a
    /// stale one.
    public var argument: UInt64

    @inlinable init(time: SimTime, order: UInt64, receiver: ReceiverID, kind: UInt32, subject: UInt64, argument: UInt64) {
        self.time = time
        self.order = order
        self.receiver = receiver
        self.kind = kind
        self.subject = subject
        self.argument = argument
    }

    @inlinable func runsBefore(_ other: SimulationEvent) -> Bool {
        time.nanoseconds != other.time.nanoseconds
            ? time.nanoseconds < other.time.nanoseconds : order < other.order
    }
}

/// The tie-break key of an event under `pct` (design §3.2): among events due at one instant,
/// the one whose receiver has the highest priority runs first.
///
/// Layout, most significant bits first:
/// - bits 63–32: `UInt32.max - priority`, inverted because keys run lowest first;
/// - bits 31–0: the low 32 bits of the scheduling sequence, so events of equal priority run in
///   the order they were scheduled.
///
/// Not guaranteed: two events of one priority due at one instant whose sequence numbers straddle
/// a multiple of 2^32 run in the wrong order; they would have to be scheduled four billion
/// events apart.
@usableFromInline
enum PCTOrderKey {
    @usableFromInline static let sequenceBits: UInt64 = 32
    @usableFromInline static let sequenceMask: UInt64 = (1 << sequenceBits) - 1

    @inlinable static func key(priority: UInt32, sequence: UInt64) -> UInt64 {
        (UInt64(UInt32.max - priority) << sequenceBits) | (sequence & sequenceMask)
    }
}

/// How a job shows in the trace. Jobs run on lanes, not receivers, yet every trace record names
/// a receiver and a kind; a job's record names its lane under an id no receiver can have, with a
/// kind no receiver's event has.
///
/// Layout of the id: bit 31 set (`reserveReceiverID` stops below it), bits 30–0 the lane index.
/// The task lane, `Simulation.taskLane`, is all ones and stays all ones. The kind is
/// `UInt32.max`, which `SimulationContext.trace` never gives a note.
enum JobTraceID {
    static let laneFlag: UInt32 = 1 << 31
    static let laneMask: UInt32 = laneFlag - 1
    static let kind = UInt32.max

    static func receiver(forLane lane: UInt32) -> ReceiverID { ReceiverID(rawValue: laneFlag | (lane & laneMask)) }

    /// The lane a job record's id names, or nil if the id names a receiver.
    static func lane(of receiver: ReceiverID) -> UInt32? {
        guard receiver.isJobLane else { return nil }
        let lane = receiver.rawValue & laneMask
        return lane == laneMask ? Simulation.taskLane : lane
    }
}

extension ReceiverID {
    /// True for the id of a job's trace record, which names the lane the job ran on rather than
    /// a receiver (`Simulation.name(of:)` prints it as `jobs(lane N)`).
    public var isJobLane: Bool { rawValue & JobTraceID.laneFlag != 0 }
}

/// Something the simulation delivers events to, on the simulation's thread.
///
/// An actor conforms with a `nonisolated` `receive` that enters its isolation with
/// `assumeIsolated`: legal because the event loop runs on the executor the actor is bound to,
/// and cheap because no task or job is made per message (../shared/design.md §3.1).
public protocol EventReceiver: AnyObject {
    /// Handles one due event. Runs on the simulation's thread, inside its event loop.
    func receive(_ event: SimulationEvent)
    /// A short name for traces and reports, e.g. `issuer`.
    var traceName: String { get }
    /// The name of an event kind this receiver handles, for traces, e.g. `authorizationRequest`.
    func eventName(_ kind: UInt32) -> String
    /// What an event's subject names, for traces, e.g. `payment#2.1`; the kernel only carries
    /// the number, so the receiver, which knows what it keys its records by, words it.
    func subjectName(_ kind: UInt32, _ subject: UInt64) -> String
    /// Whether a pending event has become one this receiver would ignore, and always will: a
    /// timer whose wait already ended, or one that belongs to a finished lifecycle.
    ///
    /// The kernel may then drop the event unseen, without a trace record; it asks about events
    /// scheduled far enough ahead to wait in its calendar, when their time comes near (design
    /// §3.2). Answering `true` is a promise: delivering the event now or at any later time would
    /// change nothing, so dropping it cannot change the run, only shorten its trace. The check
    /// must read state and nothing else: no random draws, no counters.
    func isStale(_ event: SimulationEvent) -> Bool
}

extension EventReceiver {
    /// `kindN`: a receiver that does not name its kinds still gets a readable trace.
    public func eventName(_ kind: UInt32) -> String { "kind\(kind)" }
    /// `#N`: the number, unnamed.
    public func subjectName(_ kind: UInt32, _ subject: UInt64) -> String { "#\(subject)" }
    /// Nothing is stale: every event is delivered.
    public func isStale(_ event: SimulationEvent) -> Bool { false }
}
