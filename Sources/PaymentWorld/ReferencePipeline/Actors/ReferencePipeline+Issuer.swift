import SimulationKernel

extension ReferencePipeline {
    /// The card issuer's authorization host of the reference pipeline: a multi-server station that
    /// declines a fixed share of what it serves.
    public actor Issuer: SimulationActor {
        nonisolated public let lane: SimulationLane
        nonisolated public let id: ReceiverID
        // The simulation owns this actor; unchecked, because every event touches it.
        private let simulation: SimulationHandle
        private let network: Network
        private let gateway: ReceiverID
        @exclusivity(unchecked) private var random: SimRandom
        private let service: Distribution
        private let declineRatio: Ratio
        @exclusivity(unchecked) public private(set) var station: ServiceStation
        /// Utilization while the load was offered: from the warm-up to the last arrival (the drain after
        /// it would dilute it).
        @exclusivity(unchecked) public private(set) var utilizationUnderLoad: Double?
        /// When the offered load stopped; arrival rates are taken over the load, not the drain.
        @exclusivity(unchecked) public private(set) var loadEndedAt: SimTime?

        nonisolated public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
        nonisolated public func eventName(_ kind: UInt32) -> String { PipelineMessage.name(kind) }
        nonisolated public var traceName: String { "issuer" }

        init(id: ReceiverID, simulation: Simulation, network: Network, gateway: ReceiverID,
             configuration: StationConfiguration, declineRatio: Ratio) {
            self.id = id
            self.lane = simulation.makeLane()
            self.simulation = SimulationHandle(simulation)
            self.network = network
            self.gateway = gateway
            self.random = simulation.random.split()
            self.service = configuration.service
            self.declineRatio = declineRatio
            self.station = ServiceStation(servers: configuration.servers, queueLimit: configuration.queueLimit)
        }

        public func handle(_ event: SimulationEvent) {
            guard let message = PipelineIssuerMessage(decoding: event) else {
                preconditionFailure("issuer got unexpected event kind \(event.kind)")
            }
            switch message {
            case .authorizationRequest(let slot): admit(slot)
            case .serviceCompleted(let slot): served(slot)
            case .station(.warmupEnded): station.resetMeasurements(at: simulation.now)
            case .station(.arrivalsEnded):
                utilizationUnderLoad = station.utilization(at: simulation.now)
                loadEndedAt = simulation.now
            }
        }

        private func admit(_ slot: UInt64) {
            switch station.arrive(slot, at: simulation.now) {
            case .serving: startService(slot)
            case .waiting: break
            case .rejected: answer(slot, .rejected)
            }
        }

        private func startService(_ slot: UInt64) {
            simulation.schedule(after: service.sample(&random), to: id, PipelineIssuerMessage.serviceCompleted(slot: slot))
        }

        private func served(_ slot: UInt64) {
            if let next = station.startNext(at: simulation.now, isAbandoned: { _ in false }) { startService(next) }
            answer(slot, random.chance(declineRatio) ? .declined : .approved)
        }

        private func answer(_ slot: UInt64, _ outcome: PipelineOutcome) {
            network.send(from: id, to: gateway, PipelineGatewayMessage.authorizationResponse(slot: slot, outcome))
        }
    }
}
