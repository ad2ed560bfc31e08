#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Catches jobs that simulation code sends to the global concurrent executor.
///
/// The runtime exports `swift_task_enqueueGlobal_hook`; strict mode installs a hook that only
/// *counts* (style §14): it tells the simulation running on the calling thread, then passes the
/// job on unchanged. A thread-local slot names that simulation, so simulations on other threads
/// and code outside any simulation are not affected.
enum StrictMode {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private static let currentSimulationKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    private static let installed: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW),
              let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook") else { return false }
        let slot = symbol.assumingMemoryBound(to: Hook?.self)
        slot.pointee = { job, original in
            if let current = pthread_getspecific(StrictMode.currentSimulationKey) {
                SimulationHandle(opaque: current).with { simulation in
                    simulation.noteEscape(.globalExecutor,
                                          detail: "a job was sent to the global executor by code running in the simulation "
                                              + "(an unstructured or detached task not started by simulation.spawn, or a sleep on a real clock)")
                }
            }
            original(job)
        }
        return true
    }()

    /// Whether the hook could be installed (it can wherever the Swift runtime exports it).
    static func install() { _ = installed }

    static var isAvailable: Bool { installed }

    /// Marks `simulation` as the one running on this thread; returns what to restore.
    static func enter(_ simulation: Simulation) -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(currentSimulationKey)
        if simulation.options.strict {
            // Unretained: `run` clears the slot (`leave`) before it returns.
            pthread_setspecific(currentSimulationKey, SimulationHandle(simulation).opaque)
        }
        return previous
    }

    static func leave(_ previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(currentSimulationKey, previous)
    }
}
