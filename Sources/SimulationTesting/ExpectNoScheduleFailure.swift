#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
/// With `PAYSTORM_REPLAY` set (the failure says to what), it runs that one trial alone, on this
/// thread, and prints its steps: the same interleaving, trace hash and verdict as the failure.
/// Each trial is a simulation of its own on a thread of its own, so tests that call this may run
/// in parallel in one process.
@discardableResult
public func expectNoScheduleFailure(seeds: Range<UInt64> = 0..<100,
                                    strategies: [SchedulingStrategy] = ScheduleExploration.portfolio(),
                                    jitters: [SimDuration] = [.zero], threads: Int = 2,
                                    sourceLocation: SourceLocation = #_sourceLocation,
                                    _ body: @escaping @Sendable (Trial) throws -> Void) -> ExplorationOutcome {
    if let token = replayToken() {
        guard let settings = TrialSettings(replayToken: token) else {
            Issue.record("PAYSTORM_REPLAY=\(token) is not a replay token (seed/strategy/jitter, e.g. 17/pct:3:200/0)",
                         sourceLocation: sourceLocation)
            return ExplorationOutcome(trialsRun: 0, failures: [])
        }
        let replay = ScheduleExploration.replay(settings, trace: { print($0) }, body)
        print("replayed \(settings): trace \(replay.traceHash), " + (replay.failure.map { "failed: \($0.message)" } ?? "passed"))
        if let failure = replay.failure {
            Issue.record("\(failure)", sourceLocation: sourceLocation)
        }
        return ExplorationOutcome(trialsRun: 1, failures: replay.failure.map { [$0] } ?? [])
    }
    let outcome = ScheduleExploration.explore(seeds: seeds, strategies: strategies, jitters: jitters, threads: threads, body)
    if let failure = outcome.failures.first {
        let test = Test.current?.name ?? "THE_TEST"
        Issue.record("""
            \(failure)
            after \(outcome.trialsRun) trials; replay it alone: \(failure.replayEnvironment) swift test --filter '\(filterName(test))'
            """, sourceLocation: sourceLocation)
    }
    return outcome
}

private func replayToken() -> String? {
    guard let value = getenv("PAYSTORM_REPLAY") else { return nil }
    let token = String(cString: value)
    return token.isEmpty ? nil : token
}

/// `checkoutChargesOnce()` → `checkoutChargesOnce`: what `swift test --filter` matches.
private func filterName(_ name: String) -> String {
    name.split(separator: "(").first.map(String.init) ?? name
}
