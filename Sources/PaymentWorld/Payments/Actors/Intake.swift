import SimulationKernel

/// The front door of an actor with a capacity: messages wait for one of its servers, are
/// served for a sampled time, and are then handled (design §3.5). During an outage window every
/// message is lost, as if the actor were unreachable.
struct Intake {
    /// Unretained: passing the actor's `unowned(unsafe)` simulation into each call retained and
    /// released it around every message (`SimulationHandle`).
    private let simulation: SimulationHandle
    var station: ServiceStation
    private var line = RingBuffer<SimulationEvent>(capacity: 64)
    private var random: SimRandom
    private let service: Distribution
    /// Service times of single operations by message kind; empty when every message takes `service`.
    private let operations: [Distribution?]
    private let outages: [(start: SimTime, end: SimTime)]
    private let slowdowns: [(start: SimTime, end: SimTime, factor: Double)]

    /// The front door of `kind` with `station`'s servers and queue, and the scenario's outages and
    /// slowdowns of that actor; `operations` gives single operations a service time of their own.
    init(_ context: PaymentsContext, kind: PaymentActorKind, station configuration: StationConfiguration,
         operations: [StationOperation: Distribution] = [:]) {
        self.init(simulation: context.simulation, configuration: configuration, outages: context.configuration.outages,
                  kind: kind, random: context.splitRandom(), slowdowns: context.configuration.slowdowns,
                  operations: operations, window: context.window)
    }

    init(simulation: SimulationHandle, configuration: StationConfiguration, outages: [OutageWindow], kind: PaymentActorKind,
         random: SimRandom, slowdowns: [Slowdown] = [], operations: [StationOperation: Distribution] = [:],
         window: MeasurementWindow? = nil) {
        self.simulation = simulation
        station = ServiceStation(servers: configuration.servers, queueLimit: configuration.queueLimit, window: window)
        service = configuration.service
        var byKind: [Distribution?] = []
        for operation in StationOperation.allCases where operation.actor == kind {
            guard let distribution = operations[operation] else { continue }
            let index = Int(operation.message.rawValue)
            while byKind.count <= index { byKind.append(nil) }
            byKind[index] = distribution
        }
        self.operations = byKind
        self.random = random
        self.outages = outages.filter { $0.actor == kind }.map {
            (SimTime(nanoseconds: $0.start.nanoseconds), SimTime(nanoseconds: $0.start.nanoseconds) + $0.duration)
        }
        self.slowdowns = slowdowns.filter { $0.actor == kind }.map {
            (SimTime(nanoseconds: $0.start.nanoseconds), SimTime(nanoseconds: $0.start.nanoseconds) + $0.duration, $0.factor)
        }
    }

    enum Arrival {
        case lost
        case queued
        case rejected
    }

    /// The front door in one call: a new message is admitted (or lost to an outage, or turned
    /// away by a full queue, and counted); a served one frees its server. True when the message
    /// has been served and is to be handled now.
    mutating func take(_ event: SimulationEvent, to id: ReceiverID, counters: inout PaymentCounters) -> Bool {
        guard event.kind & PaymentMessage.servedFlag != 0 else {
            switch admit(event, to: id) {
            case .queued: break
            case .lost: counters.droppedByOutage &+= 1
            case .rejected: counters.rejectedByQueue &+= 1
            }
            return false
        }
        finished(to: id)
        return true
    }

    /// Takes a message in: starts serving it (scheduling its served copy), queues it, or loses it.
    mutating func admit(_ event: SimulationEvent, to id: ReceiverID) -> Arrival {
        let now = simulation.now
        for window in outages where now >= window.start && now < window.end { return .lost }
        switch station.arrive(0, at: now) {
        case .serving:
            serve(event, to: id)
            return .queued
        case .waiting:
            line.append(event)
            return .queued
        case .rejected:
            return .rejected
        }
    }

    /// A server finished a message: starts the next one waiting, if any.
    mutating func finished(to id: ReceiverID) {
        if station.startNext(at: simulation.now, isAbandoned: { _ in false }) != nil, let next = line.popFirst() {
            serve(next, to: id)
        }
    }

    private mutating func serve(_ event: SimulationEvent, to id: ReceiverID) {
        let kind = Int(event.kind & ~PaymentMessage.servedFlag)
        var time = (kind < operations.count ? operations[kind] ?? service : service).sample(&random)
        let now = simulation.now
        for window in slowdowns where now >= window.start && now < window.end {
            time = .seconds(fractional: time.seconds * window.factor)
        }
        simulation.schedule(after: time, to: id, kind: event.kind | PaymentMessage.servedFlag,
                            subject: event.subject, argument: event.argument)
    }
}
