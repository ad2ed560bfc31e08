// Explores seeds for a double charge, then replays the first failing seed.
//
//   swift run explore-checkout            explore seeds 0..<100 with both clients
//   swift run explore-checkout 17         replay seed 17 with the buggy client
//   swift run explore-checkout find-rate  failing seeds of 0..<200 per strategy and jitter
import ClientRaceBug
import SimulationKernel

let seeds: Range<UInt64> = 0..<100

func show(_ seed: UInt64, _ kind: ClientKind) {
    let outcome = checkout(seed: seed, client: kind)
    print("seed \(seed), \(kind) client: \(outcome.charges) charge(s), slowest tap \(outcome.slowestTap), "
          + "trace \(outcome.traceHash)")
    for line in outcome.taps + outcome.story { print("  " + line) }
}

/// One row per strategy and jitter: how many seeds of 0..<200 double-charge, and the first that does.
func findRate() {
    let seeds: Range<UInt64> = 0..<200
    print("| strategy | jitter | failing seeds of \(seeds.count) | first failing seed |")
    print("| --- | --- | --- | --- |")
    for strategy in [.fifo] + ScheduleExploration.portfolio() {
        for jitter in [SimDuration.zero, .milliseconds(5)] {
            let outcome = ScheduleExploration.explore(seeds: seeds, strategies: [strategy], jitters: [jitter], threads: 2,
                                                      stopAtFirstFailure: false, checkoutTrial(client: .buggy))
            let first = outcome.failures.first.map { "\($0.settings.seed)" } ?? "none"
            print("| \(strategy) | \(jitter) | \(outcome.failures.count) | \(first) |")
        }
    }
}

if CommandLine.arguments.dropFirst().first == "find-rate" {
    findRate()
} else if let argument = CommandLine.arguments.dropFirst().first, let seed = UInt64(argument) {
    show(seed, .buggy)
} else {
    for kind in ClientKind.allCases {
        let failing = seeds.filter { checkout(seed: $0, client: kind).doubleCharged }
        print("\(kind) client: \(failing.count) of \(seeds.count) seeds double-charge"
              + (failing.isEmpty ? "" : "; first \(failing[0]), all \(failing)"))
    }
    if let first = firstDoubleCharge(in: seeds, client: .buggy) {
        print("\nreplaying seed \(first) twice:")
        show(first, .buggy)
        show(first, .buggy)
        print("\nthe fixed client on the same seed:")
        show(first, .safe)
    }
}
