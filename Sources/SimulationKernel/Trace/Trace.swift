/// One executed step, as the trace keeps it: when, who, what, and about which subject.
public struct TraceRecord: Sendable, Hashable {
    /// When the step ran.
    public var time: SimTime
    /// Who ran it: a receiver, or the lane of a job (``ReceiverID/isJobLane``).
    public var receiver: ReceiverID
    /// The event's kind at its receiver; `UInt32.max` for a job.
    public var kind: UInt32
    /// The event's subject; for a job, the job's running number.
    public var subject: UInt64

    /// A record of one step.
    @inlinable public init(time: SimTime, receiver: ReceiverID, kind: UInt32, subject: UInt64) {
        self.time = time
        self.receiver = receiver
        self.kind = kind
        self.subject = subject
    }
}

/// The fingerprint of a run: every executed step folded, in order, into a 64-bit hash, plus the
/// last few records in a ring (printed when an invariant fails).
///
/// The hash is order-sensitive, so two runs with the same hash executed the same steps at the
/// same virtual instants in the same order. It is not cryptographic; it only has to tell
/// interleavings apart.
public struct Trace: Sendable {
    @usableFromInline var storedHash: UInt64 = 0x5061_7953_746F_726D  // "PayStorm"
    @usableFromInline var storedSteps: UInt64 = 0
    /// The order-sensitive hash of every step so far.
    public var hash: UInt64 { storedHash }
    /// Steps recorded so far: events delivered, jobs run and notes (`SimulationContext.trace`).
    public var steps: UInt64 { storedSteps }
    @usableFromInline var ring: ContiguousArray<TraceRecord>
    @usableFromInline var ringNext = 0
    /// Receives every record when a full trace was asked for (`--trace FILE`); nil otherwise.
    public var sink: (@Sendable (TraceRecord) -> Void)?

    /// An empty trace that keeps the last `ringCapacity` records.
    ///
    /// - Precondition: `ringCapacity > 0`.
    public init(ringCapacity: Int = 64) {
        precondition(ringCapacity > 0, "trace ring capacity must be positive, got \(ringCapacity)")
        ring = ContiguousArray(repeating: TraceRecord(time: .zero, receiver: .kernel, kind: 0, subject: 0),
                               count: ringCapacity)
    }

    /// Folds three words per record: the time, then the receiver in the high 32 bits of one word
    /// with the kind in the low 32, then the subject. Changing this layout changes every hash.
    @inlinable public mutating func record(_ record: TraceRecord) {
        var h = storedHash
        h = Trace.fold(h, UInt64(bitPattern: record.time.nanoseconds))
        h = Trace.fold(h, UInt64(record.receiver.rawValue) << 32 | UInt64(record.kind))
        h = Trace.fold(h, record.subject)
        storedHash = h
        storedSteps &+= 1
        ring[ringNext] = record
        ringNext = ringNext &+ 1 == ring.count ? 0 : ringNext &+ 1
        if let sink { sink(record) }
    }

    /// One round of a multiply-rotate mix: cheap, and a different order gives a different hash.
    @inlinable static func fold(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return (mixed << 29 | mixed >> 35) ^ (mixed >> 32)
    }

    /// The last records, oldest first.
    public var recent: [TraceRecord] {
        let kept = Int(min(steps, UInt64(ring.count)))
        return (0..<kept).map { ring[(ringNext - kept + $0 + ring.count) % ring.count] }
    }

    /// The hash as 16 lowercase hex digits, the form reports print.
    public var hashHex: String { Trace.hex(hash) }

    /// `value` as 16 lowercase hex digits, zero-padded: how ``hashHex`` prints the hash.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
