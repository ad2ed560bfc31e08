@_spi(ExperimentalScheduling) import _Concurrency
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Since Swift 6.3 a sleep asks the current scheduling executor to run its wake-up job later,
// before it asks the global executor's hooks: the running actor's executor, else the task's
// preferred executor, else the thread's task executor, else the global default. Without this
// conformance the default one is found first, and a sleep in a simulated task waits on the
// real clock on the global pool, out of the simulation's sight.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
@_spi(ExperimentalScheduling)
extension SimulationTaskExecutor: SchedulingExecutor {
    /// Runs `job` after `delay` of the simulation's virtual time, when the simulation runs plain
    /// concurrency (``Simulation/capturesGlobalWork``); otherwise hands it to the global executor,
    /// which strict mode counts as an escape.
    public func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?,
                                  clock: C) {
        let job = UnownedJob(job)
        schedule(job, after: VirtualDelay.of(delay))
    }

    /// Runs `job` at `instant` of `clock`. An instant of ``SimulationClock`` is exact; an instant
    /// of a real clock becomes the time left until it, rounded up to a whole millisecond
    /// (`RealDeadline` says why that gives the same delay in every process).
    public func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?,
                                  clock: C) {
        let job = UnownedJob(job)
        if let virtual = instant as? SimulationClock.Instant {
            let now = handle.now
            schedule(job, after: virtual.time > now ? virtual.time - now : .zero)
            return
        }
        schedule(job, after: RealDeadline.rounded(VirtualDelay.of(clock.now.duration(to: instant))))
    }

    private func schedule(_ job: UnownedJob, after delay: SimDuration) {
        let taken = handle.with { simulation in
            simulation.isRunningOnThisThread && simulation.takeDelayedJob(job, after: delay)
        }
        if !taken { RuntimeEntry.enqueueGlobal(job, after: delay) }
    }
}

/// Durations of any clock as virtual ones.
enum VirtualDelay {
    static func of<D: DurationProtocol>(_ duration: D) -> SimDuration {
        guard let duration = duration as? Duration else {
            // A clock whose durations are not `Duration`: there is no exact way to read it.
            return .zero
        }
        let nanoseconds = SimulationClock.simDuration(duration).nanoseconds
        return SimDuration(nanoseconds: max(0, nanoseconds))
    }
}

/// The runtime's own entry for a delayed job, for a job the simulation does not take: it goes
/// through the hooks (which name it an escape in strict mode) to the global executor.
enum RuntimeEntry {
    typealias Delayed = @convention(thin) (UInt64, UnownedJob) -> Void

    private static let delayed: Delayed? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_task_enqueueGlobalWithDelay") else {
            return nil
        }
        return unsafeBitCast(symbol, to: Delayed.self)
    }()

    typealias TaskID = @convention(thin) (UnownedJob) -> UInt64

    private static let taskIDFunction: TaskID? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_task_getJobTaskId") else { return nil }
        return unsafeBitCast(symbol, to: TaskID.self)
    }()

    /// The runtime's id of the task `job` belongs to; 0 when the job is not a task's or the
    /// runtime does not say.
    static func taskID(_ job: UnownedJob) -> UInt64 {
        guard let taskIDFunction else { return 0 }
        return taskIDFunction(job)
    }

    static func enqueueGlobal(_ job: UnownedJob, after delay: SimDuration) {
        guard let delayed else {
            preconditionFailure("the Swift runtime does not export swift_task_enqueueGlobalWithDelay")
        }
        delayed(UInt64(max(0, delay.nanoseconds)), job)
    }
}
