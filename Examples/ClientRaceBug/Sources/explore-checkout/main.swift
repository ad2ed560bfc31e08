// Explores seeds for a double charge, then replays the first failing seed.
//
//   swift run explore-checkout            explore seeds 0..<100 with both clients
//   swift run explore-checkout 17         replay seed 17 with the buggy client
import ClientRaceBug

let seeds: Range<UInt64> = 0..<100

func show(_ seed: UInt64, _ kind: ClientKind) {
    let outcome = checkout(seed: seed, client: kind)
    print("seed \(seed), \(kind) client: \(outcome.charges) charge(s), slowest tap \(outcome.slowestTap), "
          + "trace \(outcome.traceHash)")
    for line in outcome.taps + outcome.story { print("  " + line) }
}

if let argument = CommandLine.arguments.dropFirst().first, let seed = UInt64(argument) {
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
