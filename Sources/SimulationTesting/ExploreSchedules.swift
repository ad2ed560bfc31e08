import SimulationKernel
import Testing

/// A Swift Testing check that runs `body`, written in plain Swift concurrency, on the
/// deterministic simulation once per seed and strategy, and fails the test with the first
/// failing trial, its shrunk form and the lines that replay each.
///
/// ```swift
/// @Test func batcherLosesNoCapture() {
///     exploreSchedules { try await settleTwoCaptures() }  // default actors, Task {}, Task.sleep…
/// }
/// ```
///
/// The body needs no PayStorm type: its default actors, `Task {}`, `Task.detached`, task groups,
/// `async let`, continuations and `AsyncStream`s run on the simulation's thread, in the order the
/// trial's strategy picks, and `Task.sleep` waits on virtual time (``Trial/run(timeLimit:_:)``).
/// The body fails a trial by throwing; `#expect` inside it would record an issue for every
/// failing trial, so throw instead (or use `try #require` on values the body computes).
///
/// A trial also fails, with a named ``TrialProblem``, when work escaped the simulation (the main
/// actor), when the body was still suspended at the end (a continuation never resumed, or
/// resumed from a thread the simulation does not own), or when a sleep outlived `timeLimit`.
///
/// - Parameters:
///   - seeds: The seeds to try, each with every strategy; 200 by default.
///   - strategies: How each trial orders ready jobs (``SchedulingStrategy``); random order by
///     default, the strategy that finds reentrancy races in plain actor code (see
///     ``plainConcurrencyStrategies``).
///   - timeLimit: The virtual time a trial may take; a sleep still pending at that point fails it.
///   - threads: Trials run on this many threads at once, each simulation on its own.
///   - shrinkTrials: At most this many trials to shrink a failure to its fewest scheduler
///     choices; 0 reports it unshrunk.
///   - sourceLocation: Where the issue is recorded; the caller's line by default.
///   - body: The test body, run once per trial as the trial's root task.
/// - Returns: What the exploration did: the trials run and the failures found.
@discardableResult
public func exploreSchedules(seeds: Range<UInt64> = 0..<200,
                             strategies: [SchedulingStrategy] = plainConcurrencyStrategies,
                             timeLimit: Duration = .seconds(3_600), threads: Int = 2, shrinkTrials: Int = 500,
                             sourceLocation: SourceLocation = #_sourceLocation,
                             _ body: @escaping @Sendable () async throws -> Void) -> ExplorationOutcome {
    let limit = SimDuration(nanoseconds: Int64(timeLimit.components.seconds) * 1_000_000_000
                                + timeLimit.components.attoseconds / 1_000_000_000)
    return expectNoScheduleFailure(seeds: seeds, strategies: strategies, threads: threads, shrinkTrials: shrinkTrials,
                                   sourceLocation: sourceLocation) { trial in
        try trial.run(timeLimit: limit, body)
    }
}

/// The strategies ``exploreSchedules(seeds:strategies:timeLimit:threads:shrinkTrials:sourceLocation:_:)``
/// tries by default: random order. Every job of plain concurrency is one of the same kind to the
/// scheduler (it cannot tell which task or actor a job belongs to), so PCT's priorities and
/// delay-bounded's few departures from fifo order have nothing to act on, and add trials that
/// find nothing (results/code-as-is.md has the rates).
public let plainConcurrencyStrategies: [SchedulingStrategy] = [.random]
