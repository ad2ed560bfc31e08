import Foundation
import Reporting
import Testing

/// Sectioning: the pooled estimate with the replications' spread around it (`PooledInterval`).
@Suite struct PooledIntervalTests {
    @Test func threeSectionsAroundAPooledValueGiveTheTextbookHalfWidth() {
        let interval = PooledInterval(pooled: 11, sections: [10, 12, 14])
        #expect(interval.method == .sectioning)
        #expect(interval.estimate == 11)
        #expect(interval.sectionMean == 12)
        #expect(interval.count == 3)
        // Σ(θᵣ − 11)² = 1 + 1 + 9 = 11, over R(R − 1) = 6, times t(0.975, 2) = 4.303.
        let expected = 4.303 * (11.0 / 6).squareRoot()
        #expect(abs(interval.halfWidth95 - expected) < 1e-12)
        #expect(abs(interval.lower - (11 - expected)) < 1e-12 && abs(interval.upper - (11 + expected)) < 1e-12)
        // The sections sit 1 above the pool; a 1/n bias leaves 1/(R − 1) of that in the pool.
        #expect(abs(interval.estimatedBias - 0.5) < 1e-12)
        #expect(abs(interval.biasShareOfHalfWidth - 0.5 / expected) < 1e-12)
    }

    @Test func poolingAtTheSectionsMeanIsStudentsInterval() {
        let sections = [3.5, 4.25, 2.75, 5.0, 3.0]
        let summary = SampleSummary(sections)
        let pooled = PooledInterval(pooled: summary.mean, sections: sections)
        let averaged = PooledInterval(averaging: sections)
        for interval in [pooled, averaged] {
            #expect(abs(interval.estimate - summary.mean) < 1e-12)
            #expect(abs(interval.halfWidth95 - summary.halfWidth95) < 1e-12)
            #expect(abs(interval.estimatedBias) < 1e-12, "no gap between pool and sections, no bias: \(interval.estimatedBias)")
        }
        #expect(averaged.method == .replicationMeans)
    }

    @Test func averagingClaimsNoBiasEvenWhenTheSectionsDisagree() {
        let averaged = PooledInterval(averaging: [1, 9])
        #expect(averaged.estimate == 5)
        #expect(averaged.estimatedBias == 0)
        #expect(averaged.biasShareOfHalfWidth == 0)
        #expect(averaged.lengthFactor(bringingBiasUnder: 0.25) == 1)
    }

    @Test func weightsPoolTheRatiosTotals() {
        // 1 s busy of 2 and 6 s busy of 8: 7 of 10 seconds, not the mean of 0.5 and 0.75.
        let interval = PooledInterval(sections: [0.5, 0.75], weights: [2, 8])
        #expect(interval.method == .sectioning)
        #expect(abs(interval.estimate - 0.7) < 1e-12)
        #expect(abs(interval.sectionMean - 0.625) < 1e-12)
        let spread = ((0.5 - 0.7) * (0.5 - 0.7) + (0.75 - 0.7) * (0.75 - 0.7)) / 2
        #expect(abs(interval.halfWidth95 - 12.706 * spread.squareRoot()) < 1e-12)
    }

    @Test func noWeightsFallBackToTheSectionsMean() {
        let interval = PooledInterval(sections: [0.5, 0.75], weights: [0, 0])
        #expect(interval.method == .replicationMeans)
        #expect(interval.estimate == 0.625)
    }

    @Test func oneReplicationClaimsNothing() {
        let interval = PooledInterval(pooled: 4, sections: [5])
        #expect(interval.halfWidth95 == .infinity)
        #expect(interval.contains(-1e300) && interval.contains(1e300))
        #expect(interval.estimatedBias == 0)
        #expect(interval.biasShareOfHalfWidth == 0)
    }

    @Test func identicalSectionsHaveNoSpreadAndNoBias() {
        let interval = PooledInterval(pooled: 0, sections: [0, 0, 0])
        #expect(interval.halfWidth95 == 0)
        #expect(interval.contains(0) && !interval.contains(1e-9))
        #expect(interval.biasShareOfHalfWidth == 0)
    }

    @Test func lengthFactorIsTheBiasShareOverItsTargetSquared() {
        // The textbook case above: bias 0.5 on a half-width of 4.303·√(11/6).
        let interval = PooledInterval(pooled: 11, sections: [10, 12, 14])
        let share = 0.5 / (4.303 * (11.0 / 6).squareRoot())
        #expect(interval.lengthFactor(bringingBiasUnder: 0.25) == 1, "already under a quarter: \(share)")
        #expect(abs(interval.lengthFactor(bringingBiasUnder: share / 2) - 4) < 1e-9, "half the share: 4× as long")
        #expect(abs(interval.lengthFactor(bringingBiasUnder: share / 3) - 9) < 1e-9, "a third of it: 9× as long")
    }

    /// A symmetric t interval near a physical bound claims values no run can produce (a
    /// utilization above 1, a wait below 0): bounded, its ends stop at the bound and the values it
    /// covered inside it are still covered.
    @Test func boundedIntervalsStopAtWhatTheFigureCanBe() {
        let busy = PooledInterval(averaging: [0.97, 0.99, 0.995]).bounded(to: 0...1)
        #expect(busy.upper == 1)
        #expect(busy.lower == PooledInterval(averaging: [0.97, 0.99, 0.995]).lower)
        let wait = PooledInterval(averaging: [0, 0, 3]).bounded(to: 0...Double.infinity)
        #expect(wait.lower == 0)
        #expect(wait.contains(0) && wait.contains(1) && !wait.contains(-0.5))
        let unbounded = PooledInterval(averaging: [0, 0, 3])
        #expect(unbounded.lower < 0, "the unbounded interval is the t interval as it was")
    }
}
