import SimulationKernel
import Testing

@Suite struct ArrivalProcessTests {
    /// Arrivals in [start, end) of virtual seconds, from a fixed seed.
    static func count(_ process: ArrivalProcess, from start: Double = 0, to end: Double, seed: UInt64 = 1) -> Int {
        var random = SimRandom(seed: seed)
        var now = SimTime.zero
        var count = 0
        while let next = process.nextArrival(after: now, random: &random), next.seconds < end {
            if next.seconds >= start { count += 1 }
            now = next
        }
        return count
    }

    @Test func poissonHitsItsRate() {
        let arrivals = Self.count(.poisson(rate: 200), to: 1_000)
        #expect(abs(Double(arrivals) - 200_000) < 4 * 447, "\(arrivals) arrivals; expected 200,000 ± 4 sd")
    }

    @Test func constantIsEvenlySpaced() {
        #expect(Self.count(.constant(rate: 50), to: 10) == 499)  // t = 0.02, 0.04, …, 9.98.
    }

    @Test func spikeRaisesTheRateOnlyInsideItsWindow() {
        let spike = ArrivalProcess.spike(base: 100, peak: 1_000, start: .seconds(10), duration: .seconds(10))
        let before = Self.count(spike, from: 0, to: 10)
        let during = Self.count(spike, from: 10, to: 20)
        let after = Self.count(spike, from: 20, to: 30)
        #expect(abs(before - 1_000) < 130, "\(before)")
        #expect(abs(during - 10_000) < 400, "\(during)")
        #expect(abs(after - 1_000) < 130, "\(after)")
    }

    @Test func rampMovesLinearlyThenHolds() {
        let ramp = ArrivalProcess.ramp(from: 0, to: 1_000, duration: .seconds(10))
        let firstHalf = Self.count(ramp, from: 0, to: 5)   // Integral of 100 t over [0, 5] = 1,250.
        let secondHalf = Self.count(ramp, from: 5, to: 10) // 3,750.
        let held = Self.count(ramp, from: 10, to: 12)      // 2,000.
        #expect(abs(firstHalf - 1_250) < 150, "\(firstHalf)")
        #expect(abs(secondHalf - 3_750) < 250, "\(secondHalf)")
        #expect(abs(held - 2_000) < 200, "\(held)")
    }

    @Test func profileFollowsItsSlotsAndSkipsEmptyOnes() {
        let profile = ArrivalProcess.profile(rate: 100, multipliers: [0, 2, 0, 1], period: .seconds(40))
        #expect(Self.count(profile, from: 0, to: 10) == 0)
        #expect(abs(Self.count(profile, from: 10, to: 20) - 2_000) < 200)
        #expect(Self.count(profile, from: 20, to: 30) == 0)
        #expect(abs(Self.count(profile, from: 30, to: 40) - 1_000) < 130)
        #expect(abs(Self.count(profile, from: 50, to: 60) - 2_000) < 200)  // The period repeats.
    }

    @Test func aProfileOfZerosNeverFires() {
        var random = SimRandom(seed: 1)
        #expect(ArrivalProcess.profile(rate: 100, multipliers: [0, 0], period: .seconds(2))
            .nextArrival(after: .zero, random: &random) == nil)
    }
}
