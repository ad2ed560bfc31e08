import ClientRaceBug
import SimulationKernel
import Testing

/// Seeds to explore: small, so the search takes milliseconds.
let seeds: Range<UInt64> = 0..<100

@Suite struct ClientRaceBugTests {
    @Test func exploringSeedsFindsTheDoubleCharge() throws {
        let seed = try #require(firstDoubleCharge(in: seeds, client: .buggy),
                                "no seed in \(seeds) double-charged with the buggy client")
        let outcome = checkout(seed: seed, client: .buggy)
        #expect(outcome.charges == 2)
        #expect(outcome.taps.allSatisfy { $0.contains("paid") }, "\(outcome.taps)")
    }

    @Test func aFailingSeedReplaysExactly() throws {
        let seed = try #require(firstDoubleCharge(in: seeds, client: .buggy))
        let first = checkout(seed: seed, client: .buggy)
        let replay = checkout(seed: seed, client: .buggy)
        #expect(replay == first)  // Same charges, taps, story and trace hash.
        #expect(replay.traceHash == first.traceHash)
    }

    @Test func notEverySeedFails() {
        // The race needs the second tap to land while the first is tokenizing.
        let failing = seeds.filter { checkout(seed: $0, client: .buggy).doubleCharged }
        #expect(!failing.isEmpty && failing.count < seeds.count / 2, "\(failing)")
    }

    @Test func theFixedClientChargesOncePerSeed() {
        for seed in seeds {
            let outcome = checkout(seed: seed, client: .safe)
            #expect(outcome.charges == 1, "seed \(seed): \(outcome.taps)")
        }
    }

    @Test func pctFindsItToo() {
        #expect(firstDoubleCharge(in: seeds, client: .buggy, strategy: .pct(depth: 3, steps: 200)) != nil)
        #expect(firstDoubleCharge(in: seeds, client: .safe, strategy: .pct(depth: 3, steps: 200)) == nil)
    }

    /// The same checkout as an exploration trial finds the same first seed, with the same trace.
    @Test func scheduleExplorationFindsTheSameSeed() throws {
        let outcome = ScheduleExploration.explore(seeds: seeds, strategies: [.random], checkoutTrial(client: .buggy))
        let failure = try #require(outcome.failures.first)
        #expect(failure.settings.seed == firstDoubleCharge(in: seeds, client: .buggy))
        #expect(failure.traceHash == checkout(seed: failure.settings.seed, client: .buggy).traceHash)
        #expect(failure.message == "order 7 was charged 2 times")
    }
}
