import SimulationKernel
import Testing

/// Delivery jitter: the scheduler, from a stream of its own, delays each network delivery by up
/// to the option's bound, so message races vary with the schedule while the model's draws stay put.
@Suite struct DeliveryJitterTests {
    /// Two senders each send one message per millisecond to one sink; returns the order in
    /// which the sink saw the senders, as a string of "a" and "b", and the trace hash.
    static func race(jitter: SimDuration, seed: UInt64 = 3, strategy: SchedulingStrategy = .fifo)
        -> (order: String, hash: UInt64, sunk: Int) {
        let simulation = Simulation(options: .init(seed: seed, strategy: strategy, deliveryJitter: jitter))
        let network = Network(simulation: simulation, defaultLatency: .constant(.milliseconds(5)))
        let sink = Recorder(lane: simulation.makeLane(), name: "sink")
        let target = simulation.register(sink)
        let senders = [UInt32(1), 2].map { kind in
            let source = simulation.register(Recorder(lane: simulation.makeLane(), name: "source\(kind)"))
            return simulation.register(TaggedSender(lane: simulation.makeLane(), network: network, source: source,
                                                    target: target, kind: kind))
        }
        for millisecond in 0..<200 {
            for sender in senders {
                simulation.schedule(at: SimTime(nanoseconds: Int64(millisecond) * 1_000_000), to: sender, kind: 0)
            }
        }
        simulation.run()
        let seen = sink.assumeIsolatedSnapshot(simulation)
        let order = seen.map { $0.hasSuffix(":1") ? "a" : "b" }.joined()
        return (order, simulation.trace.hash, seen.count)
    }

    @Test func noJitterKeepsEveryDeliveryAtTheModelsLatency() {
        let plain = Self.race(jitter: .zero)
        #expect(plain.sunk == 400)
        #expect(plain.order == String(repeating: "ab", count: 200))
    }

    /// Each strategy chooses the jitter its own way: the same race under fifo, random and pct
    /// orders differently, and each order replays.
    @Test func eachStrategyChoosesItsOwnRaces() {
        let orders = [SchedulingStrategy.fifo, .random, .pct(depth: 3, steps: 400)].map { strategy in
            Self.race(jitter: .milliseconds(2), strategy: strategy)
        }
        #expect(orders.allSatisfy { $0.sunk == 400 })
        #expect(Set(orders.map(\.order)).count == 3, "\(orders.map(\.order))")
        let pctAgain = Self.race(jitter: .milliseconds(2), strategy: .pct(depth: 3, steps: 400))
        #expect(pctAgain.order == orders[2].order && pctAgain.hash == orders[2].hash)
    }

    @Test func jitterReordersRacesDeterministically() {
        let first = Self.race(jitter: .milliseconds(2))
        let again = Self.race(jitter: .milliseconds(2))
        #expect(first.sunk == 400)
        #expect(first.order == again.order && first.hash == again.hash)
        #expect(first.order != String(repeating: "ab", count: 200), "2 ms of jitter should reorder some of 200 races")
        let otherSeed = Self.race(jitter: .milliseconds(2), seed: 4)
        #expect(otherSeed.hash != first.hash)
    }
}

/// Sends one message of its own kind to `target` each time it is told to.
actor TaggedSender: SimulationActor {
    nonisolated let lane: SimulationLane
    nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
    nonisolated var traceName: String { "sender\(kind)" }
    let network: Network
    let source: ReceiverID
    let target: ReceiverID
    let kind: UInt32

    init(lane: SimulationLane, network: Network, source: ReceiverID, target: ReceiverID, kind: UInt32) {
        self.lane = lane
        self.network = network
        self.source = source
        self.target = target
        self.kind = kind
    }

    func handle(_ event: SimulationEvent) { network.send(from: source, to: target, kind: kind) }
}
