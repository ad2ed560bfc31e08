/// What can go wrong on a link, and why a payment system can still recover from each
/// (TigerBeetle's rule: a fault nothing could survive is not injected).
///
/// - loss: the sender's timeout fires and it retries or resolves the outcome (LC-12).
/// - duplication: receivers deduplicate by message id and idempotency key (domain §2.2).
/// - reordering: a message is held back by an extra delay, so a later one may overtake it;
///   protocols that need order carry sequence numbers or state checks.
public struct FaultProfile: Sendable, Hashable {
    /// The share of messages dropped; the sender learns of it only through its timeout.
    public var loss: Ratio
    /// The share of messages delivered twice, the copy ``reorderDelay`` later.
    public var duplication: Ratio
    /// The share of messages held back by ``reorderDelay``, so a later message may overtake them.
    public var reordering: Ratio
    /// Extra delay for a reordered (or duplicated) copy.
    public var reorderDelay: Distribution

    /// A profile of independent faults, each decided per message from the link's own stream; the
    /// defaults inject nothing.
    public init(loss: Ratio = .zero, duplication: Ratio = .zero, reordering: Ratio = .zero,
                reorderDelay: Distribution = .uniform(.milliseconds(1), .milliseconds(50))) {
        self.loss = loss
        self.duplication = duplication
        self.reordering = reordering
        self.reorderDelay = reorderDelay
    }

    /// No faults: every message arrives once, after the link's latency.
    public static let none = FaultProfile()

    /// True when no fault can fire, so a send on the link takes no fault draws at all.
    @inlinable public var isNone: Bool {
        loss.numerator == 0 && duplication.numerator == 0 && reordering.numerator == 0
    }
}

/// A fault that holds for a window of virtual time, on every link or on the links between two
/// endpoints (either direction). Each kind can be survived the way its always-on twin can; a
/// partition is loss of everything on a link, which senders survive through timeouts.
public struct FaultWindow: Sendable, Hashable {
    /// What the window does to messages sent while it is open.
    public enum Kind: Sendable, Hashable {
        /// This share of messages is dropped.
        case loss(Ratio)
        /// This share of messages is delivered twice, the copy the link's reorder delay later.
        case duplication(Ratio)
        /// This share of messages is held back by the link's reorder delay.
        case reordering(Ratio)
        /// Every latency on the link is multiplied by `factor` (≥ 1).
        case latencySpike(factor: Double)
        /// Nothing gets through.
        case partition
    }

    /// The fault.
    public var kind: Kind
    /// When the window opens: messages sent at this instant or later are affected.
    public var start: SimTime
    /// When the window closes: messages sent at this instant or later are not affected.
    public var end: SimTime
    /// The two endpoints whose links it affects; nil for every link.
    public var between: (ReceiverID, ReceiverID)?

    /// A fault from `start` (included) to `end` (excluded), on every link or only on the links
    /// `between` two endpoints.
    public init(kind: Kind, start: SimTime, end: SimTime, between: (ReceiverID, ReceiverID)? = nil) {
        self.kind = kind
        self.start = start
        self.end = end
        self.between = between
    }

    /// Compares every field; written out because the `between` tuple is not `Equatable`.
    public static func == (a: FaultWindow, b: FaultWindow) -> Bool {
        a.kind == b.kind && a.start == b.start && a.end == b.end && a.between?.0 == b.between?.0
            && a.between?.1 == b.between?.1
    }

    /// Leaves `between` out, since tuples are not `Hashable`; equal windows still hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(start)
        hasher.combine(end)
    }

    @usableFromInline func applies(at now: SimTime, _ source: ReceiverID, _ target: ReceiverID) -> Bool {
        guard now >= start && now < end else { return false }
        guard let (a, b) = between else { return true }
        return (source == a && target == b) || (source == b && target == a)
    }
}

/// Delivers messages between receivers over links, each with a latency distribution, a fault
/// profile and its own random stream (../shared/design.md §3.5).
///
/// Every link draws from a stream derived from the run seed and the two endpoints, so the
/// latency of one link does not change when traffic on another does.
///
/// Unchecked `Sendable`, so that actors can keep the network in a `let`: it has mutable state
/// (links, statistics) and no lock, which is safe because, like everything in a simulation, it
/// is used on the simulation's one thread only, at setup and then by the actors that send.
public final class Network: @unchecked Sendable {
    /// One direction between two endpoints: its latency, its faults and its own random stream.
    public struct Link: Sendable {
        /// How long a message takes, drawn per message from the link's stream.
        public var latency: Distribution
        /// The faults that are always on for this link.
        public var faults: FaultProfile
        @usableFromInline var random: SimRandom
        /// False for a table entry no message has used and no `connect` has set yet.
        @usableFromInline var isOpen: Bool

        static let unopened = Link(latency: .constant(.zero), faults: .none, random: SimRandom(seed: 0), isOpen: false)
    }

    /// What the network did to the messages sent, counted over the whole run.
    public struct Statistics: Sendable, Hashable {
        /// Messages sent, whatever became of them.
        public var sent: UInt64 = 0
        /// Messages dropped by loss or a partition.
        public var lost: UInt64 = 0
        /// Messages delivered twice.
        public var duplicated: UInt64 = 0
        /// Messages held back by a reorder delay.
        public var reordered: UInt64 = 0
    }

    /// Unretained: the simulation owns the world the network serves, and outlives it.
    @usableFromInline let simulation: SimulationHandle
    /// Links in a `width × width` table, row by source (`linkIndex`), not optional: a send reads
    /// and draws from its link in place, without copying it out.
    @exclusivity(unchecked) @usableFromInline var links: ContiguousArray<Link> = []
    @exclusivity(unchecked) @usableFromInline var width = 0
    let root: SimRandom
    /// The latency of every link not set with ``connect(_:_:latency:faults:)``.
    public var defaultLatency: Distribution
    /// The faults of every link not set with ``connect(_:_:latency:faults:)``.
    public var defaultFaults: FaultProfile
    /// Faults that hold for a while; checked on a send only when one of them is open then.
    @exclusivity(unchecked) public var windows: [FaultWindow] = [] {
        didSet {
            windowsOpen = windows.isEmpty ? nil : (windows.map(\.start).min() ?? .zero, windows.map(\.end).max() ?? .zero)
        }
    }
    /// From the first window's start to the last one's end: outside it no window applies, and a
    /// send skips them without touching the array (a retain and a release a message, in a run
    /// whose fault drill is five minutes of two hours).
    @exclusivity(unchecked) @usableFromInline var windowsOpen: (start: SimTime, end: SimTime)?
    @exclusivity(unchecked) @usableFromInline var counts = Statistics()
    /// What the network did so far: messages sent, lost, duplicated and reordered.
    public var statistics: Statistics { counts }

    /// A network for `simulation`. Its links' streams come from one stream split off the
    /// simulation's root by this call, so create the network at setup, in a fixed order.
    public init(simulation: Simulation, defaultLatency: Distribution, defaultFaults: FaultProfile = .none) {
        self.simulation = SimulationHandle(simulation)
        self.root = simulation.random.split()
        self.defaultLatency = defaultLatency
        self.defaultFaults = defaultFaults
    }

    /// Sets the latency and faults of the link from `source` to `target`.
    public func connect(_ source: ReceiverID, _ target: ReceiverID, latency: Distribution,
                        faults: FaultProfile = .none) {
        let index = slot(source, target)
        links[index] = Link(latency: latency, faults: faults, random: stream(source, target), isOpen: true)
    }

    /// Sends a message: schedules its delivery after the link's latency, unless a fault drops,
    /// duplicates or delays it.
    @inlinable
    public func send(from source: ReceiverID, to target: ReceiverID, kind: UInt32,
                     subject: UInt64 = 0, argument: UInt64 = 0) {
        // Through a guaranteed reference: no count is touched per message (`SimulationHandle`).
        simulation.with { simulation in
            deliver(from: source, to: target, kind: kind, subject: subject, argument: argument, on: simulation)
        }
    }

    @inlinable
    func deliver(from source: ReceiverID, to target: ReceiverID, kind: UInt32, subject: UInt64, argument: UInt64,
                 on simulation: Simulation) {
        let index = slot(source, target)
        if !links[index].isOpen { createDefaultLink(at: index, source, target) }
        counts.sent &+= 1
        let jitter = simulation.deliveryJitter(to: target)
        var delay = links.withUnsafeMutableBufferPointer { buffer in
            let link = buffer.baseAddress.unsafelyUnwrapped + index
            return link.pointee.latency.sample(&link.pointee.random) + jitter
        }
        if let open = windowsOpen, simulation.now >= open.start && simulation.now < open.end {
            guard applyWindows(source, target, index: index, delay: &delay, kind: kind, subject: subject,
                               argument: argument, on: simulation) else { return }
        }
        if !links[index].faults.isNone {
            let faults = links[index].faults
            if links[index].random.chance(faults.loss) {
                counts.lost &+= 1
                return
            }
            if links[index].random.chance(faults.reordering) {
                counts.reordered &+= 1
                delay = delay + faults.reorderDelay.sample(&links[index].random)
            }
            if links[index].random.chance(faults.duplication) {
                counts.duplicated &+= 1
                let extra = faults.reorderDelay.sample(&links[index].random)
                simulation.schedule(after: delay + extra, to: target, kind: kind, subject: subject, argument: argument)
            }
        }
        simulation.schedule(after: delay, to: target, kind: kind, subject: subject, argument: argument)
    }

    /// Applies the windows open now to one send; false if the message is lost.
    @usableFromInline func applyWindows(_ source: ReceiverID, _ target: ReceiverID, index: Int, delay: inout SimDuration,
                                        kind: UInt32, subject: UInt64, argument: UInt64,
                                        on simulation: Simulation) -> Bool {
        let now = simulation.now
        for window in windows where window.applies(at: now, source, target) {
            switch window.kind {
            case .partition:
                counts.lost &+= 1
                return false
            case .loss(let ratio):
                if links[index].random.chance(ratio) {
                    counts.lost &+= 1
                    return false
                }
            case .latencySpike(let factor):
                delay = .seconds(fractional: delay.seconds * factor)
            case .reordering(let ratio):
                if links[index].random.chance(ratio) {
                    counts.reordered &+= 1
                    delay = delay + links[index].faults.reorderDelay.sample(&links[index].random)
                }
            case .duplication(let ratio):
                if links[index].random.chance(ratio) {
                    counts.duplicated &+= 1
                    let extra = links[index].faults.reorderDelay.sample(&links[index].random)
                    simulation.schedule(after: delay + extra, to: target, kind: kind, subject: subject, argument: argument)
                }
            }
        }
        return true
    }

    /// Where the link from `source` to `target` sits in a table `width` links wide: rows by source.
    @inlinable static func linkIndex(_ source: Int, _ target: Int, width: Int) -> Int { source &* width &+ target }

    /// The link's index, widening the table first if either endpoint is beyond it.
    @inlinable func slot(_ source: ReceiverID, _ target: ReceiverID) -> Int {
        let needed = Int(max(source.rawValue, target.rawValue)) + 1
        if needed > width { widen(to: needed) }
        return Network.linkIndex(Int(source.rawValue), Int(target.rawValue), width: width)
    }

    @usableFromInline func widen(to needed: Int) {
        let newWidth = max(needed, width * 2, 8)
        var wider = ContiguousArray<Link>(repeating: .unopened, count: newWidth * newWidth)
        for source in 0..<width {
            for target in 0..<width {
                wider[Network.linkIndex(source, target, width: newWidth)] = links[Network.linkIndex(source, target, width: width)]
            }
        }
        links = wider
        width = newWidth
    }

    @usableFromInline func createDefaultLink(at index: Int, _ source: ReceiverID, _ target: ReceiverID) {
        links[index] = Link(latency: defaultLatency, faults: defaultFaults, random: stream(source, target), isOpen: true)
    }

    /// The link's own stream, named by its endpoints: the source in the high 32 bits of the
    /// stream id, the target in the low 32, so every ordered pair has its own stream.
    private func stream(_ source: ReceiverID, _ target: ReceiverID) -> SimRandom {
        root.stream(for: UInt64(source.rawValue) << 32 | UInt64(target.rawValue))
    }
}
