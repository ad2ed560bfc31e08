/// Identifies a receiver registered with a simulation: an index into its dense receiver table.
public struct ReceiverID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The kernel itself: resumes sleeping tasks.
    public static let kernel = ReceiverID(rawValue: 0)
    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "receiver#\(rawValue)" }
}

/// One scheduled step: a message delivery or a timer, due at `time`.
///
/// Events are plain values of fixed size, so the hot path allocates nothing: a receiver keeps
/// its records in dense arrays and an event names them by `subject` (for example a lifecycle
/// slot) and `argument`. The kernel gives `kind`, `subject` and `argument` no meaning.
public struct SimulationEvent: Sendable {
    public var time: SimTime
    /// Orders events due at the same instant; chosen by the scheduling strategy.
    @usableFromInline var order: UInt64
    public var receiver: ReceiverID
    public var kind: UInt32
    public var subject: UInt64
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
    public func eventName(_ kind: UInt32) -> String { "kind\(kind)" }
    public func isStale(_ event: SimulationEvent) -> Bool { false }
}
