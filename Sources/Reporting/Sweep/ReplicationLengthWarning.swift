import Foundation

/// Replications too short for their 95 % intervals, by either of two signs, with the length that
/// would quiet both.
///
/// 1. **Memory.** A queue at utilization ρ forgets its past over its relaxation time; in arrivals,
///    about ρ(1 + ρ)/(1 − ρ)² for an M/M/c station (the heavy-traffic time σ²/δ² of its queue,
///    which is the same for every c at one ρ). A replication of few such times holds few
///    independent stretches: its mean is skewed, its p99 is little more than its worst moment,
///    and neither pooling nor more replications make the interval honest. The sweep warns when a
///    station's replications measured fewer than `relaxationTimesNeeded` of them. For stations
///    that are not M/M/c this is a rule of thumb, not a bound.
/// 2. **Bias.** A pooled figure keeps a bias (`PooledInterval.estimatedBias`) past
///    `tolerableBiasShare` of its half-width: a quarter costs a 95 % interval about 2 points of
///    coverage, half of it about 5.
///
/// `paystorm-bench coverage` measured both thresholds against exact M/M/1 and M/M/10 figures
/// (results/README.md, issue 20). Not seen here: the start from an empty system; `run.warmup` is
/// for that.
public struct ReplicationLengthWarning: Sendable {
    /// The share of a half-width a bias may take before the sweep warns.
    public static let tolerableBiasShare = 0.25
    /// Relaxation times each replication must measure at every station.
    public static let relaxationTimesNeeded = 300.0
    /// Past this utilization a station has no steady state to estimate; the knee speaks for it.
    static let saturatedUtilization = 0.98

    /// Points with at least one figure or station past a threshold.
    public var pointsAffected: Int
    public var pointCount: Int
    /// What needs the most lengthening, as the warning names it ("issuer at workload.rate=200 measured
    /// 2,000 arrivals, 55 relaxation times", "p99 latency at workload.rate=200").
    public var worstReason: String
    /// How many times longer replications must be for every figure and station to pass.
    public var lengthFactor: Double

    /// Arrivals in one relaxation time of an M/M/c queue at utilization ρ: ρ(1 + ρ)/(1 − ρ)².
    public static func arrivalsPerRelaxationTime(utilization rho: Double) -> Double {
        precondition(rho >= 0 && rho < 1, "ReplicationLengthWarning: utilization \(rho) has no relaxation time")
        return rho * (1 + rho) / ((1 - rho) * (1 - rho))
    }

    /// The warning for `analysis`, or nil when every point passes (or has one replication).
    public init?(_ analysis: SweepAnalysis) {
        var affected = 0
        var worst: (reason: String, factor: Double)?
        for point in analysis.points where point.latencyP99.count > 1 {
            let place = point.settings.map { "\($0.path)=\($0.value)" }.joined(separator: " ")
            let at = place.isEmpty ? "" : " at " + place
            // In a fixed order (figures, then stations as the sweep lists them), so ties name the same reason every run.
            var needs: [(reason: String, factor: Double)] = []
            var figures = [("mean latency", point.latencyMean), ("p50 latency", point.latencyP50),
                           ("p90 latency", point.latencyP90), ("p99 latency", point.latencyP99)]
            figures += point.stations.flatMap { [("\($0.name) utilization", $0.utilization), ("\($0.name) mean wait", $0.meanWaitMilliseconds)] }
            for (name, interval) in figures where interval.biasShareOfHalfWidth > Self.tolerableBiasShare {
                needs.append(("the pooled \(name)\(at) keeps an estimated bias of "
                              + "\(SummaryTable.fixed(interval.biasShareOfHalfWidth * 100, 0)) % of its half-width",
                              interval.lengthFactor(bringingBiasUnder: Self.tolerableBiasShare)))
            }
            for station in point.stations {
                let rho = station.utilization.estimate
                guard station.arrivalsPerReplication > 0, rho > 0, rho < Self.saturatedUtilization else { continue }
                let relaxations = station.arrivalsPerReplication / Self.arrivalsPerRelaxationTime(utilization: rho)
                guard relaxations < Self.relaxationTimesNeeded else { continue }
                needs.append(("\(station.name)\(at) (utilization \(SummaryTable.fixed(rho, 2))) measured "
                              + "\(SummaryTable.grouped(UInt64(station.arrivalsPerReplication.rounded()))) arrivals a "
                              + "replication, \(SummaryTable.fixed(relaxations, 0)) of its relaxation times",
                              Self.relaxationTimesNeeded / relaxations))
            }
            guard !needs.isEmpty else { continue }
            affected += 1
            for need in needs where need.factor > (worst?.factor ?? 0) { worst = need }
        }
        guard let worst, affected > 0 else { return nil }
        pointsAffected = affected
        pointCount = analysis.points.count
        worstReason = worst.reason
        lengthFactor = worst.factor
    }

    /// One line for stdout, sweep.json and report.html.
    ///
    /// - Parameter lifecycles: the lifecycles each replication ran, when every point ran the same
    ///   number; then the advice names the `run.lifecycles` to set.
    public func text(lifecycles: Int?) -> String {
        // Past a million times longer the advice is "much longer" anyway; the cap keeps it printable.
        let factor = min(lengthFactor, 1e6)
        let advice = lifecycles.map { count in
            "lengthen run.lifecycles to at least \(SummaryTable.grouped(UInt64((Double(count) * factor).rounded(.up))))"
        } ?? "lengthen the replications at least \(SummaryTable.fixed(factor.rounded(.up), 0))×"
        return "warning: at \(pointsAffected) of \(pointCount) points the replications are too short for honest 95 % "
            + "intervals (replications this short bias their quantiles and skew their means): \(worstReason); " + advice
    }
}
