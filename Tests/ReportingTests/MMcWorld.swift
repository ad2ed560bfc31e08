import SimulationKernel

/// A world with one M/M/c queue, built from kernel pieces only: Poisson arrivals from
/// `ArrivalProcess.poisson`, a `ServiceStation` with `servers` servers and an unbounded line,
/// exponential service from `Distribution.exponential`, every draw from a stream split off the
/// simulation's root, and `Simulation.run()` to drive it. It exists to hold the simulator up
/// against Erlang C (`QueueingTheoryErlangC`).
///
/// Customers are numbered in arrival order; that number is the station's token. The first
/// `warmup` of them are served but not measured, so the empty start does not pull the figures
/// down. The run ends when the last customer has left: every measured customer is counted.
///
/// ```swift
/// let world = MMcWorld(arrivalRate: 60, serviceRate: 20, servers: 4, customers: 10_000, seed: 1)
/// let figures = world.run()   // figures.meanWait ≈ 0.0255 s, Erlang C's Wq
/// ```
final class MMcWorld {
    let simulation: Simulation
    let queue: MMcQueue

    /// - Parameters:
    ///   - arrivalRate: λ, customers per second.
    ///   - serviceRate: μ, customers one server completes per second.
    ///   - servers: c.
    ///   - customers: how many arrive in all, warm-up included.
    ///   - seed: the simulation's seed; the arrival and service streams are split off its root.
    init(arrivalRate: Double, serviceRate: Double, servers: Int, customers: Int, seed: UInt64) {
        precondition(customers >= 10, "MMcWorld: \(customers) customers leaves no one to measure after the warm-up")
        let simulation = Simulation(options: .init(seed: seed))
        let id = simulation.reserveReceiverID()
        queue = MMcQueue(id: id, simulation: simulation, arrivals: .poisson(rate: arrivalRate),
                         service: .exponential(mean: .seconds(fractional: 1 / serviceRate)),
                         servers: servers, customers: customers, warmup: customers / 10)
        simulation.register(queue, as: id)
        self.simulation = simulation
    }

    /// Runs until the last customer has left and returns what the measured customers saw.
    func run() -> MMcFigures {
        let end = simulation.run()
        precondition(end == .idle, "MMcWorld: the run ended \(end), not idle")
        return simulation.inspect { queue.assumeIsolated { $0.figures() } }
    }
}

/// What the measured customers of one replication saw.
struct MMcFigures: Sendable {
    /// Customers measured: all but the warm-up.
    var customers: Int
    /// The share of measured customers whose wait in the line was longer than zero.
    var waitedFraction: Double
    /// Mean time from arrival to the start of service, in seconds.
    var meanWait: Double
    /// Mean time from arrival to the end of service, in seconds.
    var meanResponse: Double
}

/// The queue's actor: it generates the arrivals, holds the station and samples service times.
actor MMcQueue: SimulationActor {
    enum Kind: UInt32 {
        case arrival
        case serviceCompleted
    }

    nonisolated let lane: SimulationLane
    nonisolated let id: ReceiverID
    // The simulation owns this actor; unchecked, because every event touches it.
    private unowned(unsafe) let simulation: Simulation
    private let arrivals: ArrivalProcess
    private let service: Distribution
    private var arrivalRandom: SimRandom
    private var serviceRandom: SimRandom
    private var station: ServiceStation
    private let customers: Int
    private let warmup: Int
    /// Arrival instants, indexed by customer number; a test world, so one slot per customer.
    private var arrivedAt: [SimTime] = []
    private var completed = 0
    private var measured = 0
    private var waited = 0
    // Integer nanoseconds, so the sums are exact and do not depend on the order of addition.
    private var waitNanoseconds: Int64 = 0
    private var responseNanoseconds: Int64 = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
    nonisolated var traceName: String { "mmc" }
    nonisolated func eventName(_ kind: UInt32) -> String {
        Kind(rawValue: kind).map { "\($0)" } ?? "kind\(kind)"
    }

    init(id: ReceiverID, simulation: Simulation, arrivals: ArrivalProcess, service: Distribution,
         servers: Int, customers: Int, warmup: Int) {
        self.id = id
        self.lane = simulation.makeLane()
        self.simulation = simulation
        self.arrivals = arrivals
        self.service = service
        // Split in a fixed order: arrivals first, then service, so each stream is the seed's alone.
        var arrivalRandom = simulation.random.split()
        self.serviceRandom = simulation.random.split()
        self.station = ServiceStation(servers: servers)
        self.customers = customers
        self.warmup = warmup
        arrivedAt.reserveCapacity(customers)
        guard let first = arrivals.nextArrival(after: .zero, random: &arrivalRandom) else {
            preconditionFailure("MMcQueue: \(arrivals) never produces an arrival")
        }
        self.arrivalRandom = arrivalRandom
        simulation.schedule(at: first, to: id, kind: Kind.arrival.rawValue)
    }

    func handle(_ event: SimulationEvent) {
        switch Kind(rawValue: event.kind) {
        case .arrival: arrive()
        case .serviceCompleted: complete(event.subject)
        case nil: preconditionFailure("MMcQueue got unexpected event kind \(event.kind)")
        }
    }

    private func arrive() {
        let now = simulation.now
        let customer = UInt64(arrivedAt.count)
        arrivedAt.append(now)
        switch station.arrive(customer, at: now) {
        case .serving: startService(customer)
        case .waiting: break
        case .rejected: preconditionFailure("MMcQueue: customer \(customer) rejected by an unbounded line")
        }
        guard arrivedAt.count < customers else { return }
        guard let next = arrivals.nextArrival(after: now, random: &arrivalRandom) else {
            preconditionFailure("MMcQueue: \(arrivals) stopped after \(arrivedAt.count) arrivals")
        }
        simulation.schedule(at: next, to: id, kind: Kind.arrival.rawValue)
    }

    private func startService(_ customer: UInt64) {
        let wait = simulation.now - arrivedAt[Int(customer)]
        precondition(wait.nanoseconds >= 0, "MMcQueue: customer \(customer) waited \(wait.nanoseconds)ns")
        if Int(customer) >= warmup {
            measured += 1
            if wait.nanoseconds > 0 { waited += 1 }
            waitNanoseconds += wait.nanoseconds
        }
        simulation.schedule(after: service.sample(&serviceRandom), to: id, kind: Kind.serviceCompleted.rawValue,
                            subject: customer)
    }

    private func complete(_ customer: UInt64) {
        completed += 1
        if Int(customer) >= warmup { responseNanoseconds += (simulation.now - arrivedAt[Int(customer)]).nanoseconds }
        if let next = station.startNext(at: simulation.now, isAbandoned: { _ in false }) { startService(next) }
    }

    /// The measured customers' figures; only once every customer has left.
    func figures() -> MMcFigures {
        precondition(completed == customers, "MMcQueue: \(completed) of \(customers) customers completed")
        precondition(station.busy == 0 && station.waiting == 0,
                     "MMcQueue: \(station.busy) busy and \(station.waiting) waiting after the last completion")
        precondition(measured == customers - warmup, "MMcQueue: measured \(measured), expected \(customers - warmup)")
        let count = Double(measured)
        return MMcFigures(customers: measured, waitedFraction: Double(waited) / count,
                          meanWait: Double(waitNanoseconds) / 1e9 / count,
                          meanResponse: Double(responseNanoseconds) / 1e9 / count)
    }
}
