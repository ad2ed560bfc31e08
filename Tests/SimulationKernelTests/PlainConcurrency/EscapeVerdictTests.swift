import Dispatch
import SimulationKernel
import SimulationTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every way work leaves the simulation is a named failure, the same for a seed in every process.
/// The digest this prints is compared across processes (results/code-as-is.md):
/// `PAYSTORM_ESCAPE_SEEDS=1000 swift test --filter EscapeVerdictTests`, three times.
@Suite struct EscapeVerdictTests {
    /// Each body, and the failure kind it must end in (nil: it must pass).
    static let bodies: [(name: String, expected: String?, body: @Sendable (UInt64) async throws -> Void)] = [
        ("sleep past the end", "TrialProblem.sleepPastEnd", { seed in
            Task { try await Task.sleep(for: .seconds(Int64(seed % 5) + 2)) }
        }),
        ("continuation never resumed", "TrialProblem.suspendedAtEnd", { _ in
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }),
        ("resumed from another thread", "TrialProblem.suspendedAtEnd", { _ in
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Later than the trial's end: a resume that comes before the task has suspended
                // is taken in place by the runtime, and the task goes on as if resumed by the simulation.
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { continuation.resume() }
            }
        }),
        ("the main actor", "TrialProblem.escaped", { _ in await MainActor.run { _ = 1 } }),
        ("a Task {} left waiting", "TrialProblem.taskLeftSuspended", { _ in
            Task { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
            await Task.yield()
        }),
        // Swift 6.3 sends this sleep to the global executor (the limit in YourCodeAsItIs): the task
        // is gone from the simulation, and found left behind when the body has returned.
        ("a sleep in an actor's method, in a Task {}", "TrialProblem.taskLeftSuspended", { seed in
            let napper = Napper()
            Task { await napper.nap(milliseconds: 20 + Int(seed % 3)) }
            await Task.yield()
        }),
        ("Task {} in an actor calling nonisolated async code", nil, { _ in
            let starter = Starter()
            await starter.start().value
            guard await starter.steps == 6 else { throw Mismatch(what: "steps", found: "\(await starter.steps)") }
        }),
    ]

    /// A continuation resumed twice stops the process that runs its trial: here each seed's trial
    /// runs in a child of its own (the function form's default) and comes back as a named failure,
    /// never a crash of this process, the same in every process (the digest).
    @Test(.enabled(if: CommandLine.arguments.first?.hasSuffix(".xctest") == true,
                   "the tests do not run as an executable that can be started again"))
    func aContinuationResumedTwiceIsNamedForEverySeed() {
        var digest = Digest()
        var stopped = 0
        for seed in 0..<Self.seeds {
            var outcome: ExplorationOutcome?
            withKnownIssue("some seeds resume twice", isIntermittent: true) {
                outcome = exploreSchedules(seeds: seed..<seed + 1, strategies: [.random], shrinkTrials: 0,
                                           TrialIsolationTests.releaseRace)
            }
            let failure = outcome?.failures.first
            if let failure {
                stopped += 1
                #expect(failure.kind == "TrialProblem.stoppedTheProcess" && failure.settings.seed == seed, "\(failure)")
            }
            #expect(outcome?.trialsRun == (failure == nil ? 1 : 0), "seed \(seed)")
            digest.add("resumed twice \(seed) \(failure?.kind ?? "passed") " + Self.firstLine(failure?.message ?? ""))
        }
        #expect(stopped > 0 && stopped < Int(Self.seeds), "\(stopped) of \(Self.seeds) seeds stopped their process")
        print("resumed-twice verdicts over \(Self.seeds) seeds: \(stopped) stopped their child, digest \(digest.hex)")
    }

    static var seeds: UInt64 {
        getenv("PAYSTORM_ESCAPE_SEEDS").flatMap { UInt64(String(cString: $0)) } ?? 50
    }

    @Test func everyEscapeIsNamedAndTheSameForEverySeed() {
        let digest = Self.digest(seeds: Self.seeds) { name, seed, expected, found in
            Issue.record("\(name), seed \(seed): expected \(expected ?? "a pass"), found \(found)")
        }
        print("escape verdicts over \(Self.seeds) seeds × \(Self.bodies.count) bodies: digest \(digest)")
    }

    /// Every body's verdict over `seeds` seeds, folded into one digest; a verdict of another kind
    /// than expected goes to `unexpected`.
    static func digest(seeds: UInt64, unexpected: (String, UInt64, String?, String) -> Void) -> String {
        var digest = Digest()
        for seed in 0..<seeds {
            for (name, expected, body) in bodies {
                let result = ScheduleExploration.replay(TrialSettings(seed: seed)) { trial in
                    try trial.run(timeLimit: .seconds(1)) { try await body(seed) }
                }
                if result.failure?.kind != expected { unexpected(name, seed, expected, result.failure?.message ?? "a pass") }
                digest.add("\(name) \(seed) \(result.traceHash) \(result.failure?.kind ?? "passed") "
                               + firstLine(result.failure?.message ?? ""))
            }
        }
        return digest.hex
    }

    private static func firstLine(_ text: String) -> String { text.split(separator: "\n").first.map(String.init) ?? "" }
}

/// FNV-1a over the verdict lines: one number to compare across processes.
struct Digest {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ line: String) {
        for byte in line.utf8 + [10] {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }
    var hex: String { String(value, radix: 16) }
}

/// An actor whose method sleeps: run by a `Task {}`, the sleep leaves the simulation.
actor Napper {
    func nap(milliseconds: Int) async {
        try? await Task.sleep(for: .milliseconds(milliseconds))
    }
}

/// An actor that starts an unstructured task which calls nonisolated async code: the task used
/// to leave for the global pool at that call.
actor Starter {
    private(set) var steps = 0

    func start() -> Task<Void, Never> {
        Task { await self.work() }
    }

    private func work() async {
        steps += await nonisolatedStep(3)
    }
}

/// Nonisolated async code: the call hops off the actor. No `Task.yield()` here: in a task with no
/// executor preference running on a default actor, Swift 6.3's `Task.yield()` asks
/// `Task.currentExecutor`, which is then the global default executor, and the task leaves the
/// simulation (docs/code-as-is.md, limits).
nonisolated func nonisolatedStep(_ value: Int) async -> Int {
    await hop(value * 2)
}

nonisolated func hop(_ value: Int) async -> Int { value }
