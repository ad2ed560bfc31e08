import SimulationKernel

extension ReferencePipeline {
    /// A 3-D Secure access control server pool: a multi-server station whose requests give up
    /// after waiting `queueTimeout` for a server. A primary pool hands a timed-out request to its
    /// backup pool (one hop); the pool that finishes answers the gateway.
    ///
    /// This is the SimPy model's hop structure exactly: primary served → one hop back; primary timed
    /// out → one hop to the backup, then one hop back whether the backup served it or timed out.
    public actor ACSServer: SimulationActor {
        /// Where a request stands at this pool; `generation` tells a stale timeout from a live wait.
        struct Visit {
            var waiting = false
            var generation: UInt32 = 0
        }

        nonisolated public let lane: SimulationLane
        nonisolated public let id: ReceiverID
        nonisolated let name: String
        // The simulation owns this actor; unchecked, because every event touches it.
        private let simulation: SimulationHandle
        private let network: Network
        private let gateway: ReceiverID
        private let failover: ReceiverID?
        @exclusivity(unchecked) private var random: SimRandom
        private let service: Distribution
        private let queueTimeout: SimDuration
        @exclusivity(unchecked) public private(set) var station: ServiceStation
        /// Utilization while the load was offered: from the warm-up to the last arrival (the drain after
        /// it would dilute it).
        @exclusivity(unchecked) public private(set) var utilizationUnderLoad: Double?
        /// When the offered load stopped; arrival rates are taken over the load, not the drain.
        @exclusivity(unchecked) public private(set) var loadEndedAt: SimTime?
        @exclusivity(unchecked) private var visits: [Visit] = []
        @exclusivity(unchecked) public private(set) var timedOut: UInt64 = 0

        nonisolated public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
        nonisolated public func eventName(_ kind: UInt32) -> String { PipelineMessage.name(kind) }
        nonisolated public var traceName: String { name }

        init(id: ReceiverID, name: String, simulation: Simulation, network: Network, gateway: ReceiverID,
             failover: ReceiverID?, configuration: StationConfiguration, queueTimeout: SimDuration) {
            self.id = id
            self.name = name
            self.lane = simulation.makeLane()
            self.simulation = SimulationHandle(simulation)
            self.network = network
            self.gateway = gateway
            self.failover = failover
            self.random = simulation.random.split()
            self.service = configuration.service
            self.queueTimeout = queueTimeout
            self.station = ServiceStation(servers: configuration.servers, queueLimit: configuration.queueLimit)
        }

        public func handle(_ event: SimulationEvent) {
            guard let message = PipelineACSMessage(decoding: event) else {
                preconditionFailure("\(name) got unexpected event kind \(event.kind)")
            }
            switch message {
            case .authenticationRequest(let slot): admit(slot)
            case .serviceCompleted(let slot): served(slot)
            case .queueTimeoutDue(let slot, let generation): waitExpired(slot, generation: generation)
            case .station(.warmupEnded): station.resetMeasurements(at: simulation.now)
            case .station(.arrivalsEnded):
                utilizationUnderLoad = station.utilization(at: simulation.now)
                loadEndedAt = simulation.now
            }
        }

        private func admit(_ slot: Int) {
            while visits.count <= slot { visits.append(Visit()) }
            visits[slot].generation &+= 1
            let generation = visits[slot].generation
            let token = UInt64(generation) << 32 | UInt64(slot)
            switch station.arrive(token, at: simulation.now) {
            case .serving:
                startService(slot)
            case .waiting:
                visits[slot].waiting = true
                simulation.schedule(after: queueTimeout, to: id, PipelineACSMessage.queueTimeoutDue(slot: slot, generation: generation))
            case .rejected:
                giveUp(slot)
            }
        }

        private func startService(_ slot: Int) {
            simulation.schedule(after: service.sample(&random), to: id, PipelineACSMessage.serviceCompleted(slot: slot))
        }

        private func served(_ slot: Int) {
            let next = station.startNext(at: simulation.now) { token in
                let visit = visits[Int(token & 0xFFFF_FFFF)]
                return !visit.waiting || visit.generation != UInt32(token >> 32)
            }
            if let next {
                let nextSlot = Int(next & 0xFFFF_FFFF)
                visits[nextSlot].waiting = false
                startService(nextSlot)
            }
            network.send(from: id, to: gateway, PipelineGatewayMessage.authenticationResponse(slot: UInt64(slot), .authenticated))
        }

        private func waitExpired(_ slot: Int, generation: UInt32) {
            guard visits[slot].waiting, visits[slot].generation == generation else { return }  // Served in time.
            visits[slot].waiting = false
            station.noteAbandoned(at: simulation.now)
            timedOut &+= 1
            giveUp(slot)
        }

        private func giveUp(_ slot: Int) {
            if let failover {
                network.send(from: id, to: failover, PipelineACSMessage.authenticationRequest(slot: slot))
            } else {
                network.send(from: id, to: gateway, PipelineGatewayMessage.authenticationResponse(slot: UInt64(slot), .timedOut))
            }
        }
    }
}
