import Dispatch
import Foundation
import Synchronization

/// A pool of threads for independent simulations (explored seeds, sweep items): each thread
/// takes the next index from a shared counter until none is left or the deadline passed. Each
/// simulation stays on the one thread that started it, and shares nothing with the others, so
/// which thread ran an index never shows in its result.
package enum WorkerThreads {
    /// Runs `work(index)` for indices `0..<count` on up to `threads` threads; returns how many ran.
    ///
    /// - Parameters:
    ///   - deadline: no index starts after it (a wall-clock budget: it decides which indices run,
    ///     never what one of them computes).
    ///   - shouldStop: asked before each index starts; once it says `true` no index starts, and
    ///     those running finish (a Ctrl-C: what ran, ran whole).
    ///   - heartbeat: called on the calling thread about twice a wall second with how many indices
    ///     have finished, while the pool works.
    package static func run(count: Int, threads: Int, deadline: ContinuousClock.Instant? = nil,
                            shouldStop: @escaping @Sendable () -> Bool = { false },
                            heartbeat: (_ finished: Int) -> Void = { _ in },
                            work: @escaping @Sendable (Int) -> Void) -> Int {
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let group = DispatchGroup()
        for _ in 0..<min(max(1, threads), max(1, count)) {
            group.enter()
            let thread = Thread {
                while true {
                    if let deadline, ContinuousClock.now >= deadline { break }
                    if shouldStop() { break }
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
        while group.wait(timeout: .now() + .milliseconds(500)) == .timedOut {
            heartbeat(done.load(ordering: .relaxed))
        }
        return done.load(ordering: .relaxed)
    }
}
