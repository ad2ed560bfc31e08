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

    /// The flow observer (`--trace run.json` arrows) sees each message once sent and once
    /// delivered, under its order key, and changes neither the steps nor the trace hash.
    @Test(arguments: [SchedulingStrategy.fifo, .random, .pct(depth: 3, steps: 3_000)])
    func flowObserverSeesEveryDeliveryWithoutChangingTheHash(strategy: SchedulingStrategy) {
        final class Flows: @unchecked Sendable {
            var sent: [UInt64: ReceiverID] = [:]
            var matched = 0
            var unmatched = 0
        }
        func run(observe: Bool) -> (hash: UInt64, steps: UInt64, flows: Flows) {
            let simulation = Simulation(options: .init(seed: 5, strategy: strategy))
            let network = Network(simulation: simulation, defaultLatency: .uniform(.milliseconds(1), .milliseconds(9)),
                                  defaultFaults: FaultProfile(duplication: Ratio(1, 10)))
            let target = simulation.register(Recorder(lane: simulation.makeLane(), name: "b"))
            let source = ReceiverID(rawValue: target.rawValue + 1)
            let senderID = simulation.register(Sender(lane: simulation.makeLane(), network: network, source: source, target: target))
            let flows = Flows()
            if observe {
                simulation.setFlowObserver(MessageFlowObserver(
                    scheduled: { order, receiver, _ in flows.sent[order] = receiver },
                    delivered: { order in
                        if flows.sent.removeValue(forKey: order) != nil { flows.matched += 1 } else { flows.unmatched += 1 }
                    }))
            }
            for millisecond in 0..<1_000 {
                simulation.schedule(at: SimTime(nanoseconds: Int64(millisecond) * 1_000_000), to: senderID, kind: 0)
            }
            simulation.run()
            return (simulation.trace.hash, simulation.trace.steps, flows)
        }
        let plain = run(observe: false)
        let observed = run(observe: true)
        #expect(observed.hash == plain.hash && observed.steps == plain.steps)
        // Messages sent by a running step are matched; the 1,000 scheduled before the run are not seen.
        #expect(observed.flows.matched > 1_050 && observed.flows.sent.isEmpty, "\(observed.flows.matched)")
        #expect(observed.flows.unmatched == 1_000)
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
