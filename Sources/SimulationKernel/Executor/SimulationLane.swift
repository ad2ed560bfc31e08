import Synchronization

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
///
/// Unchecked `Sendable` (an executor must be `Sendable`): the lane's fields never change but
/// `ended`, which its lock guards, and the jobs it takes are handed to the simulation, which runs
/// them all on its one thread; a job enqueued from another thread waits in the simulation's locked
/// inbox (`Simulation.enqueue`).
///
/// An actor holds its lane and may outlive the simulation: a task isolated to it, resumed from
/// another thread after the simulation went, is enqueued here. The simulation ends its lanes as
/// it goes, and an ended lane drops the job (its task never runs again), as
/// ``SimulationTaskExecutor`` does, instead of handing it to freed memory.
public final class SimulationLane: SerialExecutor, @unchecked Sendable {
    /// Unretained: valid while `ended` is false, which the simulation sets as it goes.
    @usableFromInline let handle: SimulationHandle
    private let ended = Mutex(false)
    /// The lane's number in its simulation, 0 for the shared lane; traces name job steps by it
    /// (`jobs(lane N)`).
    public let index: UInt32

    init(simulation: Simulation, index: UInt32) {
        handle = SimulationHandle(simulation)
        self.index = index
    }

    /// The simulation the lane belongs to.
    public var simulation: Simulation { handle.simulation }

    /// Hands a job of an actor on this lane to the simulation's ready queue; the strategy picks
    /// when it runs.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        ended.withLock { ended in
            guard !ended else { return }
            handle.with { $0.enqueue(job, lane: index) }
        }
    }

    /// The simulation is going: later jobs are dropped.
    func retire() { ended.withLock { $0 = true } }

    /// Whether the lane's simulation has gone: a job enqueued now is dropped, and its task never
    /// runs again.
    public var hasEnded: Bool { ended.withLock { $0 } }

    /// What an actor on this lane returns as its `unownedExecutor`.
    @inlinable public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Called by `assumeIsolated` when the current executor is another lane of this simulation
    /// (per-actor lanes): every lane runs on the one simulation thread, so being on that thread
    /// inside the loop is isolation enough.
    public func checkIsolated() {
        ended.withLock { ended in
            precondition(!ended, "actor on lane \(index) used after its simulation ended")
            handle.with { simulation in
                precondition(simulation.isRunningOnThisThread,
                             "actor on \(simulation.laneName(index)) used outside its simulation's thread")
            }
        }
    }
}

/// The task executor `spawn` prefers, so a task's nonisolated code also runs on the simulation's
/// thread instead of the global pool.
///
/// Unchecked `Sendable` (an executor must be `Sendable`), for `SimulationLane`'s reason: nothing
/// in it changes but `ended`, which its lock guards, and its jobs go to the simulation, which runs
/// them on its one thread.
///
/// A task of a trial may be resumed after its simulation is gone: a continuation that a Dispatch
/// timer resumes once the trial has ended (EscapeVerdictTests' "resumed from another thread").
/// The runtime then enqueues the task on this executor, which it holds unowned. So a simulation
/// that captured plain concurrency keeps its executor alive when it goes (`retire`), and an ended
/// executor drops the job: its task never runs again, as the trial's failure said. Before, the job
/// reached the freed simulation and corrupted the test process's heap now and then (crashes in
/// unrelated tests: a RunSummary copy, the runtime's metadata cache).
public final class SimulationTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// Unretained: valid while `ended` is false, which `retire` sets before the simulation goes.
    let handle: SimulationHandle
    private let ended = Mutex(false)
    /// Executors of ended simulations that captured plain concurrency, kept for their late jobs:
    /// one small object per such trial, never per load run.
    private static let retired = Mutex<[SimulationTaskExecutor]>([])

    init(simulation: Simulation) { handle = SimulationHandle(simulation) }

    /// Hands a job of a task's nonisolated code to the simulation's ready queue, on the task lane;
    /// drops it once the simulation has ended.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        ended.withLock { ended in
            guard !ended else { return }
            handle.with { $0.enqueue(job, lane: Simulation.taskLane) }
        }
    }

    /// The simulation is going: later jobs are dropped, and `keep` keeps the executor itself for
    /// the tasks that still name it.
    func retire(keep: Bool) {
        ended.withLock { $0 = true }
        if keep { Self.retired.withLock { $0.append(self) } }
    }

    /// This executor in the form `Task(executorPreference:)` takes.
    public func asUnownedTaskExecutor() -> UnownedTaskExecutor { UnownedTaskExecutor(ordinary: self) }
}
