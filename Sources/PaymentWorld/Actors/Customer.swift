import SimulationKernel

/// The device side of the reference pipeline: an open Poisson source of payments that measures
/// each one from its scheduled arrival to its result (no coordinated omission: a saturated
/// gateway cannot hide its queueing, design §3.6).
public actor Customer: SimulationActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    // The simulation owns this actor; unchecked, because every event touches it.
    private unowned(unsafe) let simulation: Simulation
    private let network: Network
    private let gateway: ReceiverID
    private var arrivals: SimRandom
    private let interarrival: Distribution
    private let total: Int
    private var generated = 0

    /// Arrival instant per payment slot; slots are reused, so memory follows payments in flight.
    private var startedAt: [SimTime] = []
    private var freeSlots: [UInt32] = []
    public private(set) var inFlight = 0
    public private(set) var latency = LatencyHistogram()
    public private(set) var outcomes = [UInt64](repeating: 0, count: PipelineOutcome.allCases.count)
    public private(set) var completed: UInt64 = 0
    public private(set) var lastCompletion = SimTime.zero

    nonisolated public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
    nonisolated public var traceName: String { "customer" }

    init(id: ReceiverID, simulation: Simulation, network: Network, gateway: ReceiverID,
         rate: Double, total: Int) {
        precondition(rate > 0 && rate.isFinite, "arrival rate must be positive and finite, got \(rate)")
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = simulation
        self.network = network
        self.gateway = gateway
        self.arrivals = simulation.random.split()
        self.interarrival = .exponential(mean: .seconds(fractional: 1 / rate))
        self.total = total
    }

    /// Starts the source at time zero; the first arrival follows one inter-arrival time later.
    nonisolated func start() {
        simulation.schedule(at: .zero, to: id, kind: PipelineMessage.sourceStarted.rawValue)
    }

    public func handle(_ event: SimulationEvent) {
        switch PipelineMessage(rawValue: event.kind) {
        case .arrivalDue: arrive()
        case .sourceStarted: scheduleNextArrival()
        case .paymentResponse: finish(slot: Int(event.subject), outcome: event.argument)
        default: preconditionFailure("customer got unexpected event kind \(event.kind)")
        }
    }

    private func arrive() {
        let now = simulation.now
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = Int(reused)
            startedAt[slot] = now
        } else {
            slot = startedAt.count
            startedAt.append(now)
        }
        generated += 1
        inFlight += 1
        network.send(from: id, to: gateway, kind: PipelineMessage.paymentRequest.rawValue, subject: UInt64(slot))
        scheduleNextArrival()
    }

    private func scheduleNextArrival() {
        guard generated < total else { return }
        simulation.schedule(after: interarrival.sample(&arrivals), to: id, kind: PipelineMessage.arrivalDue.rawValue)
    }

    private func finish(slot: Int, outcome: UInt64) {
        let now = simulation.now
        latency.record((now - startedAt[slot]).nanoseconds)
        outcomes[Int(outcome)] &+= 1
        completed &+= 1
        inFlight -= 1
        lastCompletion = now
        freeSlots.append(UInt32(slot))
    }

    /// Payments generated so far.
    public var generatedCount: Int { generated }
}
