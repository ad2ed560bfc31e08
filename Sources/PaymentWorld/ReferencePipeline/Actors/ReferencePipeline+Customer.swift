import SimulationKernel

extension ReferencePipeline {
    /// The device side of the reference pipeline: the source of payments, open (an arrival process)
    /// or closed (a population that pays, thinks, and pays again). It measures each payment from
    /// its scheduled arrival to its result, so a saturated gateway cannot hide its queueing (no
    /// coordinated omission, design §3.6).
    public actor Customer: SimulationActor {
        nonisolated public let lane: SimulationLane
        nonisolated public let id: ReceiverID
        // The simulation owns this actor; unchecked, because every event touches it.
        private let simulation: SimulationHandle
        private let network: Network
        private let gateway: ReceiverID
        /// The stations told when the offered load stops.
        @exclusivity(unchecked) var stationsToTell: [ReceiverID] = []
        @exclusivity(unchecked) private var random: SimRandom
        private let configuration: PipelineConfiguration
        private let warmupEnds: SimTime
        private let arrivalsEnd: SimTime
        @exclusivity(unchecked) private var generated = 0

        /// Arrival instant per payment slot; slots are reused, so memory follows payments in flight.
        @exclusivity(unchecked) private var startedAt: [SimTime] = []
        /// The closed-model customer that owns each slot.
        @exclusivity(unchecked) private var owner: [UInt32] = []
        @exclusivity(unchecked) private var freeSlots: [UInt32] = []
        @exclusivity(unchecked) public private(set) var inFlight = 0
        @exclusivity(unchecked) public private(set) var shed: UInt64 = 0
        @exclusivity(unchecked) public private(set) var latency = LatencyHistogram()
        @exclusivity(unchecked) public private(set) var outcomes = [UInt64](repeating: 0, count: PipelineOutcome.allCases.count)
        @exclusivity(unchecked) public private(set) var completed: UInt64 = 0
        @exclusivity(unchecked) public private(set) var measured: UInt64 = 0
        @exclusivity(unchecked) public private(set) var lastCompletion = SimTime.zero
        /// Completions and latency of the current reporting interval, for metrics.csv.
        @exclusivity(unchecked) public private(set) var interval = IntervalMetrics()

        nonisolated public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
        nonisolated public func eventName(_ kind: UInt32) -> String { PipelineMessage.name(kind) }
        nonisolated public var traceName: String { "customer" }

        init(id: ReceiverID, simulation: Simulation, network: Network, gateway: ReceiverID,
             configuration: PipelineConfiguration) {
            self.id = id
            self.lane = simulation.makeLane()
            self.simulation = SimulationHandle(simulation)
            self.network = network
            self.gateway = gateway
            self.random = simulation.random.split()
            self.configuration = configuration
            self.warmupEnds = SimTime(nanoseconds: configuration.warmup.nanoseconds)
            self.arrivalsEnd = configuration.duration.map { SimTime(nanoseconds: $0.nanoseconds) }
                ?? SimTime(nanoseconds: .max)
        }

        /// Starts the source at time zero.
        nonisolated func start() {
            simulation.schedule(at: .zero, to: id, PipelineCustomerMessage.sourceStarted)
        }

        public func handle(_ event: SimulationEvent) {
            guard let message = PipelineCustomerMessage(decoding: event) else {
                preconditionFailure("customer got unexpected event kind \(event.kind)")
            }
            switch message {
            case .arrivalDue(let customer): arrive(customer: customer)
            case .sourceStarted: startSource()
            case .paymentResponse(let slot, let outcome): finish(slot: slot, outcome: outcome)
            }
        }

        private func startSource() {
            if case .closed(let customers, let thinkTime) = configuration.shape {
                for customer in 0..<customers { think(customer: UInt32(customer), thinkTime: thinkTime) }
            } else {
                scheduleNextArrival()
            }
        }

        private func arrive(customer: UInt32) {
            guard generated < configuration.lifecycles, simulation.now < arrivalsEnd else { return }
            let closedThinkTime: Distribution?
            if case .closed(_, let thinkTime) = configuration.shape { closedThinkTime = thinkTime } else { closedThinkTime = nil }
            if inFlight >= configuration.maxInFlight {
                // Offered but turned away: it counts toward `lifecycles`, the offered load.
                generated += 1
                if generated == configuration.lifecycles { announceArrivalsEnded() }
                shed &+= 1
                // A shed closed-model customer tries again after thinking; an open source moves on.
                if let closedThinkTime { think(customer: customer, thinkTime: closedThinkTime) }
            } else {
                start(customer: customer)
            }
            if closedThinkTime == nil { scheduleNextArrival() }
        }

        private func start(customer: UInt32) {
            let now = simulation.now
            let slot: Int
            if let reused = freeSlots.popLast() {
                slot = Int(reused)
                startedAt[slot] = now
                owner[slot] = customer
            } else {
                slot = startedAt.count
                startedAt.append(now)
                owner.append(customer)
            }
            generated += 1
            inFlight += 1
            if generated == configuration.lifecycles { announceArrivalsEnded() }  // The last arrival.
            network.send(from: id, to: gateway, PipelineGatewayMessage.paymentRequest(slot: UInt64(slot)))
        }

        private func announceArrivalsEnded() {
            for station in stationsToTell {
                simulation.schedule(after: .zero, to: station, kind: PipelineMessage.arrivalsEnded.rawValue)
            }
        }

        private func scheduleNextArrival() {
            guard generated < configuration.lifecycles, let process = configuration.arrivalProcess,
                  let next = process.nextArrival(after: simulation.now, random: &random) else { return }
            guard next < arrivalsEnd else {
                announceArrivalsEnded()  // `run.duration` ended the offered load.
                return
            }
            simulation.schedule(at: next, to: id, PipelineCustomerMessage.arrivalDue(customer: 0))
        }

        private func think(customer: UInt32, thinkTime: Distribution) {
            guard generated < configuration.lifecycles else { return }
            simulation.schedule(after: thinkTime.sample(&random), to: id, PipelineCustomerMessage.arrivalDue(customer: customer))
        }

        private func finish(slot: Int, outcome: PipelineOutcome) {
            let now = simulation.now
            completed &+= 1
            inFlight -= 1
            lastCompletion = now
            freeSlots.append(UInt32(slot))
            if startedAt[slot] >= warmupEnds {
                let elapsed = (now - startedAt[slot]).nanoseconds
                latency.record(elapsed)
                outcomes[Int(outcome.rawValue)] &+= 1
                measured &+= 1
                interval.record(latency: elapsed, success: outcome == .approved)
            }
            if case .closed(_, let thinkTime) = configuration.shape { think(customer: owner[slot], thinkTime: thinkTime) }
        }

        /// Payments generated so far.
        public var generatedCount: Int { generated }

        /// Hands over the current interval's figures and starts a new interval.
        func takeInterval() -> IntervalMetrics {
            defer { interval = IntervalMetrics() }
            return interval
        }
    }

    /// What one reporting interval saw: the rows of metrics.csv.
    public struct IntervalMetrics: Sendable {
        public var completed: UInt64 = 0
        public var succeeded: UInt64 = 0
        public var latency = LatencyHistogram()

        mutating func record(latency value: Int64, success: Bool) {
            completed &+= 1
            if success { succeeded &+= 1 }
            latency.record(value)
        }
    }
}

extension ReferencePipeline.Customer {
    /// Tells the customer which stations to notify when arrivals end; while building the world.
    nonisolated func assumeIsolatedStations(_ stations: [ReceiverID], simulation: Simulation) {
        simulation.inspect { assumeIsolated { $0.stationsToTell = stations } }
    }
}
