#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runtime's global-enqueue hooks: what lets a simulation see, and with
/// ``Simulation/capturesGlobalWork`` run, the jobs that plain Swift concurrency sends to the
/// global concurrent executor and to the main actor.
///
/// The runtime exports one hook variable per entry point (`swift_task_enqueueGlobal_hook`, its
/// `WithDelay` and `WithDeadline` siblings, `swift_task_enqueueMainExecutor_hook`). Each hook
/// here looks at a thread-local slot that names the simulation running on the calling thread.
/// Where the slot is empty (code outside any simulation, every other trial's thread, the
/// global pool itself) the job goes on to the runtime unchanged, so only the thread a
/// simulation owns is affected. A load run never enqueues on the global executor, so it never
/// enters a hook.
enum StrictMode {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void
    typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
    typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
    typealias DeadlineOriginal = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
    typealias DeadlineHook = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void

    typealias GetMainOriginal = @convention(thin) () -> UnownedSerialExecutor
    typealias GetMainHook = @convention(thin) (GetMainOriginal) -> UnownedSerialExecutor

    private static let currentSimulationKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    /// The simulation that owns the calling thread right now, if any.
    static func current() -> SimulationHandle? {
        pthread_getspecific(currentSimulationKey).map(SimulationHandle.init(opaque:))
    }

    private static let installed: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW),
              let global = dlsym(handle, "swift_task_enqueueGlobal_hook") else { return false }
        global.assumingMemoryBound(to: Hook?.self).pointee = { job, original in
            guard let simulation = current() else { return original(job) }
            if !simulation.with({ $0.takeGlobalJob(job) }) { original(job) }
        }
        if let delayed = dlsym(handle, "swift_task_enqueueGlobalWithDelay_hook") {
            delayed.assumingMemoryBound(to: DelayHook?.self).pointee = { delay, job, original in
                guard let simulation = current() else { return original(delay, job) }
                let nanoseconds = Int64(clamping: delay)
                if !simulation.with({ $0.takeDelayedJob(job, after: SimDuration(nanoseconds: nanoseconds)) }) {
                    original(delay, job)
                }
            }
        }
        if let deadline = dlsym(handle, "swift_task_enqueueGlobalWithDeadline_hook") {
            deadline.assumingMemoryBound(to: DeadlineHook?.self).pointee = { seconds, nanoseconds, toleranceSeconds,
                toleranceNanoseconds, clock, job, original in
                guard let simulation = current() else {
                    return original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
                }
                let delay = RealDeadline.delay(seconds: seconds, nanoseconds: nanoseconds, clock: clock)
                if !simulation.with({ $0.takeDelayedJob(job, after: delay) }) {
                    original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
                }
            }
        }
        // Since Swift 6.3 a hop to the main actor reaches the main executor's own `enqueue`, not
        // the main-executor enqueue hook; what the hop asks first is whether its target is the main
        // executor.
        if let getMain = dlsym(handle, "swift_task_getMainExecutor_hook") {
            getMain.assumingMemoryBound(to: GetMainHook?.self).pointee = { original in
                // Not a use of the main actor: the simulation records that its code asked for it,
                // so the run fails naming it (TidyTests.reviewed).
                if let simulation = current() { simulation.with { $0.noteMainActor() } }
                return original()
            }
        }
        if let main = dlsym(handle, "swift_task_enqueueMainExecutor_hook") {
            main.assumingMemoryBound(to: Hook?.self).pointee = { job, original in
                guard let simulation = current() else { return original(job) }
                // A main-actor job from simulation code is kept and never run, and the run fails
                // naming it; outside a capturing run it goes on as the runtime meant (TidyTests.reviewed).
                if !simulation.with({ $0.takeMainActorJob(job) }) { original(job) }
            }
        }
        return true
    }()

    /// Whether the hooks could be installed (they can wherever the Swift runtime exports them).
    static func install() { _ = installed }

    static var isAvailable: Bool { installed }

    /// Marks `simulation` as the one running on this thread; returns what to restore.
    static func enter(_ simulation: Simulation) -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(currentSimulationKey)
        if simulation.options.strict || simulation.capturesGlobalWork {
            // Unretained: `run` clears the slot (`leave`) before it returns.
            pthread_setspecific(currentSimulationKey, SimulationHandle(simulation).opaque)
        }
        return previous
    }

    static func leave(_ previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(currentSimulationKey, previous)
    }
}

/// A deadline on a real clock, as the runtime hands it to the deadline hook, turned into a
/// virtual delay.
///
/// `Task.sleep(for:)` reads the real clock and adds the duration before the runtime sees it, so
/// the duration itself is gone. What is left is the deadline minus the real time now: the
/// duration less the few instructions between the clock's read and the hook. Rounding that up
/// to a whole millisecond gives back every duration of whole milliseconds exactly, the same in
/// every process, unless the thread is held off the CPU for a millisecond inside those few
/// instructions. A finer duration is rounded up to the next millisecond.
enum RealDeadline {
    static let grain: Int64 = 1_000_000

    static func delay(seconds: Int64, nanoseconds: Int64, clock: Int32) -> SimDuration {
        var now = timespec()
        // The runtime's ids: 1 continuous, 2 suspending; what `swift_get_time` reads for each.
        #if os(Linux)
        clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now)
        #else
        clock_gettime(clock == 1 ? CLOCK_MONOTONIC_RAW : CLOCK_UPTIME_RAW, &now)
        #endif
        let left = (seconds &- Int64(now.tv_sec)) &* 1_000_000_000 &+ (nanoseconds &- Int64(now.tv_nsec))
        return rounded(SimDuration(nanoseconds: left))
    }

    /// The time left until a real deadline, rounded up to a whole millisecond; zero if it passed.
    static func rounded(_ left: SimDuration) -> SimDuration {
        guard left.nanoseconds > 0 else { return .zero }
        let grains = (left.nanoseconds &+ grain &- 1) / grain
        return SimDuration(nanoseconds: grains &* grain)
    }
}
