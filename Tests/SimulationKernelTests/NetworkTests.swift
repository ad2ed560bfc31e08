import SimulationKernel
import Testing

@Suite struct NetworkTests {
    /// Sends one message per millisecond from a to b for one second and counts arrivals.
    static func deliveries(windows: [FaultWindow], faults: FaultProfile = .none, seed: UInt64 = 1) -> (Int, Network.Statistics) {
        let simulation = Simulation(options: .init(seed: seed))
        let network = Network(simulation: simulation, defaultLatency: .constant(.milliseconds(5)), defaultFaults: faults)
        let sink = Recorder(lane: simulation.makeLane(), name: "b")
        let source = simulation.register(Recorder(lane: simulation.makeLane(), name: "a"))
        let target = simulation.register(sink)
        network.windows = windows.map { window in
            var copy = window
            if copy.between != nil { copy.between = (source, target) }
            return copy
        }
        let sender = Sender(lane: simulation.makeLane(), network: network, source: source, target: target)
        let senderID = simulation.register(sender)
        for millisecond in 0..<1_000 {
            simulation.schedule(at: SimTime(nanoseconds: Int64(millisecond) * 1_000_000), to: senderID, kind: 0)
        }
        simulation.run()
        return (sink.assumeIsolatedSnapshot(simulation).count, network.statistics)
    }

    @Test func aPartitionDropsEverythingOnItsLinkForItsWindow() {
        let window = FaultWindow(kind: .partition, start: SimTime(nanoseconds: 200_000_000),
                                 end: SimTime(nanoseconds: 500_000_000), between: (ReceiverID(rawValue: 1), ReceiverID(rawValue: 2)))
        let (delivered, statistics) = Self.deliveries(windows: [window])
        #expect(delivered == 700)
        #expect(statistics.lost == 300)
    }

    @Test func aLatencySpikeDelaysWithoutLosing() {
        let spike = FaultWindow(kind: .latencySpike(factor: 100), start: .zero, end: SimTime(nanoseconds: 1_000_000_000))
        let (delivered, statistics) = Self.deliveries(windows: [spike])
        #expect(delivered == 1_000)
        #expect(statistics.lost == 0)
    }

    @Test func lossInAWindowLosesAboutItsShare() {
        let loss = FaultWindow(kind: .loss(Ratio(1, 2)), start: .zero, end: SimTime(nanoseconds: 1_000_000_000))
        let (delivered, statistics) = Self.deliveries(windows: [loss])
        #expect(delivered + Int(statistics.lost) == 1_000)
        #expect(abs(delivered - 500) < 80, "\(delivered)")
    }

    @Test func duplicationDeliversSomeMessagesTwice() {
        let (delivered, statistics) = Self.deliveries(windows: [], faults: FaultProfile(duplication: Ratio(1, 10)))
        #expect(delivered == 1_000 + Int(statistics.duplicated))
        #expect(statistics.duplicated > 50)
    }
}

/// Sends one message to `target` on every event it gets.
actor Sender: SimulationActor {
    nonisolated let lane: SimulationLane
    nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
    nonisolated var traceName: String { "sender" }
    let network: Network
    let source: ReceiverID
    let target: ReceiverID

    init(lane: SimulationLane, network: Network, source: ReceiverID, target: ReceiverID) {
        self.lane = lane
        self.network = network
        self.source = source
        self.target = target
    }

    func handle(_ event: SimulationEvent) { network.send(from: source, to: target, kind: 7) }
}
