/// A multi-server FIFO station: `servers` identical servers and a bounded waiting line, the
/// M/M/c building block of every actor with a capacity (../shared/design.md §3.5).
///
/// The station holds tokens (a lifecycle slot, say), not work: its owner samples service times
/// and schedules completions. It measures what capacity planning needs: queueing delay (a
/// histogram, from joining the line to starting service), utilization (busy server-time over
/// offered server-time), arrivals, rejections and abandonments.
///
/// Abandonment is lazy: an owner that gives up on a waiting token calls `noteAbandoned()` and
/// later tells `startNext` to skip it, so the line stays a plain FIFO.
public struct ServiceStation: Sendable {
    public enum Admission: Sendable, Hashable {
        /// A server was free: service starts now.
        case serving
        /// All servers busy: the token waits in line.
        case waiting
        /// All servers busy and the line is at its bound: the token is turned away.
        case rejected
    }

    public let servers: Int
    /// Most tokens that may wait; `Int.max` for an unbounded line.
    public let queueLimit: Int
    public private(set) var busy = 0
    @usableFromInline var line = RingBuffer<(token: UInt64, since: SimTime)>(capacity: 64)
    @usableFromInline var abandonedInLine = 0

    public private(set) var arrivals: UInt64 = 0
    public private(set) var started: UInt64 = 0
    public private(set) var rejected: UInt64 = 0
    /// Arrivals that found every server busy and joined the line.
    public private(set) var waited: UInt64 = 0
    public private(set) var abandoned: UInt64 = 0
    public private(set) var queueingDelay = LatencyHistogram()
    /// Busy server-nanoseconds up to `lastChange`.
    public private(set) var busyServerNanoseconds: Double = 0
    @usableFromInline var lastChange = SimTime.zero
    public private(set) var measuredSince = SimTime.zero

    public init(servers: Int, queueLimit: Int = .max) {
        precondition(servers >= 1, "a station needs at least one server, got \(servers)")
        precondition(queueLimit >= 0, "queue limit must be >= 0, got \(queueLimit)")
        self.servers = servers
        self.queueLimit = queueLimit
    }

    /// Tokens waiting and not abandoned.
    public var waiting: Int { line.count - abandonedInLine }

    public mutating func arrive(_ token: UInt64, at now: SimTime) -> Admission {
        arrivals &+= 1
        if busy < servers {
            account(until: now)
            busy += 1
            started &+= 1
            queueingDelay.record(0)
            return .serving
        }
        guard waiting < queueLimit else {
            rejected &+= 1
            return .rejected
        }
        line.append((token, now))
        waited &+= 1
        return .waiting
    }

    /// A server finished. Returns the next token to serve on it now, skipping those for which
    /// `isAbandoned` is true, or nil if the line is empty and the server goes idle.
    public mutating func startNext(at now: SimTime, isAbandoned: (UInt64) -> Bool) -> UInt64? {
        precondition(busy > 0, "a server finished at \(now) but none was busy")
        while let next = line.popFirst() {
            if isAbandoned(next.token) {
                abandonedInLine -= 1
                continue
            }
            started &+= 1
            queueingDelay.record((now - next.since).nanoseconds)
            return next.token
        }
        account(until: now)
        busy -= 1
        return nil
    }

    /// A waiting token gave up; it stays in the line until `startNext` skips it.
    public mutating func noteAbandoned() {
        precondition(abandonedInLine < line.count, "more abandonments than tokens waiting")
        abandonedInLine += 1
        abandoned &+= 1
    }

    /// Fraction of server capacity used between `measuredSince` and `now`.
    public func utilization(at now: SimTime) -> Double {
        let elapsed = Double((now - measuredSince).nanoseconds)
        guard elapsed > 0 else { return 0 }
        let busyNow = busyServerNanoseconds + Double(busy) * Double((now - lastChange).nanoseconds)
        return busyNow / (elapsed * Double(servers))
    }

    /// Forgets what was measured so far (after a warm-up), keeping the servers and the line.
    public mutating func resetMeasurements(at now: SimTime) {
        account(until: now)
        busyServerNanoseconds = 0
        measuredSince = now
        arrivals = 0
        waited = 0
        started = 0
        rejected = 0
        abandoned = 0
        queueingDelay = LatencyHistogram()
    }

    @usableFromInline mutating func account(until now: SimTime) {
        busyServerNanoseconds += Double(busy) * Double((now - lastChange).nanoseconds)
        lastChange = now
    }
}
