import Foundation
@testable import SimulationKernel
import Testing

/// `Distribution.rounding(nanoseconds:)` replaced a libm `rounded()` call with a truncate-and-step;
/// every sample of every run goes through it, so it must agree with `rounded()` bit for bit.
@Suite struct DurationRoundingTests {
    /// The old conversion, kept here as the reference.
    static func reference(_ nanoseconds: Double) -> Int64 {
        let nanos = nanoseconds.rounded()
        if !(nanos < 9.2e18) { return Int64.max / 2 }
        if !(nanos > -9.2e18) { return Int64.min / 2 }
        return Int64(nanos)
    }

    @Test(arguments: [
        0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994, 0.5000000000000001,
        1e-300, -0.0, 12_345_678.5, 12_345_678.499999998, 4_503_599_627_370_495.5, 4_503_599_627_370_496,
        9_007_199_254_740_993, 9.199999999999999e18, 9.2e18, -9.2e18, 1e19, -1e19,
        .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ] as [Double])
    func edgeValuesRoundLikeRounded(value: Double) {
        #expect(Distribution.rounding(nanoseconds: value).nanoseconds == Self.reference(value), "\(value)")
    }

    @Test func randomValuesRoundLikeRounded() {
        var random = SimRandom(seed: 7)
        for _ in 0..<200_000 {
            // Magnitudes from below one to beyond 2^53, both signs, and exact halves.
            let magnitude = pow(2, Double(random.int(in: 0...60)))
            var value = (random.unitInterval() - 0.5) * magnitude
            if random.int(in: 0...3) == 0 { value = (value * 2).rounded(.towardZero) / 2 }
            #expect(Distribution.rounding(nanoseconds: value).nanoseconds == Self.reference(value), "\(value)")
        }
    }
}
