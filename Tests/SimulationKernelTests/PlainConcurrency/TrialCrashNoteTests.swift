import Foundation
import Synchronization
import SimulationKernel
@testable import SimulationTesting
import Testing

/// A waiter released by whichever of two callers gets there first: the first to see the stored
/// continuation resumes it. The bug: the check and the clearing have an `await` between them, so
/// two callers can both see it and both resume it, which the runtime answers by stopping the process.
actor OneShotRelease {
    private var waiter: CheckedContinuation<Void, Never>?

    func wait() async {
        await withCheckedContinuation { waiter = $0 }
    }

    var isWaiting: Bool { waiter != nil }

    func release(audit: @Sendable () async -> Void) async {
        guard let waiter else { return }
        await audit()  // Reentrancy: another release can run here and see the same waiter.
        waiter.resume()
        self.waiter = nil
    }
}

extension OneShotRelease {
    /// One waiter and two releases, interleaved across their `await`s: in some schedules both
    /// resume the waiter's continuation, and the runtime stops the process.
    @Sendable static func race() async {
        let release = OneShotRelease()
        let waiting = Task { await release.wait() }
        while await !release.isWaiting { await Task.yield() }
        async let first: Void = release.release { await Task.yield() }
        async let second: Void = release.release { await Task.yield() }
        _ = await (first, second)
        await waiting.value
    }
}

/// The child side: a race that resumes a continuation twice when the two releases interleave (the
/// first seed of `random` already does), explored only when `PAYSTORM_CRASH_CHILD` is set, since it
/// stops the process that runs it (in the test's own process, to leave the note there).
@Suite struct TrialCrashNoteChild {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PAYSTORM_CRASH_CHILD"] != nil, "stops its process; run as a child"))
    func resumesAContinuationTwiceInSomeSchedules() {
        exploreSchedules(seeds: 0..<200, strategies: [.random], shrinkTrials: 0, isolation: .sameProcess, OneShotRelease.race)
    }
}

@Suite struct TrialCrashNoteTests {
    /// A note holds while its work runs, an inner one replaces it, and both are gone after.
    @Test func aNoteLastsAsLongAsItsWork() {
        #expect(TrialCrashNote.current == nil)
        TrialCrashNote.during("outer") {
            #expect(TrialCrashNote.current == "outer")
            TrialCrashNote.during("inner") { #expect(TrialCrashNote.current == "inner") }
            #expect(TrialCrashNote.current == "outer")
        }
        #expect(TrialCrashNote.current == nil)
    }

    /// Each thread has a note of its own: four threads at once, each reading back its own.
    @Test func threadsKeepTheirOwnNotes() {
        let kept = Mutex<[Int: Bool]>([:])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<4 {
            Thread.detachNewThread {
                let held = TrialCrashNote.during("trial \(index)") {
                    (0..<1_000).allSatisfy { _ in TrialCrashNote.current == "trial \(index)" }
                }
                kept.withLock { $0[index] = held }
                done.signal()
            }
        }
        for _ in 0..<4 { done.wait() }
        #expect(kept.withLock { $0 } == [0: true, 1: true, 2: true, 3: true])
    }
}

/// The race above, in a child process: it stops the child, which leaves the runtime's message and
/// the trial's replay line; that line stops a new child the same way, at the same trial.
@Suite(.enabled(if: CommandLine.arguments.first?.hasSuffix(".xctest") == true,
                "the tests do not run as an executable that can be run again"))
struct TrialCrashNoteCrossProcessTests {
    static let test = "resumesAContinuationTwiceInSomeSchedules"

    @Test func aTrialThatStopsTheProcessLeavesTheLineThatReplaysIt() throws {
        let explored = try CrossProcessTests.child(filter: Self.test, environment: ["PAYSTORM_CRASH_CHILD": "1"])
        #expect(explored.contains("SWIFT TASK CONTINUATION MISUSE"), "the child printed\n\(explored)")
        let token = try #require(Self.replayToken(in: explored), "no replay line in\n\(explored)")
        #expect(explored.contains("swift test --filter '\(Self.test)'"))
        let replayed = try CrossProcessTests.child(filter: Self.test, environment: [
            "PAYSTORM_CRASH_CHILD": "1", "PAYSTORM_REPLAY": "\(Self.test)@\(token)",
        ])
        #expect(replayed.contains("SWIFT TASK CONTINUATION MISUSE"), "the replay printed\n\(replayed)")
        #expect(Self.replayToken(in: replayed) == token, "the replay printed\n\(replayed)")
    }

    /// The token of the first `PAYSTORM_REPLAY='test@TOKEN'` in `output`.
    static func replayToken(in output: String) -> String? { ChildTrials.replayToken(in: output, testName: test) }
}
