import Reporting
import Testing

/// Means and Student t intervals across replications.
@Suite struct CapacityMathConfidenceInterval {
    /// Published two-sided 95 % values, df 1…30.
    static let published: [Double] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ]

    @Test(arguments: 1...30)
    func tableGivesThePublishedValues(degreesOfFreedom: Int) {
        #expect(SampleSummary.tQuantile975(degreesOfFreedom: degreesOfFreedom) == Self.published[degreesOfFreedom - 1])
    }

    @Test(arguments: [(40, 2.021), (60, 2.000), (120, 1.980), (31, 2.040), (1_000, 1.962), (100_000, 1.960)])
    func approximationBeyondTheTableMatchesKnownValues(degreesOfFreedom: Int, expected: Double) {
        let t = SampleSummary.tQuantile975(degreesOfFreedom: degreesOfFreedom)
        #expect(abs(t - expected) < 0.005, "df \(degreesOfFreedom): \(t)")
        #expect(abs(t - expected) < 0.0006, "df \(degreesOfFreedom): \(t), beyond the 3-decimal rounding")
    }

    @Test func approximationJoinsTheTableSmoothly() {
        // Cornish–Fisher at df 30 is 2.042272; the table's 2.042 is its rounding.
        let beyond = SampleSummary.tQuantile975(degreesOfFreedom: 31)
        #expect(beyond < 2.042 && beyond > 2.039)
        var previous = Double.infinity
        for df in 1...2_000 {
            let t = SampleSummary.tQuantile975(degreesOfFreedom: df)
            #expect(t < previous, "t must fall as df grows: df \(df) gives \(t) after \(previous)")
            #expect(t > 1.959_963, "t never drops below z: df \(df) gives \(t)")
            previous = t
        }
    }

    @Test func threeValuesGiveTheTextbookInterval() {
        let summary = SampleSummary([10, 12, 14])
        #expect(summary.count == 3)
        #expect(summary.mean == 12)
        #expect(summary.standardDeviation == 2, "divisor n − 1: (4 + 0 + 4) / 2 = 4")
        let halfWidth = 4.303 * 2 / 3.0.squareRoot()
        #expect(abs(summary.halfWidth95 - halfWidth) < 1e-12)
        #expect(abs(summary.lower - (12 - halfWidth)) < 1e-12)
        #expect(abs(summary.upper - (12 + halfWidth)) < 1e-12)
    }

    @Test func fortyReplicationsUseTheApproximation() {
        let values = (0..<41).map { Double($0) }  // Mean 20, s² = 41·42/12 = 143.5.
        let summary = SampleSummary(values)
        #expect(summary.mean == 20)
        #expect(abs(summary.standardDeviation - 143.5.squareRoot()) < 1e-12)
        let expected = SampleSummary.tQuantile975(degreesOfFreedom: 40) * 143.5.squareRoot() / 41.0.squareRoot()
        #expect(abs(summary.halfWidth95 - expected) < 1e-12)
    }

    @Test func identicalValuesHaveAZeroWidthInterval() {
        let summary = SampleSummary([245.5, 245.5, 245.5, 245.5])
        #expect(summary.mean == 245.5)
        #expect(summary.standardDeviation == 0)
        #expect(summary.halfWidth95 == 0)
        #expect(summary.lower == 245.5 && summary.upper == 245.5)
    }

    @Test func aLargeMeanDoesNotSwampTheSpread() {
        let summary = SampleSummary([1e9 + 1, 1e9 + 2, 1e9 + 3])
        #expect(summary.mean == 1e9 + 2)
        #expect(summary.standardDeviation == 1)
    }

    @Test func oneReplicationClaimsNothing() {
        let summary = SampleSummary([42])
        #expect(summary.count == 1)
        #expect(summary.mean == 42)
        #expect(summary.standardDeviation.isNaN)
        #expect(summary.halfWidth95 == .infinity)
        #expect(summary.lower == -.infinity && summary.upper == .infinity)
    }

    @Test func theSameValuesGiveTheSameSummary() {
        let values = [0.1, 0.7, 0.3, 0.9, 0.25]
        let first = SampleSummary(values)
        let second = SampleSummary(values)
        #expect(first.mean == second.mean)
        #expect(first.standardDeviation == second.standardDeviation)
        #expect(first.halfWidth95 == second.halfWidth95)
    }
}
