import Dispatch
import SimulationKernel
import Testing

/// Plain Swift concurrency, with no PayStorm type in the code under test, run on the simulation
/// through ``Trial/run(timeLimit:_:)``.
@Suite struct PlainConcurrencyTests {
    /// One trial of `body` under `settings`: its trace hash and failure.
    static func trial(_ settings: TrialSettings, timeLimit: SimDuration = Trial.defaultTimeLimit,
                      _ body: @escaping @Sendable (Simulation) async throws -> Void) -> (traceHash: String, failure: TrialFailure?) {
        ScheduleExploration.replay(settings) { trial in
            let simulation = trial.simulation
            try trial.run(timeLimit: timeLimit) { try await body(simulation) }
        }
    }

    @Test func sleepsOnRealClocksWaitOnTheVirtualClock() throws {
        let result = Self.trial(TrialSettings(seed: 1)) { simulation in
            var seen: [SimTime] = []
            try await Task.sleep(for: .milliseconds(250))
            seen.append(simulation.now)
            try await Task.sleep(nanoseconds: 2_000_000)
            seen.append(simulation.now)
            try await ContinuousClock().sleep(for: .seconds(2))
            seen.append(simulation.now)
            try await SuspendingClock().sleep(for: .milliseconds(3))
            seen.append(simulation.now)
            try await Task.sleep(until: .now + .seconds(3_000), clock: .continuous)
            seen.append(simulation.now)
            let expected: [Int64] = [250_000_000, 252_000_000, 2_252_000_000, 2_255_000_000, 3_002_255_000_000]
            if seen.map(\.nanoseconds) != expected { throw Mismatch(what: "sleep ends", found: "\(seen)") }
        }
        #expect(result.failure == nil, "\(result.failure.map(String.init(describing:)) ?? "")")
    }

    /// Prints a digest of every trial's trace hash, compared across processes in
    /// results/code-as-is.md.
    /// Code that reads the time is given the current simulation's clock; outside a run there is none.
    @Test func theCurrentSimulationsClockReadsVirtualTime() {
        #expect(Simulation.current == nil)
        let result = Self.trial(TrialSettings(seed: 2)) { _ in
            guard let clock = Simulation.current?.clock else { throw Mismatch(what: "Simulation.current", found: "nil") }
            let start = clock.now
            try await Task.sleep(for: .seconds(90))
            let waited = start.duration(to: clock.now)
            if waited != .seconds(90) { throw Mismatch(what: "virtual time waited", found: "\(waited)") }
        }
        #expect(result.failure == nil, "\(result.failure.map(String.init(describing:)) ?? "")")
    }

    @Test func everyConstructRunsTheSameForOneSeed() throws {
        var digest = Digest()
        defer { print("every construct, 20 seeds × 2 strategies: digest \(digest.hex)") }
        for seed in UInt64(0)..<20 {
            for strategy in [SchedulingStrategy.random, .pct(depth: 3, steps: 200)] {
                let settings = TrialSettings(seed: seed, strategy: strategy)
                let first = Self.trial(settings) { _ in try await everyConstruct() }
                let again = Self.trial(settings) { _ in try await everyConstruct() }
                #expect(first.failure == nil, "\(settings): \(first.failure.map(String.init(describing:)) ?? "")")
                #expect(first.traceHash == again.traceHash, "\(settings): \(first.traceHash) then \(again.traceHash)")
                digest.add("\(settings) \(first.traceHash)")
            }
        }
    }

    @Test func aSleepPastTheTimeLimitIsNamed() {
        let result = Self.trial(TrialSettings(seed: 3), timeLimit: .seconds(1)) { _ in
            Task { try await Task.sleep(for: .seconds(5)) }
        }
        #expect(result.failure?.kind == "TrialProblem.sleepPastEnd")
        #expect(result.failure?.message.hasPrefix("the run reached its time limit of 1s with 1 sleep(s) pending") == true,
                "\(result.failure?.message ?? "passed")")
    }

    /// A timeout that lost its race is cancelled, but its sleep still waits in the timer heap
    /// until its deadline: past the time limit, it fails the trial like a live sleep (the runtime
    /// does not tell a cancelled sleep's wake-up from a live one); within it, it passes.
    @Test func aCancelledTimeoutCountsUntilItsDeadline() {
        for (timeLimit, expected) in [(SimDuration.seconds(3_600), nil), (.seconds(60), "TrialProblem.sleepPastEnd")] {
            let result = Self.trial(TrialSettings(seed: 6), timeLimit: timeLimit) { _ in
                let answer = await withTaskGroup(of: Int?.self) { group in
                    group.addTask { try? await Task.sleep(for: .seconds(600)); return nil }
                    group.addTask { try? await Task.sleep(for: .milliseconds(20)); return 42 }
                    let first = await group.next() ?? nil
                    group.cancelAll()
                    return first
                }
                if answer != 42 { throw Mismatch(what: "the answer", found: "\(answer.map(String.init) ?? "nil")") }
            }
            #expect(result.failure?.kind == expected, "\(timeLimit): \(result.failure?.message ?? "passed")")
        }
    }

    @Test func aContinuationNeverResumedIsNamed() {
        let result = Self.trial(TrialSettings(seed: 4)) { _ in
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
        #expect(result.failure?.kind == "TrialProblem.suspendedAtEnd", "\(result.failure?.message ?? "passed")")
    }

    /// A `Task {}` the body started and left waiting on a continuation nobody resumes: the body
    /// returned, and the trial fails naming the task left behind.
    @Test func aTaskLeftSuspendedIsNamed() {
        let result = Self.trial(TrialSettings(seed: 6)) { _ in
            Task { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
            await Task.yield()
        }
        #expect(result.failure?.kind == "TrialProblem.taskLeftSuspended", "\(result.failure?.message ?? "passed")")
    }

    /// Tasks that end are not reported, even when the body keeps their handles or never awaits
    /// them; nor is a task of a task: the runtime frees a task's locals when it ends, not when its
    /// handle goes.
    @Test func tasksThatEndAreNotReported() {
        let result = Self.trial(TrialSettings(seed: 7)) { _ in
            let counter = Counter()
            let kept = Task { await counter.add(1) }
            Task {
                Task { _ = await counter.add(2) }
                try await Task.sleep(for: .seconds(5))
                _ = await counter.add(3)
            }
            _ = await kept.value
            try await Task.sleep(for: .seconds(1))
            withExtendedLifetime(kept) {}
        }
        #expect(result.failure == nil, "\(result.failure?.message ?? "passed")")
    }

    /// A task of a task, left waiting: found as well, since each `Task {}` copies the marker on.
    @Test func aTaskOfATaskLeftSuspendedIsNamed() {
        let result = Self.trial(TrialSettings(seed: 8)) { _ in
            Task {
                Task { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
            }
            try await Task.sleep(for: .seconds(1))
        }
        #expect(result.failure?.kind == "TrialProblem.taskLeftSuspended", "\(result.failure?.message ?? "passed")")
    }

    @Test func theMainActorIsNamed() {
        let result = Self.trial(TrialSettings(seed: 5)) { _ in
            await MainActor.run { _ = 1 }
        }
        #expect(result.failure?.kind == "TrialProblem.escaped")
        #expect(result.failure?.message.contains("main-actor enqueue") == true, "\(result.failure?.message ?? "passed")")
    }

    @Test func aResumeFromAnotherThreadIsHeldAndNamed() {
        for seed in UInt64(0)..<20 {
            let result = Self.trial(TrialSettings(seed: seed)) { _ in
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    // Later than the trial's end: a resume that comes before the task has suspended
                    // is taken in place by the runtime, and the task goes on as if resumed by the simulation.
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { continuation.resume() }
                }
            }
            #expect(result.failure?.kind == "TrialProblem.suspendedAtEnd", "\(result.failure?.message ?? "passed")")
        }
    }
}

struct Mismatch: Error, CustomStringConvertible {
    var what: String
    var found: String
    var description: String { "\(what): found \(found)" }
}

actor Counter {
    private(set) var value = 0
    func add(_ amount: Int) -> Int {
        value += amount
        return value
    }
}

/// Default actors, `Task {}`, `Task.detached`, a task group, `async let`, an `AsyncStream`, checked
/// and unsafe continuations, `Task.yield()` and sleeps, all in one body.
@Sendable func everyConstruct() async throws {
    let counter = Counter()
    let unstructured = Task { await counter.add(1) }
    let detached = Task.detached { await counter.add(10) }
    await withTaskGroup(of: Int.self) { group in
        for amount in [100, 1_000] { group.addTask { await counter.add(amount) } }
    }
    async let fromLet = counter.add(10_000)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    Task {
        for value in 1...3 {
            try? await Task.sleep(for: .milliseconds(value))
            continuation.yield(value)
        }
        continuation.finish()
    }
    var streamed = 0
    for await value in stream { streamed += value }
    let checked = await withCheckedContinuation { (resume: CheckedContinuation<Int, Never>) in
        Task { await Task.yield(); resume.resume(returning: 7) }
    }
    let unsafe = await withUnsafeContinuation { (resume: UnsafeContinuation<Int, Never>) in
        Task { try? await Task.sleep(nanoseconds: 5); resume.resume(returning: 8) }
    }
    _ = await (unstructured.value, detached.value, fromLet)
    let total = await counter.value
    guard total == 11_111, streamed == 6, checked == 7, unsafe == 8 else {
        throw Mismatch(what: "results", found: "\(total) \(streamed) \(checked) \(unsafe)")
    }
}
