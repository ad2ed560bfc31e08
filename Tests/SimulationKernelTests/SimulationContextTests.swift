import SimulationKernel
import Testing

/// A user actor: sleeps a random number of milliseconds per round on its context's clock, and
/// traces and measures every round.
actor Ticker: SimulatedActor {
    nonisolated let context: SimulationContext
    private(set) var draws: [UInt64] = []

    init(context: SimulationContext) { self.context = context }

    func tick(rounds: Int) async {
        for round in 0..<rounds {
            let start = context.clock.now
            let draw = context.random.int(in: 1...10)
            draws.append(draw)
            try? await context.clock.sleep(for: .milliseconds(draw))
            context.trace("tick", subject: UInt64(round))
            context.record(latency: start.duration(to: context.clock.now), in: "tick")
        }
    }

    nonisolated func drawsAfterRun() -> [UInt64] {
        context.simulation.inspect { assumeIsolated { $0.draws } }
    }
}

/// Two tickers on per-actor lanes, racing under `.random`; returns their draws and the trace hash.
func tickerRun(seed: UInt64) -> (draws: [[UInt64]], hash: UInt64, simulation: Simulation) {
    let simulation = Simulation(options: .init(seed: seed, strategy: .random, lanes: .perActor))
    let tickers = ["a", "b"].map { Ticker(context: simulation.makeContext(name: $0)) }
    for ticker in tickers { simulation.spawn { await ticker.tick(rounds: 5) } }
    #expect(simulation.run() == .idle)
    #expect(simulation.escapes.isEmpty)
    return (tickers.map { $0.drawsAfterRun() }, simulation.trace.hash, simulation)
}

@Suite struct SimulationContextTests {
    @Test func clockSleepAdvancesVirtualTimeOnly() {
        let simulation = Simulation(options: .init(seed: 1, lanes: .perActor))
        let context = simulation.makeContext(name: "sleeper")
        simulation.spawn {
            try? await context.clock.sleep(for: .milliseconds(5))
            #expect(context.now == SimTime(nanoseconds: 5_000_000))
            await context.sleep(for: .seconds(2))
        }
        #expect(simulation.run() == .idle)
        #expect(simulation.now == SimTime(nanoseconds: 2_005_000_000))
        #expect(simulation.parkedSleepers == 0)
    }

    @Test func aSeedReplaysItsDrawsAndTrace() {
        let first = tickerRun(seed: 42)
        let second = tickerRun(seed: 42)
        #expect(first.draws == second.draws)
        #expect(first.hash == second.hash)
        #expect(first.draws[0] != first.draws[1], "each actor has its own stream")
        let other = tickerRun(seed: 43)
        #expect(other.draws != first.draws)
        #expect(other.hash != first.hash)
    }

    @Test func anActorsStreamDependsOnItsNameNotOnOtherActors() {
        let alone = Simulation(options: .init(seed: 9))
        let crowded = Simulation(options: .init(seed: 9))
        _ = crowded.makeContext(name: "someone else")
        var first = alone.makeContext(name: "a").random
        var second = crowded.makeContext(name: "a").random
        #expect(first.next() == second.next())
    }

    @Test func notesGoIntoTheTraceHashUnderTheirName() {
        let simulation = Simulation(options: .init(seed: 3))
        let context = simulation.makeContext(name: "client")
        let before = simulation.trace.hash
        context.trace("charged", subject: 17)
        #expect(simulation.trace.hash != before)
        let record = simulation.trace.recent.last
        #expect(record?.receiver == context.address && record?.subject == 17)
        #expect(simulation.name(of: context.address) == "client")
        #expect(simulation.eventName(record?.kind ?? 0, at: context.address) == "charged")

        // The same note with another subject, or another name, folds in differently.
        let other = Simulation(options: .init(seed: 3))
        other.makeContext(name: "client").trace("refunded", subject: 17)
        #expect(other.trace.hash != simulation.trace.hash)
    }

    @Test func latenciesLandInNamedHistograms() throws {
        let (_, _, simulation) = tickerRun(seed: 5)
        let histogram = try #require(simulation.metrics.histogram("tick"))
        #expect(histogram.count == 10)
        #expect(histogram.min >= 1_000_000 && histogram.max <= 10_000_000)
        #expect(simulation.metrics.names == ["tick"])
        #expect(simulation.metrics.histogram("missing") == nil)
    }

    @Test func transmitTakesTheLinksLatencyOrTimesOut() {
        let simulation = Simulation(options: .init(seed: 2, lanes: .perActor))
        let network = Network(simulation: simulation, defaultLatency: .constant(.milliseconds(7)))
        let client = simulation.makeContext(name: "client", network: network)
        let gateway = simulation.makeContext(name: "gateway", network: network)
        network.windows = [FaultWindow(kind: .partition, start: SimTime(nanoseconds: 100_000_000),
                                       end: SimTime(nanoseconds: 200_000_000))]
        let box = OutcomeBox()
        simulation.spawn {
            let arrived = await client.transmit(to: gateway.address, timeout: .milliseconds(50))
            box.outcomes.append("\(arrived)@\(client.now.nanoseconds / 1_000_000)ms")
            await client.sleep(for: .milliseconds(100))  // Into the partition.
            let lost = await client.transmit(to: gateway.address, timeout: .milliseconds(50))
            box.outcomes.append("\(lost)@\(client.now.nanoseconds / 1_000_000)ms")
        }
        #expect(simulation.run() == .idle)
        #expect(box.outcomes == ["true@7ms", "false@157ms"])
        #expect(simulation.parkedSleepers == 0)
        #expect(network.statistics.sent == 2 && network.statistics.lost == 1)
    }
}

/// Carries results out of a simulation task; the simulation's one thread makes it safe.
final class OutcomeBox: @unchecked Sendable {
    var outcomes: [String] = []
}
