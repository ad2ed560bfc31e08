import SimulationKernel

/// A claim of domain.md §2.5 (or of a lifecycle's table, §2.4), checked as the world's events happen.
///
/// Each claim is a type of its own, named as what it asserts, with the shadow state it needs and
/// nothing else. It watches a few kinds of ``WorldEvent`` (the registry hands it only those) and
/// states its expectation about each through ``InvariantChecks``. A monitor is owned by its run's
/// registry and called on the simulation's thread only.
///
/// Adding a claim is one file with its type, and one line in ``InvariantRegistry/catalogue``.
public protocol InvariantMonitor: AnyObject {
    /// The claim's id in domain.md, such as `G-2` or `SALE-1`.
    static var invariant: String { get }
    /// The claim as a name: `NoCardIsOverdrawn`.
    static var claim: String { get }
    /// A liveness claim fails a run with exit 2; a safety claim with exit 1.
    static var isLiveness: Bool { get }
    /// The kinds of event this claim needs to see.
    static var watches: [WorldEvent.Kind] { get }
    /// Kinds of event each of which is one check of this claim that holds by what the event is
    /// (a table applied the event it was offered, the ledger took a batch): they are counted for
    /// the claim without calling it, so the frequent confirmations cost a counter each.
    static var tallies: [WorldEvent.Kind] { get }

    init(_ world: MonitoredWorld)

    /// Checks one event of a watched kind.
    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks)
}

/// Something bad never happens: the first event that breaks it is the violation.
public protocol SafetyMonitor: InvariantMonitor {}

extension SafetyMonitor {
    public static var isLiveness: Bool { false }
}

extension InvariantMonitor {
    public static var tallies: [WorldEvent.Kind] { [] }
}

/// Something good eventually happens: the monitor tracks what is "hot" (in flight, unknown, open)
/// and fails when one is still hot at its deadline or at the end of the run.
public protocol LivenessMonitor: InvariantMonitor {}

extension LivenessMonitor {
    public static var isLiveness: Bool { true }
}

/// What a monitor may read of the world besides its events: the run's configuration and the
/// ledger's balances, read-only.
public struct MonitoredWorld {
    public let configuration: PaymentsConfiguration
    let ledger: WorldLedger
    let bodies: RequestBodies
    /// The shadows several claims keep alike, once for all of them.
    let shared = SharedShadows()

    /// Whose lifecycle it is: what every request of the lifecycle says.
    var customers: CustomerOfLifecycle { CustomerOfLifecycle(bodies: bodies) }

    /// A card's available balance in the ledger now, in minor units.
    public func available(_ card: CardID) -> Int64 { ledger.available(card) }
    /// What the ledger holds on a card now, in minor units.
    public func held(_ card: CardID) -> Int64 { ledger.held(card) }
}

/// Reads a lifecycle's customer off its request body, for claims about the customers' shared things.
struct CustomerOfLifecycle {
    let bodies: RequestBodies
    func callAsFunction(_ lifecycle: LifecycleID) -> CustomerID { bodies[lifecycle].customer }
}

/// One line of `summary.json`'s invariant table.
public struct InvariantRecord: Sendable, Hashable {
    public var invariant: String
    public var claim: String
    public var isLiveness: Bool
    public var checked: UInt64 = 0
    public var violations: UInt64 = 0
}

/// Where monitors state their expectations: each call is one check of the claim being observed,
/// counted in its record; a failed one becomes a ``Violation`` with the current virtual time.
public struct InvariantChecks {
    /// The claims, in catalogue order, as `records` reports them.
    private let claims: [InvariantRecord]
    /// Checks made and failed per claim, counted in place on every check.
    private let checked: DenseBuffer<UInt64>
    private let failed: DenseBuffer<UInt64>
    public internal(set) var violations: [Violation] = []
    /// The record of the monitor now observing.
    var current = 0
    /// The virtual time of the event being observed.
    public internal(set) var time = SimTime.zero
    /// The event being observed, by its place among all the events observed so far: what tells a
    /// shadow several claims share (``SharedShadows``) that it has followed this event already.
    private(set) var sequence: UInt64 = 0
    /// The text of the events' notes, by `EventNote.index`.
    var notes: [String] = []

    init(records: [InvariantRecord]) {
        claims = records
        checked = DenseBuffer(filler: 0, capacity: records.count)
        failed = DenseBuffer(filler: 0, capacity: records.count)
        checked.reserve(records.count)
        failed.reserve(records.count)
    }

    /// The next event, observed at `time`.
    mutating func begin(at time: SimTime) {
        self.time = time
        sequence &+= 1
    }

    /// Every claim with its counts so far.
    public var records: [InvariantRecord] {
        claims.indices.map { index in
            var record = claims[index]
            record.checked = checked[index]
            record.violations = failed[index]
            return record
        }
    }

    /// The text an event's note stands for.
    public func text(of note: EventNote) -> String { note.index < notes.count ? notes[note.index] : "" }

    /// One check: `holds` is the claim's verdict on the event; `detail` says, when it does not, what broke.
    public mutating func expect(_ holds: Bool, about subject: WorldSubject, _ detail: @autoclosure () -> String) {
        checked[current] &+= 1
        guard !holds else { return }
        failed[current] &+= 1
        let claim = claims[current]
        violations.append(Violation(invariant: claim.invariant, claim: claim.claim, subject: subject, time: time,
                                    detail: detail(), isLiveness: claim.isLiveness))
    }

    /// One check whose detail, when it fails, is the text of an event's note.
    public mutating func expect(_ holds: Bool, about subject: WorldSubject, note: EventNote) {
        let text = holds ? "" : self.text(of: note)
        expect(holds, about: subject, text)
    }

    public mutating func expect(_ holds: Bool, about payment: PaymentID, _ detail: @autoclosure () -> String) {
        expect(holds, about: .payment(payment), detail())
    }

    public mutating func expect(_ holds: Bool, about lifecycle: LifecycleID, _ detail: @autoclosure () -> String) {
        expect(holds, about: .lifecycle(lifecycle), detail())
    }
}
