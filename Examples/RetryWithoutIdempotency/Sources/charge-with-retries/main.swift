// Finds, replays and measures the double charge of a retry without an idempotency key.
//
//   swift run charge-with-retries                          explore seeds 0..<200 with both clients
//   PAYSTORM_REPLAY=30/random/0 swift run charge-with-retries  replay one trial of the retrying client:
//                                                          its actors' steps, verdict and trace hash
//   swift run charge-with-retries find-rate                failing seeds of 0..<200 per strategy and jitter
//   swift run charge-with-retries shrink                   the first failure, shrunk to the choices it needs
import Foundation
import RetryWithoutIdempotency
import SimulationKernel

let seeds: Range<UInt64> = 0..<200

func explore() {
    for kind in ClientKind.allCases {
        let outcome = ScheduleExploration.explore(seeds: seeds, threads: 2, checkoutTrial(client: kind))
        if let failure = outcome.failures.first {
            print("\(kind) client: failed after \(outcome.trialsRun) trials: \(failure)")
            print("  replay it: \(failure.replayEnvironment) swift run charge-with-retries")
        } else {
            print("\(kind) client: passed \(outcome.trialsRun) trials")
        }
    }
}

func replay(_ token: String) -> Int32 {
    guard let settings = TrialSettings(replayToken: token) else {
        print("PAYSTORM_REPLAY=\(token) is not a replay token (seed/strategy/jitter, e.g. 30/random/0)")
        return 2
    }
    let replay = ScheduleExploration.replay(settings, trace: { print($0) }, steps: .actorsOnly,
                                            checkoutTrial(client: .retrying))
    print("replayed \(settings): " + (replay.failure.map { "failed: \($0.message)" } ?? "passed"))
    print("trace \(replay.traceHash)")
    return 0
}

/// One row per strategy and jitter: how many seeds fail, and the first that does.
func findRate() {
    let strategies: [SchedulingStrategy] = [.fifo] + ScheduleExploration.portfolio()
    print("| strategy | jitter | failing seeds of \(seeds.count) | first failing seed |")
    print("| --- | --- | --- | --- |")
    for strategy in strategies {
        for jitter in [SimDuration.zero, .milliseconds(5)] {
            let outcome = ScheduleExploration.explore(seeds: seeds, strategies: [strategy], jitters: [jitter], threads: 2,
                                                      stopAtFirstFailure: false, checkoutTrial(client: .retrying))
            let first = outcome.failures.first.map { "\($0.settings.seed)" } ?? "none"
            print("| \(strategy) | \(jitter) | \(outcome.failures.count) | \(first) |")
        }
    }
}

/// The retrying client's first failure, shrunk: what `expectNoScheduleFailure` would print.
func shrink() {
    let body = checkoutTrial(client: .retrying)
    guard let failure = ScheduleExploration.explore(seeds: seeds, threads: 2, body).failures.first else {
        print("no failure in seeds \(seeds)")
        return
    }
    let shrunk = ScheduleExploration.shrink(failure, body)
    print("\(failure)\n\(shrunk)\nreplay the small one: \(shrunk.failure.replayEnvironment) swift run charge-with-retries")
}

if let token = ProcessInfo.processInfo.environment["PAYSTORM_REPLAY"], !token.isEmpty {
    exit(replay(token))
} else if CommandLine.arguments.dropFirst().first == "find-rate" {
    findRate()
} else if CommandLine.arguments.dropFirst().first == "shrink" {
    shrink()
} else {
    explore()
}
