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
    /// What happened to an arriving token.
    public enum Admission: Sendable, Hashable {
        /// A server was free: service starts now.
        case serving
        /// All servers busy: the token waits in line.
        case waiting
        /// All servers busy and the line is at its bound: the token is turned away.
        case rejected
    }

    /// Identical servers, each serving one token at a time.
    public let servers: Int
    /// Most tokens that may wait; `Int.max` for an unbounded line.
    public let queueLimit: Int
    /// Servers serving a token now.
    public private(set) var busy = 0
    @usableFromInline var line = RingBuffer<(token: UInt64, since: SimTime)>(capacity: 64)
    @usableFromInline var abandonedInLine = 0

    /// Arrivals in the window (all of them without one).
    public private(set) var arrivals: UInt64 = 0
    /// Every arrival, window or not: what the station handled over the whole run.
    public private(set) var totalArrivals: UInt64 = 0
    /// Services started in the window: arrivals served at once, and tokens taken from the line.
    public private(set) var started: UInt64 = 0
    /// Arrivals in the window turned away because the line was full.
    public private(set) var rejected: UInt64 = 0
    /// Arrivals that found every server busy and joined the line.
    public private(set) var waited: UInt64 = 0
    /// Waiting tokens that gave up (``noteAbandoned(at:)``) since the station was built or last
    /// reset.
    public private(set) var abandoned: UInt64 = 0
    /// Waits from joining the line to starting service, in nanoseconds, of the arrivals in the
    /// window; an arrival served at once waited 0.
    public private(set) var queueingDelay = LatencyHistogram()
    /// Busy server-nanoseconds up to `lastChange`.
    public private(set) var busyServerNanoseconds: Double = 0
    /// Waiting tokens × nanoseconds up to `lastChange`: the line's time-average length is this
    /// over the measured time (Little's law: L = λW).
    public private(set) var waitingNanoseconds: Double = 0
    /// The whole run's figures, window or not, for per-interval series (metrics.csv): busy
    /// server-nanoseconds, waiting token-nanoseconds, the sum of waits and the services started.
    public private(set) var lifetime = Lifetime()
    @usableFromInline var lastChange = SimTime.zero
    /// When measurement began: the window's start, or the last ``resetMeasurements(at:)``.
    public private(set) var measuredSince = SimTime.zero
    /// When set, the figures cover only this window: arrivals in it, their waits, and busy and
    /// waiting time inside it. Held unretained, as actors hold their simulation
    /// (`SimulationHandle`): a strong reference was retained and released at every arrival and
    /// every finish. The promise: whoever builds a station with a window keeps the window alive
    /// for as long as the station is used (a world keeps it in its context).
    private let windowReference: Unmanaged<MeasurementWindow>?

    /// A station of `servers` servers and a line of at most `queueLimit` tokens, measuring only
    /// inside `window` when one is given. The station holds the window unretained: keep it alive
    /// for as long as the station is used.
    ///
    /// - Precondition: `servers >= 1` and `queueLimit >= 0`.
    public init(servers: Int, queueLimit: Int = .max, window: MeasurementWindow? = nil) {
        precondition(servers >= 1, "a station needs at least one server, got \(servers)")
        precondition(queueLimit >= 0, "queue limit must be >= 0, got \(queueLimit)")
        self.servers = servers
        self.queueLimit = queueLimit
        windowReference = window.map { .passUnretained($0) }
        measuredSince = window?.start ?? .zero
    }

    /// The window the figures cover, if any.
    public var window: MeasurementWindow? { windowReference?.takeUnretainedValue() }

    /// Cumulative figures over the whole run; two of them a second apart give that second's
    /// utilization, mean line length and mean wait.
    public struct Lifetime: Sendable, Hashable {
        /// Busy server-nanoseconds since the start of the run.
        public var busyServerNanoseconds: Double = 0
        /// Waiting token-nanoseconds since the start of the run: the line's length over time.
        public var waitingNanoseconds: Double = 0
        /// The sum of the waits of every token taken from the line.
        public var waitNanoseconds: Double = 0
        /// Services started since the start of the run.
        public var started: UInt64 = 0

        /// All zero: a station before its first arrival.
        public init() {}
    }

    /// The lifetime figures brought up to `now`.
    public func lifetime(at now: SimTime) -> Lifetime {
        var figures = lifetime
        let elapsed = Double((now - lastChange).nanoseconds)
        figures.busyServerNanoseconds += Double(busy) * elapsed
        figures.waitingNanoseconds += Double(waiting) * elapsed
        return figures
    }

    /// Whether what happens at `instant` counts: always without a window.
    @inline(__always) private func counts(_ instant: SimTime) -> Bool {
        guard let windowReference else { return true }
        return windowReference._withUnsafeGuaranteedRef { $0.contains(instant) }
    }

    /// Tokens waiting and not abandoned.
    public var waiting: Int { line.count - abandonedInLine }

    /// A token arrives at `now`: it is served at once, waits in line, or is turned away when the
    /// line is full. The figures count it when `now` is in the window.
    public mutating func arrive(_ token: UInt64, at now: SimTime) -> Admission {
        let counted = counts(now)
        totalArrivals &+= 1
        if counted { arrivals &+= 1 }
        if busy < servers {
            account(until: now)
            busy += 1
            lifetime.started &+= 1
            if counted {
                started &+= 1
                queueingDelay.record(0)
            }
            return .serving
        }
        guard waiting < queueLimit else {
            if counted { rejected &+= 1 }
            return .rejected
        }
        account(until: now)
        line.append((token, now))
        if counted { waited &+= 1 }
        return .waiting
    }

    /// A server finished. Returns the next token to serve on it now, skipping those for which
    /// `isAbandoned` is true, or nil if the line is empty and the server goes idle.
    public mutating func startNext(at now: SimTime, isAbandoned: (UInt64) -> Bool) -> UInt64? {
        precondition(busy > 0, "a server finished at \(now) but none was busy")
        // The line is about to shrink: its length so far is accounted first (an empty line's
        // server is accounted below, as it goes idle).
        if !line.isEmpty { account(until: now) }
        while let next = line.popFirst() {
            if isAbandoned(next.token) {
                abandonedInLine -= 1
                continue
            }
            lifetime.started &+= 1
            lifetime.waitNanoseconds += Double((now - next.since).nanoseconds)
            // A wait belongs to the window its token arrived in.
            if counts(next.since) {
                started &+= 1
                queueingDelay.record((now - next.since).nanoseconds)
            }
            return next.token
        }
        account(until: now)
        busy -= 1
        return nil
    }

    /// A waiting token gave up; it stays in the line until `startNext` skips it.
    public mutating func noteAbandoned(at now: SimTime? = nil) {
        precondition(abandonedInLine < line.count, "more abandonments than tokens waiting")
        if let now { account(until: now) }
        abandonedInLine += 1
        abandoned &+= 1
    }

    /// Nanoseconds measured up to `now`: since `measuredSince`, or the window's part of it.
    public func measuredNanoseconds(at now: SimTime) -> Int64 {
        guard let windowReference else { return max(0, (now - measuredSince).nanoseconds) }
        return windowReference._withUnsafeGuaranteedRef { $0.length(at: now) }
    }

    /// Fraction of server capacity used between `measuredSince` (or the window's start) and `now`
    /// (or the window's end).
    public func utilization(at now: SimTime) -> Double {
        let elapsed = Double(measuredNanoseconds(at: now))
        guard elapsed > 0 else { return 0 }
        let busyNow = busyServerNanoseconds + Double(busy) * Double(span(from: lastChange, to: now))
        return busyNow / (elapsed * Double(servers))
    }

    /// The time-average number of tokens waiting over the measured time.
    public func meanWaiting(at now: SimTime) -> Double {
        let elapsed = Double(measuredNanoseconds(at: now))
        guard elapsed > 0 else { return 0 }
        return (waitingNanoseconds + Double(waiting) * Double(span(from: lastChange, to: now))) / elapsed
    }

    /// Nanoseconds of `[from, to]` that count.
    @inline(__always) private func span(from: SimTime, to: SimTime) -> Int64 {
        guard let windowReference else { return (to - from).nanoseconds }
        return windowReference._withUnsafeGuaranteedRef { $0.overlap(from: from, to: to) }
    }

    /// Forgets what was measured so far (after a warm-up), keeping the servers and the line.
    public mutating func resetMeasurements(at now: SimTime) {
        account(until: now)
        busyServerNanoseconds = 0
        waitingNanoseconds = 0
        measuredSince = now
        arrivals = 0
        waited = 0
        started = 0
        rejected = 0
        abandoned = 0
        queueingDelay = LatencyHistogram()
    }

    @inline(__always) @usableFromInline mutating func account(until now: SimTime) {
        let whole = Double((now - lastChange).nanoseconds)
        lifetime.busyServerNanoseconds += Double(busy) * whole
        lifetime.waitingNanoseconds += Double(line.count - abandonedInLine) * whole
        let elapsed = Double(span(from: lastChange, to: now))
        busyServerNanoseconds += Double(busy) * elapsed
        waitingNanoseconds += Double(line.count - abandonedInLine) * elapsed
        lastChange = now
    }
}
