import Dispatch
import Foundation
import Synchronization

/// A pool of threads for independent simulations (sweep items, explored seeds): each thread
/// takes the next index from a shared counter until none is left or the deadline passed, and a
/// progress line is reported once a wall second. Each simulation stays on one thread.
enum WorkerThreads {
    /// Runs `work(index)` for indices 0..<count; returns how many ran.
    static func run(count: Int, threads: Int, deadline: ContinuousClock.Instant? = nil, progress: Bool,
                    showsRemaining: Bool, failures: @escaping @Sendable () -> Int = { 0 },
                    work: @escaping @Sendable (Int) -> Void) -> Int {
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let group = DispatchGroup()
        for _ in 0..<min(threads, max(1, count)) {
            group.enter()
            let thread = Thread {
                while true {
                    if let deadline, ContinuousClock.now >= deadline { break }
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < count else { break }
                    work(index)
                    done.add(1, ordering: .relaxed)
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        let reporter = ProgressReporter(enabled: progress, total: count)
        while group.wait(timeout: .now() + 1) == .timedOut {
            let finished = done.load(ordering: .relaxed)
            reporter.report(.init(now: .zero, done: Double(finished) / Double(max(1, count)), completed: UInt64(finished),
                                  inFlight: showsRemaining ? count - finished : 0, latencyP99: nil,
                                  violations: failures()))
        }
        reporter.finish()
        return done.load(ordering: .relaxed)
    }
}
