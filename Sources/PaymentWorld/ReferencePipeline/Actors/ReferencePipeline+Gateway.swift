import SimulationKernel

extension ReferencePipeline {
    /// The payment service provider of the reference pipeline: serves each payment once, then routes
    /// it through 3-D Secure (primary ACS, then the backup on a timeout) and the issuer, and answers
    /// the customer.
    public actor Gateway: SimulationActor {
        nonisolated public let lane: SimulationLane
        nonisolated public let id: ReceiverID
        // The simulation owns this actor; unchecked, because every event touches it.
        private let simulation: SimulationHandle
        private let network: Network
        private let addresses: PipelineAddresses
        @exclusivity(unchecked) private var random: SimRandom
        private let service: Distribution
        private let threeDSecureRatio: Ratio
        @exclusivity(unchecked) public private(set) var station: ServiceStation
        /// Utilization while the load was offered: from the warm-up to the last arrival (the drain after
        /// it would dilute it).
        @exclusivity(unchecked) public private(set) var utilizationUnderLoad: Double?
        /// When the offered load stopped; arrival rates are taken over the load, not the drain.
        @exclusivity(unchecked) public private(set) var loadEndedAt: SimTime?

        nonisolated public var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
        nonisolated public func eventName(_ kind: UInt32) -> String { PipelineMessage.name(kind) }
        nonisolated public var traceName: String { "gateway" }

        init(id: ReceiverID, simulation: Simulation, network: Network, addresses: PipelineAddresses,
             configuration: StationConfiguration, threeDSecureRatio: Ratio) {
            self.id = id
            self.lane = simulation.makeLane()
            self.simulation = SimulationHandle(simulation)
            self.network = network
            self.addresses = addresses
            self.random = simulation.random.split()
            self.service = configuration.service
            self.threeDSecureRatio = threeDSecureRatio
            self.station = ServiceStation(servers: configuration.servers, queueLimit: configuration.queueLimit)
        }

        public func handle(_ event: SimulationEvent) {
            guard let message = PipelineGatewayMessage(decoding: event) else {
                preconditionFailure("gateway got unexpected event kind \(event.kind)")
            }
            switch message {
            case .paymentRequest(let slot): admit(slot)
            case .serviceCompleted(let slot): served(slot)
            // The answer comes from whichever ACS finished: the primary, or the backup it failed over to.
            case .authenticationResponse(let slot, .authenticated): authorize(slot)
            case .authenticationResponse(let slot, .timedOut): respond(slot, .acsTimeout)
            case .authorizationResponse(let slot, let outcome): respond(slot, outcome)
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
            case .rejected: respond(slot, .rejected)
            }
        }

        private func startService(_ slot: UInt64) {
            simulation.schedule(after: service.sample(&random), to: id, PipelineGatewayMessage.serviceCompleted(slot: slot))
        }

        private func served(_ slot: UInt64) {
            if let next = station.startNext(at: simulation.now, isAbandoned: { _ in false }) { startService(next) }
            if random.chance(threeDSecureRatio) {
                network.send(from: id, to: addresses.acs, PipelineACSMessage.authenticationRequest(slot: Int(slot)))
            } else {
                authorize(slot)
            }
        }

        private func authorize(_ slot: UInt64) {
            network.send(from: id, to: addresses.issuer, PipelineIssuerMessage.authorizationRequest(slot: slot))
        }

        private func respond(_ slot: UInt64, _ outcome: PipelineOutcome) {
            network.send(from: id, to: addresses.customer, PipelineCustomerMessage.paymentResponse(slot: Int(slot), outcome))
        }
    }
}
