import Dispatch
import SimulationKernel
import Synchronization
import Testing

/// An actor holds its lane and may outlive its simulation. A task isolated to it, resumed from
/// another thread once the simulation is gone, is dropped by the ended lane: before, the lane
/// handed the job to the freed simulation (the task executor had the same flaw, which crashed
/// unrelated tests now and then: issue 30).
@Suite struct LateLaneResumeTests {
    final class Box: Sendable {
        let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let ran = Mutex(false)
    }

    actor Waiter {
        let lane: SimulationLane
        nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
        init(lane: SimulationLane) { self.lane = lane }

        func wait(_ box: Box) async {
            await withCheckedContinuation { continuation in box.continuation.withLock { $0 = continuation } }
            box.ran.withLock { $0 = true }
        }
    }

    @Test func aTaskResumedOnALaneAfterItsSimulationWentIsDropped() async throws {
        let box = Box()
        weak var gone: Simulation?
        var waiter: Waiter?
        do {
            let simulation = Simulation(options: .init(seed: 1, lanes: .perActor))
            let actor = Waiter(lane: simulation.makeLane())
            simulation.spawn { await actor.wait(box) }
            #expect(simulation.run() == .idle)
            #expect(box.continuation.withLock { $0 != nil }, "the task is suspended on its continuation")
            waiter = actor
            gone = simulation
        }
        #expect(gone == nil, "the simulation is freed while its actor lives on")
        #expect(waiter?.lane.hasEnded == true, "the simulation ended its lanes as it went")
        let continuation = try #require(box.continuation.withLock { $0.take() })
        DispatchQueue.global().async { continuation.resume() }
        try await Task.sleep(for: .milliseconds(100))
        #expect(!box.ran.withLock { $0 }, "the late job ran on a simulation that no longer exists")
        _ = waiter
    }
}
