#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Threads for independent trials: each takes the next index until none is left or `shouldGo`
/// says no. A simulation stays on the thread that made it and shares nothing, so which thread ran
/// an index never shows in its result. Plain pthreads with 8 MiB stacks: the kernel does without
/// Foundation, and deep actor chains need more than Dispatch's 512 KiB.
enum TrialThreads {
    static func run(count: Int, threads: Int, shouldGo: @escaping @Sendable (Int) -> Bool,
                    work: @escaping @Sendable (Int) -> Void) {
        let next = Atomic<Int>(0)
        let loop: @Sendable () -> Void = {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count, shouldGo(index) else { return }
                work(index)
            }
        }
        let workers = min(max(1, threads), max(1, count))
        guard workers > 1 else { return loop() }
        var started: [pthread_t] = []
        for _ in 0..<workers {
            if let thread = start(loop) { started.append(thread) }
        }
        if started.isEmpty { loop() }  // No thread could start: run here, one trial at a time.
        for thread in started { pthread_join(thread, nil) }
    }

    private final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    private static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
        return thread
        #else
        return thread
        #endif
    }
}
