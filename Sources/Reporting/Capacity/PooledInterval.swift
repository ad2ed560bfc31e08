/// A figure estimated from every replication pooled, with a two-sided 95 % interval from how far
/// each replication's own estimate falls from the pooled one: sectioning (Asmussen & Glynn,
/// *Stochastic Simulation*, 2007, §III.5a; Nakayama, "Confidence intervals for quantiles using
/// sectioning", 2014).
///
/// Why not the mean of the replications' estimates: a quantile from n correlated values is biased
/// by about c/n, and averaging R of them keeps all of that bias while the interval narrows as
/// 1/√R around it. The pooled estimate uses all R·n values at once, so its bias is c/(Rn), while
/// the spread of the R sections still measures its noise. With
/// θ̂ the pooled estimate and θ̂ᵣ replication r's:
///
///     half-width = t(0.975, R − 1) · √( Σᵣ (θ̂ᵣ − θ̂)² / (R(R − 1)) )
///
/// When the pooled estimate is the plain mean of the sections (a mean over equal-sized
/// replications), this is exactly Student's t interval of `SampleSummary`.
///
/// **What pooling does not fix.** A start from an empty system biases every section and the pool
/// alike; a warm-up (`run.warmup`) is for that. `estimatedBias` sees only the part that shrinks
/// with a replication's length.
///
/// ```swift
/// let interval = PooledInterval(pooled: 11, sections: [10, 12, 14])
/// #expect(interval.estimate == 11)
/// #expect(interval.sectionMean == 12)
/// #expect(abs(interval.halfWidth95 - 4.303 * (11.0 / 6).squareRoot()) < 1e-12)  // Σ(θ̂ᵣ − θ̂)² = 11.
/// ```
public struct PooledInterval: Sendable {
    /// How the interval was made, for readers of sweep.json.
    public enum Method: String, Sendable {
        /// The pooled estimate, the sections' spread around it.
        case sectioning
        /// The mean of the replications' estimates (no pooled data: merged shards, huge sweeps).
        case replicationMeans = "replication_means"
    }

    /// The pooled estimate (or the sections' mean, for `.replicationMeans`).
    public let estimate: Double
    /// The mean of the replications' own estimates.
    public let sectionMean: Double
    /// R: the number of replications.
    public let count: Int
    /// t(0.975, R − 1) · the standard error above; `.infinity` when R = 1, like `SampleSummary`.
    public let halfWidth95: Double
    public let method: Method

    /// What the figure can physically be (a utilization 0…1, a wait at least 0): the interval's
    /// ends stay inside it. The t interval is symmetric, and near a bound its far side would
    /// claim values no run can produce; cutting it there keeps every value it covered that could
    /// be true, so its coverage is unchanged.
    public var bounds: ClosedRange<Double> = -Double.infinity...Double.infinity

    /// The interval's lower end, estimate − halfWidth95, at least `bounds`' lower end.
    public var lower: Double { max(bounds.lowerBound, estimate - halfWidth95) }
    /// The interval's upper end, estimate + halfWidth95, at most `bounds`' upper end.
    public var upper: Double { min(bounds.upperBound, estimate + halfWidth95) }

    /// The same interval, its ends kept inside `bounds`.
    public func bounded(to bounds: ClosedRange<Double>) -> PooledInterval {
        var bounded = self
        bounded.bounds = bounds
        return bounded
    }

    /// Whether `value` lies in the closed interval.
    public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }

    /// The bias left in the pooled estimate, if the replications' bias falls as 1/length: the
    /// sections' mean carries c/n, the pool c/(Rn), so their gap is c(R − 1)/(Rn) and the pool's
    /// share of it 1/(R − 1). Zero for `.replicationMeans` and for R = 1 (nothing to compare).
    ///
    /// For a quantile the first-order noise of the sections and of the pool is the same (the
    /// pool's empirical distribution is the mean of the sections'), so the gap is mostly bias.
    public var estimatedBias: Double {
        guard method == .sectioning, count > 1 else { return 0 }
        return (sectionMean - estimate) / Double(count - 1)
    }

    /// |estimatedBias| / halfWidth95: how much of the interval the bias would eat; 0 for R = 1.
    public var biasShareOfHalfWidth: Double {
        // No spread (every replication gave the pooled figure, an idle station): no bias either.
        guard halfWidth95.isFinite, halfWidth95 > 0 else { return 0 }
        return abs(estimatedBias) / halfWidth95
    }

    /// How many times longer each replication must be for the bias to fall to `share` of the
    /// half-width: the bias falls as 1/length and the half-width as 1/√length, so their ratio
    /// falls as 1/√length. At least 1.
    public func lengthFactor(bringingBiasUnder share: Double) -> Double {
        precondition(share > 0, "PooledInterval: a bias share of \(share) cannot be reached by any length")
        let ratio = biasShareOfHalfWidth / share
        return max(1, ratio * ratio)
    }

    /// Sectioning: the pooled estimate and each replication's own.
    ///
    /// - Parameters:
    ///   - pooled: the figure from all replications' data together; finite.
    ///   - sections: each replication's figure, at least one, all finite; summed in the order given.
    public init(pooled: Double, sections: [Double]) {
        precondition(pooled.isFinite, "PooledInterval: pooled estimate \(pooled) is not finite")
        self.init(center: pooled, sections: sections, method: .sectioning)
    }

    /// The mean of the replications' estimates with Student's t interval: what sweeps reported
    /// before sectioning, and still do where no pooled data is kept.
    public init(averaging sections: [Double]) {
        let summary = SampleSummary(sections)
        self.init(center: summary.mean, sections: sections, method: .replicationMeans)
    }

    /// A weighted pool of per-replication ratios (busy time over window, total wait over waits):
    /// Σ wᵣθ̂ᵣ / Σ wᵣ is the ratio of the pooled totals. With no weight at all (old shard files),
    /// the sections' plain mean.
    public init(sections: [Double], weights: [Double]) {
        precondition(sections.count == weights.count, "PooledInterval: \(sections.count) sections, \(weights.count) weights")
        let total = weights.reduce(0, +)
        guard total > 0, total.isFinite else {
            self.init(averaging: sections)
            return
        }
        let pooled = zip(sections, weights).reduce(0) { $0 + $1.0 * $1.1 } / total
        self.init(pooled: pooled, sections: sections)
    }

    private init(center: Double, sections: [Double], method: Method) {
        precondition(!sections.isEmpty, "PooledInterval: no sections; a sweep point needs at least one replication")
        for (index, value) in sections.enumerated() {
            precondition(value.isFinite, "PooledInterval: section \(index) is \(value), not a finite number")
        }
        let r = Double(sections.count)
        estimate = center
        sectionMean = sections.reduce(0, +) / r
        count = sections.count
        self.method = method
        guard sections.count > 1 else {
            halfWidth95 = .infinity
            return
        }
        let squares = sections.reduce(0) { sum, value in sum + (value - center) * (value - center) }
        halfWidth95 = SampleSummary.tQuantile975(degreesOfFreedom: sections.count - 1) * (squares / (r * (r - 1))).squareRoot()
    }
}
