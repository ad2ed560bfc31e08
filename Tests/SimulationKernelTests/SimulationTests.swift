import SimulationKernel
import Testing

/// An actor bound to a simulation lane that records what it was told, in order.
actor Recorder: EventReceiver {
    let lane: SimulationLane
    let name: String
    var log: [String] = []
    nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }

    init(lane: SimulationLane, name: String) {
        self.lane = lane
        self.name = name
    }

    nonisolated func receive(_ event: SimulationEvent) {
        assumeIsolated { $0.log.append("\(event.time.nanoseconds):\($0.name):\(event.kind)") }
    }

    nonisolated var traceName: String { name }

    func note(_ entry: String) { log.append(entry) }
    func snapshot() -> [String] { log }
}

@Suite struct SimulationTests {
    @Test func timersDueAtTheSameInstantFireInSchedulingOrder() {
        let simulation = Simulation(options: .init(seed: 1))
        let recorder = Recorder(lane: simulation.makeLane(), name: "r")
        let id = simulation.register(recorder)
        for kind in [UInt32(3), 1, 2, 0] { simulation.schedule(at: SimTime(nanoseconds: 100), to: id, kind: kind) }
        simulation.schedule(at: SimTime(nanoseconds: 50), to: id, kind: 9)
        #expect(simulation.run() == .idle)
        let log = recorder.assumeIsolatedSnapshot(simulation)
        #expect(log == ["50:r:9", "100:r:3", "100:r:1", "100:r:2", "100:r:0"])
        #expect(simulation.now == SimTime(nanoseconds: 100))
    }

    @Test func tasksSleepOnVirtualTimeAndInterleaveWithEvents() {
        let simulation = Simulation(options: .init(seed: 7))
        let recorder = Recorder(lane: simulation.makeLane(), name: "r")
        let id = simulation.register(recorder)
        simulation.schedule(at: SimTime(nanoseconds: 2_000_000), to: id, kind: 1)
        simulation.spawn {
            await simulation.sleep(until: SimTime(nanoseconds: 1_000_000))
            await recorder.note("task@\(simulation.now.nanoseconds)")
            try? await simulation.clock.sleep(for: .milliseconds(2))
            await recorder.note("task@\(simulation.now.nanoseconds)")
        }
        #expect(simulation.run() == .idle)
        #expect(recorder.assumeIsolatedSnapshot(simulation) == ["task@1000000", "2000000:r:1", "task@3000000"])
        #expect(simulation.escapes.isEmpty)
        #expect(simulation.parkedSleepers == 0)
    }

    @Test func runStopsAtTheDeadlineAndResumes() {
        let simulation = Simulation(options: .init(seed: 3))
        let recorder = Recorder(lane: simulation.makeLane(), name: "r")
        let id = simulation.register(recorder)
        for step in 1...4 { simulation.schedule(at: SimTime(nanoseconds: Int64(step) * 10), to: id, kind: UInt32(step)) }
        #expect(simulation.run(until: SimTime(nanoseconds: 25)) == .reachedDeadline)
        #expect(simulation.now == SimTime(nanoseconds: 25))
        #expect(recorder.assumeIsolatedSnapshot(simulation).count == 2)
        #expect(simulation.run() == .idle)
        #expect(recorder.assumeIsolatedSnapshot(simulation).count == 4)
    }

    @Test func jobStepsNameTheirLaneInTheTrace() {
        let simulation = Simulation(options: .init(seed: 9, lanes: .perActor))
        let recorder = Recorder(lane: simulation.makeLane(), name: "r")
        let id = simulation.register(recorder)
        let records = TraceRecords()
        simulation.setTraceSink { records.append($0) }
        simulation.spawn { await recorder.note("hop") }
        simulation.schedule(at: SimTime(nanoseconds: 10), to: id, kind: 4)
        #expect(simulation.run() == .idle)
        let names = records.all.map { "\(simulation.name(of: $0.receiver)) \(simulation.eventName($0.kind, at: $0.receiver))" }
        #expect(names == ["jobs(task lane) job", "jobs(lane 1) job", "r kind4"])
        #expect(records.all.map(\.receiver.isJobLane) == [true, true, false])
    }

    @Test func strictModeNamesABareTaskEscape() {
        let simulation = Simulation(options: .init(seed: 5))
        let receiver = EscapingReceiver()
        let id = simulation.register(receiver)
        simulation.schedule(at: SimTime(nanoseconds: 10), to: id, kind: 0)
        let end = simulation.run()
        guard case .stopped(let reason) = end else {
            Issue.record("expected the run to stop on the escape, got \(end)")
            return
        }
        #expect(reason.contains("global-executor enqueue"))
        #expect(simulation.escapes.first?.kind == .globalExecutor)
    }
}

/// Simulation code that starts a bare, unstructured task from a nonisolated handler: an escape.
final class EscapingReceiver: EventReceiver {
    func receive(_ event: SimulationEvent) {
        Task { _ = 1 + 1 }
    }
    var traceName: String { "escaper" }
}

extension Recorder {
    /// Reads the log from outside the run: the simulation is idle, so its thread is ours.
    nonisolated func assumeIsolatedSnapshot(_ simulation: Simulation) -> [String] {
        let box = Box()
        simulation.spawn { box.value = await self.snapshot() }
        simulation.run()
        return box.value
    }
}

/// Carries a value out of a simulation task; the simulation's one thread makes it safe.
final class Box: @unchecked Sendable {
    var value: [String] = []
}

/// Collects trace records from a sink, which runs on the simulation's one thread.
final class TraceRecords: @unchecked Sendable {
    private(set) var all: [TraceRecord] = []
    func append(_ record: TraceRecord) { all.append(record) }
}
