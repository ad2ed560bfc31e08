import Foundation
import Studies
import Synchronization

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP: the first asks the command to stop at its next safe point
/// (a run's progress check, between sweep runs, between explored seeds, between shrink candidates)
/// and write what it finished, marked interrupted; a second one ends the process at once.
///
/// GNU `timeout` and process supervisors send SIGTERM to the child and then to its group, so a
/// SIGTERM or SIGHUP within a second of the first is the same request, not a second one.
enum Interrupt {
    /// The signal that asked to stop, or 0.
    private static let received = Atomic<Int32>(0)
    /// When it arrived, in CLOCK_MONOTONIC nanoseconds.
    private static let receivedAt = Atomic<Int64>(0)

    static var requested: Bool { received.load(ordering: .relaxed) != 0 }

    /// 130 after SIGINT, 143 after SIGTERM, 129 after SIGHUP: 128 plus the signal, as shells report a signal's end.
    static var status: ExitStatus {
        switch received.load(ordering: .relaxed) {
        case SIGTERM: .terminated
        case SIGHUP: .hungUp
        default: .interrupted
        }
    }

    /// What stopped the command, as the library words it.
    static var interruption: Interruption { Interruption(cause: cause, status: status) }

    /// What stopped the command, for its last line.
    static var cause: String {
        switch received.load(ordering: .relaxed) {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "Ctrl-C"
        }
    }

    /// The library's view of the same request, for the studies the commands call.
    static let condition = StopCondition({ Interrupt.requested }, interruption: { Interrupt.interruption })

    static func install() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { number in
                // Only async-signal-safe work here: atomics, clock_gettime, and _exit on a second request.
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
                let first = Interrupt.received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                if first.exchanged {
                    Interrupt.receivedAt.store(nanoseconds, ordering: .relaxed)
                    return
                }
                let echo = number != SIGINT && first.original != SIGINT
                    && nanoseconds - Interrupt.receivedAt.load(ordering: .relaxed) < 1_000_000_000
                if !echo { _exit(128 + number) }
            }
        }
        // A process inherits the signal mask of the thread that started it: one spawned from a
        // Dispatch worker thread (a Swift test, an orchestrator) starts with SIGINT blocked, and
        // Ctrl-C would stay pending forever. Unblock the three.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
