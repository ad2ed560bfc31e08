#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Reporting
import SimulationKernel
import Testing

/// A Swift Testing check that explores a simulation of the caller's code and fails the test with
/// the first failing trial and the one line that replays it.
///
/// ```swift
/// @Test func checkoutChargesOnce() {
///     expectNoScheduleFailure(seeds: 0..<200) { trial in
///         … build the actors on trial.simulation, spawn the work …
///         try trial.run()
///         try #require(charges == 1)
///     }
/// }
/// ```
///
/// A failure is shrunk before it is reported (`ScheduleExploration/shrink(_:maxTrials:_:)`,
/// `shrinkTrials` at most; 0 turns it off): the smallest `size` (when `size` is given, the body
/// reads it as `trial.size`) and the fewest scheduler choices that still fail, each with its own
/// replay line.
///
/// With `PAYSTORM_REPLAY` set to this test's name and a trial (the failure prints the line, e.g.
/// `PAYSTORM_REPLAY='checkoutChargesOnce@17/random/0'`), it runs that one trial alone, on this
/// thread, and prints its steps: the same interleaving, trace hash and verdict as the failure.
/// Other tests that read the variable explore as usual.
/// With `PAYSTORM_TRACE=FILE` too, it writes every step to FILE: Chrome trace-event JSON for
/// Perfetto when FILE ends in `.json` (a track per actor, an arrow per message), text otherwise.
/// Each trial is a simulation of its own on a thread of its own, so tests that call this may run
/// in parallel in one process.
///
/// - Parameters:
///   - seeds: The seeds to try, each with every strategy and jitter; 100 by default.
///   - strategies: How each trial orders the steps ready at one instant
///     (`SchedulingStrategy`); the kernel's portfolio by default: random, PCT at
///     depths 2, 3 and 5, and delay-bounded.
///   - jitters: Up to how much extra delay the scheduler adds to each network delivery, one
///     exploration per value; none by default.
///   - size: The workload's size the body reads as `trial.size`; shrinking tries smaller ones.
///     Nil: the body picks its own, and only the schedule is shrunk.
///   - threads: Trials run on this many threads at once, each simulation on its own.
///   - shrinkTrials: At most this many trials to shrink a failure; 0 reports it unshrunk.
///   - isolation: Where the trials run: a child process of the test binary by default, which runs
///     this test again and makes this call there, so a trial that stops its process fails the
///     test by name (kind `TrialProblem.stoppedTheProcess`) and the test run goes on
///     (``TrialIsolation``). The body's side effects then happen in the child: a test that counts
///     its trials in variables of its own should ask for `.sameProcess`.
///   - sourceLocation: Where the issue is recorded; the caller's line by default.
///   - body: One trial: build the workload on `trial.simulation`, call `trial.run()`, then check
///     and throw to fail it.
/// - Returns: What the exploration did: the trials run and the failures found (one, the first,
///   since it stops there), or the replayed trial under `PAYSTORM_REPLAY`.
@discardableResult
public func expectNoScheduleFailure(seeds: Range<UInt64> = 0..<100,
                                    strategies: [SchedulingStrategy] = ScheduleExploration.portfolio(),
                                    jitters: [SimDuration] = [.zero], size: Int? = nil, threads: Int = 2,
                                    shrinkTrials: Int = 500, isolation: TrialIsolation = .childProcess,
                                    sourceLocation: SourceLocation = #_sourceLocation,
                                    _ body: @escaping @Sendable (Trial) throws -> Void) -> ExplorationOutcome {
    let test = Test.current
    let testName = filterName(test?.name ?? "THE_TEST")
    let key = test.map { ChildTrials.nextCall(ChildTrials.key($0, Test.Case.current)) } ?? ""
    let report = ChildTrials.exploration(test == nil ? .sameProcess : isolation, key: key, selecting: test.map { ChildTrials.selecting($0) },
                                         testName: testName,
                                         traceProblem: { Issue.record(Comment(rawValue: $0), sourceLocation: sourceLocation) }) { traceProblem in
        exploreAndReport(testName: testName, seeds: seeds, strategies: strategies, jitters: jitters, size: size,
                         threads: threads, shrinkTrials: shrinkTrials, body, traceProblem: traceProblem)
    }
    if let failure = report.failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    return report.outcome
}

/// What an exploration, or the replay `PAYSTORM_REPLAY` asks for, found: the outcome, and the
/// failure worded for the test that ran it (nil when it passed). The test frameworks' front ends
/// record the failure their own way.
struct ExplorationReport {
    var outcome: ExplorationOutcome
    var failure: String?
}

/// Explores `body` (or replays the one trial `PAYSTORM_REPLAY` names for `testName`), shrinks the
/// first failure, and words it with the lines that replay it and its shrunk form.
func exploreAndReport(testName: String, seeds: Range<UInt64>, strategies: [SchedulingStrategy],
                      jitters: [SimDuration] = [.zero], size: Int? = nil, threads: Int, shrinkTrials: Int,
                      _ body: @escaping @Sendable (Trial) throws -> Void,
                      traceProblem: (String) -> Void) -> ExplorationReport {
    // A trial that stops the whole process (a continuation resumed twice traps) says how to replay it.
    let body: @Sendable (Trial) throws -> Void = { trial in
        try TrialCrashNote.during("PayStorm: the process stopped in a trial of \(testName) (\(trial.settings)); replay it alone: "
                                  + "PAYSTORM_REPLAY='\(testName)@\(trial.settings.replayToken)' swift test --filter '\(testName)'") {
            try body(trial)
        }
    }
    switch ReplayRequest.current(for: testName) {
    case .malformed(let token):
        let example = "\(testName)@17/pct:3:200/0"
        return ExplorationReport(outcome: ExplorationOutcome(trialsRun: 0, failures: []),
                                 failure: "PAYSTORM_REPLAY=\(token) is not a replay token (test@seed/strategy/jitter, "
                                     + "e.g. \(example))")
    case .replay(let settings):
        let replay = replayTrial(settings, body, traceProblem: traceProblem)
        print("replayed \(settings): trace \(replay.traceHash), " + (replay.failure.map { "failed: \($0.message)" } ?? "passed"))
        return ExplorationReport(outcome: ExplorationOutcome(trialsRun: 1, failures: replay.failure.map { [$0] } ?? []),
                                 failure: replay.failure.map { "\($0)" })
    case .explore:
        break
    }
    let outcome = ScheduleExploration.explore(seeds: seeds, strategies: strategies, jitters: jitters, size: size,
                                              threads: ChildTrials.runsOnOneThread ? 1 : threads, body)
    guard let failure = outcome.failures.first else { return ExplorationReport(outcome: outcome, failure: nil) }
    let filter = "swift test --filter '\(testName)'"
    var report = """
        \(failure)
        after \(outcome.trialsRun) trials; replay it alone: \(ReplayRequest.line(failure, testName)) \(filter)
        """
    if shrinkTrials > 0 {
        let shrunk = ScheduleExploration.shrink(failure, maxTrials: shrinkTrials, body)
        report += "\n\(shrunk)"
        if shrunk.reproduced, shrunk.failure.settings != failure.settings {
            report += "\nreplay the small one (trace \(shrunk.failure.traceHash)): "
                + "\(ReplayRequest.line(shrunk.failure, testName)) \(filter)"
        }
    }
    return ExplorationReport(outcome: outcome, failure: report)
}

/// One trial alone, its steps printed, and written to `PAYSTORM_TRACE` when set; a trace file
/// that cannot be written goes to `traceProblem`.
private func replayTrial(_ settings: TrialSettings, _ body: (Trial) throws -> Void,
                         traceProblem: (String) -> Void) -> (traceHash: String, failure: TrialFailure?) {
    guard let path = environment("PAYSTORM_TRACE") else {
        return ScheduleExploration.replay(settings, trace: { print($0) }, body)
    }
    do {
        let replay = try ScheduleExploration.replay(settings, traceFile: path, body)
        print("trace: \(replay.steps) steps written to \(path)")
        return (replay.traceHash, replay.failure)
    } catch {
        traceProblem("PAYSTORM_TRACE=\(path): cannot write the trace there (\(error))")
        return ScheduleExploration.replay(settings, trace: { print($0) }, body)
    }
}

extension ScheduleExploration {
    /// Runs one trial again, alone, writing every step to `traceFile`: Chrome trace-event JSON
    /// when the path ends in `.json` (open it in Perfetto: a track per actor, an arrow from each
    /// message's sending step to its receiving step), fixed-width text otherwise (legend in
    /// docs/trace.md). Writing the trace changes nothing in the run: the same trace hash and
    /// verdict as without it. Throws when the file cannot be made.
    public static func replay(_ settings: TrialSettings, traceFile: String, _ body: (Trial) throws -> Void) throws
        -> (traceHash: String, failure: TrialFailure?, steps: Int) {
        var opening: (any Error)?
        var writer: TraceWriter?
        let replay = replay(settings, prepare: { simulation in
            do {
                writer = try TraceWriter(path: traceFile, simulation: simulation)
                writer?.attach(to: simulation)
            } catch {
                opening = error
            }
        }, body)
        if let opening { throw opening }
        writer?.close()
        return (replay.traceHash, replay.failure, writer?.records ?? 0)
    }
}

/// What `PAYSTORM_REPLAY` asks of the test that reads it.
enum ReplayRequest: Equatable {
    /// Explore as usual: the variable is unset, or names another test.
    case explore
    /// Run this one trial alone.
    case replay(TrialSettings)
    /// The variable names this test (or no test) but holds no replay token.
    case malformed(String)

    /// The request for the test `testName` (its `swift test --filter` name).
    static func current(for testName: String) -> ReplayRequest {
        parse(environment("PAYSTORM_REPLAY"), for: testName)
    }

    /// `checkoutChargesOnce@17/pct:3:200/0` applies to `checkoutChargesOnce` only, so a variable
    /// left set replays one test and leaves every other to explore. A token without a test name
    /// (what earlier versions printed) still applies to every test that reads it.
    static func parse(_ value: String?, for testName: String) -> ReplayRequest {
        guard let value else { return .explore }
        var token = Substring(value)
        if let at = value.firstIndex(of: "@") {
            guard value[..<at] == testName else { return .explore }
            token = value[value.index(after: at)...]
        }
        return TrialSettings(replayToken: String(token)).map(ReplayRequest.replay) ?? .malformed(value)
    }

    /// `PAYSTORM_REPLAY='checkoutChargesOnce@17/random/0'`: the variable for one failure of one test.
    static func line(_ failure: TrialFailure, _ testName: String) -> String {
        "PAYSTORM_REPLAY='\(testName)@\(failure.settings.replayToken)'"
    }
}

private func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
}

/// `checkoutChargesOnce()` → `checkoutChargesOnce`: what `swift test --filter` matches.
func filterName(_ name: String) -> String {
    name.split(separator: "(").first.map(String.init) ?? name
}
