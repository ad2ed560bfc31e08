#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The serial executor an actor binds to. Enqueued jobs go to the simulation's ready queue and
/// run on the simulation's thread, in the order its strategy picks.
///
/// ```swift
/// actor Issuer {
///     let lane: SimulationLane
///     nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
/// }
/// ```
public final class SimulationLane: SerialExecutor, @unchecked Sendable {
    // Unowned and unchecked: the simulation owns its lanes and outlives every job on them.
    public unowned(unsafe) let simulation: Simulation
    public let index: UInt32

    init(simulation: Simulation, index: UInt32) {
        self.simulation = simulation
        self.index = index
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        simulation.enqueue(UnownedJob(job), lane: index)
    }

    @inlinable public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Called by `assumeIsolated` when the current executor is another lane of this simulation
    /// (per-actor lanes): every lane runs on the one simulation thread, so being on that thread
    /// inside the loop is isolation enough.
    public func checkIsolated() {
        precondition(simulation.isRunningOnThisThread,
                     "actor on \(simulation.laneName(index)) used outside its simulation's thread")
    }
}

/// The task executor `spawn` prefers, so a task's nonisolated code also runs on the simulation's
/// thread instead of the global pool.
public final class SimulationTaskExecutor: TaskExecutor, @unchecked Sendable {
    unowned(unsafe) let simulation: Simulation

    init(simulation: Simulation) { self.simulation = simulation }

    public func enqueue(_ job: consuming ExecutorJob) {
        simulation.enqueue(UnownedJob(job), lane: Simulation.taskLane)
    }

    public func asUnownedTaskExecutor() -> UnownedTaskExecutor { UnownedTaskExecutor(ordinary: self) }
}
