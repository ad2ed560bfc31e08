/// Replications too short for their intervals: at some point a pooled figure keeps a bias
/// (`PooledInterval.estimatedBias`) large enough to push its 95 % interval off the true value.
///
/// A bias of a quarter of the half-width lowers a 95 % t interval's coverage to about 93 %, half
/// of it to about 90 %; the warning starts at a quarter, because the bias is itself estimated. It
/// suggests the length at which the worst figure's bias would fall to that quarter: the bias falls
/// as 1/length, the half-width as 1/√length.
///
/// Not seen here: the bias of a start from an empty system, which the pool shares with every
/// replication; `run.warmup` is for that.
public struct ReplicationLengthWarning: Sendable {
    /// The share of a half-width a bias may take before the sweep warns.
    public static let tolerableBiasShare = 0.25

    /// Points with at least one figure past the tolerable share.
    public var pointsAffected: Int
    public var pointCount: Int
    /// The figure with the largest share, as the warning names it ("p99 latency at workload.rate=200").
    public var worstFigure: String
    public var worstShare: Double
    /// How many times longer replications must be for the worst figure to fall to the tolerable share.
    public var lengthFactor: Double

    /// The warning for `analysis`, or nil when every figure's bias is tolerable (or no point has
    /// pooled figures or more than one replication).
    public init?(_ analysis: SweepAnalysis) {
        var affected = 0
        var worst: (figure: String, interval: PooledInterval)?
        for point in analysis.points {
            let place = point.settings.map { "\($0.path)=\($0.value)" }.joined(separator: " ")
            var figures = [("mean latency", point.latencyMean), ("p50 latency", point.latencyP50),
                           ("p90 latency", point.latencyP90), ("p99 latency", point.latencyP99)]
            for station in point.stations {
                figures += [("\(station.name) utilization", station.utilization),
                            ("\(station.name) mean wait", station.meanWaitMilliseconds)]
            }
            // In the order listed, so ties name the same figure on every run.
            let shares = figures.map { (name: $0.0, interval: $0.1, share: $0.1.biasShareOfHalfWidth) }
            guard shares.contains(where: { $0.share > Self.tolerableBiasShare }) else { continue }
            affected += 1
            for candidate in shares where candidate.share > (worst?.interval.biasShareOfHalfWidth ?? 0) {
                worst = (candidate.name + (place.isEmpty ? "" : " at " + place), candidate.interval)
            }
        }
        guard let worst, affected > 0 else { return nil }
        pointsAffected = affected
        pointCount = analysis.points.count
        worstFigure = worst.figure
        worstShare = worst.interval.biasShareOfHalfWidth
        lengthFactor = worst.interval.lengthFactor(bringingBiasUnder: Self.tolerableBiasShare)
    }

    /// One line for stdout, sweep.json and report.html.
    ///
    /// - Parameter lifecycles: the lifecycles each replication ran, when every point ran the same
    ///   number; then the advice names the `run.lifecycles` to set.
    public func text(lifecycles: Int?) -> String {
        let factor = min(lengthFactor.rounded(.up), 1e6)  // Past a million times longer, the advice is "much longer" anyway.
        let advice = lifecycles.map { count in
            "lengthen run.lifecycles to about \(SummaryTable.grouped(UInt64((Double(count) * factor).rounded(.up))))"
        } ?? "lengthen the replications about \(SummaryTable.fixed(factor, 0))×"
        return "warning: at \(pointsAffected) of \(pointCount) points the replications are too short for their 95 % intervals: "
            + "the pooled \(worstFigure) keeps an estimated bias of \(SummaryTable.fixed(worstShare * 100, 0)) % of its "
            + "half-width (tolerable: \(SummaryTable.fixed(Self.tolerableBiasShare * 100, 0)) %); replications this short "
            + "bias their quantiles; " + advice
    }
}
