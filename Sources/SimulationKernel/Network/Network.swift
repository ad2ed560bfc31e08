/// What can go wrong on a link, and why a payment system can still recover from each
/// (TigerBeetle's rule: a fault nothing could survive is not injected).
///
/// - loss: the sender's timeout fires and it retries or resolves the outcome (LC-12).
/// - duplication: receivers deduplicate by message id and idempotency key (domain §2.2).
/// - reordering: a message is held back by an extra delay, so a later one may overtake it;
///   protocols that need order carry sequence numbers or state checks.
public struct FaultProfile: Sendable, Hashable {
    public var loss: Ratio
    public var duplication: Ratio
    public var reordering: Ratio
    /// Extra delay for a reordered (or duplicated) copy.
    public var reorderDelay: Distribution

    public init(loss: Ratio = .zero, duplication: Ratio = .zero, reordering: Ratio = .zero,
                reorderDelay: Distribution = .uniform(.milliseconds(1), .milliseconds(50))) {
        self.loss = loss
        self.duplication = duplication
        self.reordering = reordering
        self.reorderDelay = reorderDelay
    }

    public static let none = FaultProfile()

    @inlinable public var isNone: Bool {
        loss.numerator == 0 && duplication.numerator == 0 && reordering.numerator == 0
    }
}

/// Delivers messages between receivers over links, each with a latency distribution, a fault
/// profile and its own random stream (../shared/design.md §3.5).
///
/// Every link draws from a stream derived from the run seed and the two endpoints, so the
/// latency of one link does not change when traffic on another does.
public final class Network: @unchecked Sendable {
    public struct Link: Sendable {
        public var latency: Distribution
        public var faults: FaultProfile
        @usableFromInline var random: SimRandom
    }

    public struct Statistics: Sendable, Hashable {
        public var sent: UInt64 = 0
        public var lost: UInt64 = 0
        public var duplicated: UInt64 = 0
        public var reordered: UInt64 = 0
    }

    // The simulation owns the world the network serves; unchecked to keep refcounting off sends.
    @usableFromInline unowned(unsafe) let simulation: Simulation
    @usableFromInline var links: ContiguousArray<Link?> = []
    @usableFromInline var width = 0
    let root: SimRandom
    public var defaultLatency: Distribution
    public var defaultFaults: FaultProfile
    @usableFromInline var counts = Statistics()
    public var statistics: Statistics { counts }

    public init(simulation: Simulation, defaultLatency: Distribution, defaultFaults: FaultProfile = .none) {
        self.simulation = simulation
        self.root = simulation.random.split()
        self.defaultLatency = defaultLatency
        self.defaultFaults = defaultFaults
    }

    /// Sets the latency and faults of the link from `source` to `target`.
    public func connect(_ source: ReceiverID, _ target: ReceiverID, latency: Distribution,
                        faults: FaultProfile = .none) {
        let index = slot(source, target)
        links[index] = Link(latency: latency, faults: faults, random: stream(source, target))
    }

    /// Sends a message: schedules its delivery after the link's latency, unless a fault drops,
    /// duplicates or delays it.
    @inlinable
    public func send(from source: ReceiverID, to target: ReceiverID, kind: UInt32,
                     subject: UInt64 = 0, argument: UInt64 = 0) {
        let index = slot(source, target)
        if links[index] == nil { createDefaultLink(at: index, source, target) }
        counts.sent &+= 1
        var delay = links[index].unsafelyUnwrapped.latency.sample(&links[index]!.random)
        if !links[index].unsafelyUnwrapped.faults.isNone {
            let faults = links[index].unsafelyUnwrapped.faults
            if links[index]!.random.chance(faults.loss) {
                counts.lost &+= 1
                return
            }
            if links[index]!.random.chance(faults.reordering) {
                counts.reordered &+= 1
                delay = delay + faults.reorderDelay.sample(&links[index]!.random)
            }
            if links[index]!.random.chance(faults.duplication) {
                counts.duplicated &+= 1
                let extra = faults.reorderDelay.sample(&links[index]!.random)
                simulation.schedule(after: delay + extra, to: target, kind: kind, subject: subject, argument: argument)
            }
        }
        simulation.schedule(after: delay, to: target, kind: kind, subject: subject, argument: argument)
    }

    @inlinable func slot(_ source: ReceiverID, _ target: ReceiverID) -> Int {
        let needed = Int(max(source.rawValue, target.rawValue)) + 1
        if needed > width { widen(to: needed) }
        return Int(source.rawValue) &* width &+ Int(target.rawValue)
    }

    @usableFromInline func widen(to needed: Int) {
        let newWidth = max(needed, width * 2, 8)
        var wider = ContiguousArray<Link?>(repeating: nil, count: newWidth * newWidth)
        for source in 0..<width {
            for target in 0..<width { wider[source * newWidth + target] = links[source * width + target] }
        }
        links = wider
        width = newWidth
    }

    @usableFromInline func createDefaultLink(at index: Int, _ source: ReceiverID, _ target: ReceiverID) {
        links[index] = Link(latency: defaultLatency, faults: defaultFaults, random: stream(source, target))
    }

    private func stream(_ source: ReceiverID, _ target: ReceiverID) -> SimRandom {
        root.stream(for: UInt64(source.rawValue) << 32 | UInt64(target.rawValue))
    }
}
