import Foundation
import Studies
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM: the first asks the command to stop at its next safe point (a
/// run's progress check, between sweep runs, between explored seeds, between shrink candidates)
/// and write what it finished, marked interrupted; a second one ends the process at once.
enum Interrupt {
    /// The signal that asked to stop, or 0.
    private static let received = Atomic<Int32>(0)

    static var requested: Bool { received.load(ordering: .relaxed) != 0 }

    /// 130 after SIGINT, 143 after SIGTERM: 128 plus the signal, as shells report a signal's end.
    static var status: ExitStatus { received.load(ordering: .relaxed) == SIGTERM ? .terminated : .interrupted }

    /// What stopped the command, as the library words it.
    static var interruption: Interruption { Interruption(cause: cause, status: status) }

    /// What stopped the command, for its last line.
    static var cause: String { received.load(ordering: .relaxed) == SIGTERM ? "SIGTERM" : "Ctrl-C" }

    /// The library's view of the same request, for the studies the commands call.
    static let condition = StopCondition({ Interrupt.requested }, interruption: { Interrupt.interruption })

    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { number in
                // Only async-signal-safe work here: an atomic exchange, and _exit on the second.
                if Interrupt.received.exchange(number, ordering: .relaxed) != 0 { _exit(128 + number) }
            }
        }
        // A process inherits the signal mask of the thread that started it: one spawned from a
        // Dispatch worker thread (a Swift test, an orchestrator) starts with SIGINT blocked, and
        // Ctrl-C would stay pending forever. Unblock both.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
