/// Where a capacity sweep stops scaling, and which actor is to blame.
///
/// Walk the sweep points in order of offered load and stop at the first one where either
/// - the system no longer keeps up: achieved / offered < 0.95 (`throughputFlattened`), or
/// - latency has blown up: p99 > `latencyMultiple` × the p99 at the lowest load (`latencyGrew`).
///
/// If both hold at the same point, the reason is `throughputFlattened`: lost throughput is the
/// harder fact, and latency always grows with it. The binding actor is the one with the highest
/// utilization at that knee point; equal utilizations go to the actor listed first.
///
/// **Interpolation.** A sweep samples a few loads, so the knee usually lies between the last good
/// point and the knee point. `offeredLoad` is a linear interpolation between the two: on the
/// achieved/offered ratio crossing 0.95 for `throughputFlattened`, and on the p99 crossing
/// `latencyMultiple` × the lowest-load p99 for `latencyGrew` (an infinite p99 puts the knee at
/// the last good point). A knee at the first point has nothing to interpolate from, so
/// `offeredLoad` is that point's load. The estimate is only as good as the sweep's spacing.
public enum KneeFinding: Sendable, Hashable {
    /// The sweep found a knee.
    case knee(KneeReport)
    /// Every point kept up; the report names the busiest actor at the highest load.
    case noKnee(NoKneeReport)

    /// The share of the offered load that must still complete: below it, throughput has flattened.
    public static let throughputThreshold = 0.95

    /// Finds the knee of a sweep.
    ///
    /// - Parameters:
    ///   - sweep: the points, sorted by strictly increasing offered load; at least one.
    ///   - latencyMultiple: how many times the lowest-load p99 counts as "grew"; more than 1.
    ///     `.infinity` turns the latency test off, leaving throughput alone.
    public static func analyze(_ sweep: [SweepPoint], latencyMultiple: Double = 3) -> KneeFinding {
        precondition(!sweep.isEmpty, "KneeFinding: empty sweep")
        precondition(latencyMultiple > 1, "KneeFinding: latency multiple \(latencyMultiple) must be above 1")
        for index in sweep.indices.dropFirst() {
            precondition(
                sweep[index - 1].offered < sweep[index].offered,
                "KneeFinding: sweep not sorted: point \(index - 1) offers \(sweep[index - 1].offered)/s, "
                    + "point \(index) offers \(sweep[index].offered)/s"
            )
        }
        // Spelled out for ∞: ∞ × a zero p99 is NaN, which would work only because NaN compares false.
        let latencyLimit = latencyMultiple.isFinite ? latencyMultiple * sweep[0].p99 : .infinity
        for (index, point) in sweep.enumerated() {
            let reason: KneeReport.Reason
            if point.throughputRatio < throughputThreshold {
                reason = .throughputFlattened  // Checked first: it wins a tie with latency.
            } else if point.p99 > latencyLimit {
                reason = .latencyGrew
            } else {
                continue
            }
            let load = index == 0 ? point.offered : interpolatedLoad(sweep[index - 1], point, reason, latencyLimit)
            let ranked = point.actorsByUtilization
            return .knee(
                KneeReport(
                    index: index,
                    offeredLoad: load,
                    reason: reason,
                    bindingActor: ranked[0],
                    others: Array(ranked.dropFirst()),
                    latencyMultiple: latencyMultiple
                )
            )
        }
        let last = sweep[sweep.count - 1]
        let ranked = last.actorsByUtilization
        return .noKnee(
            NoKneeReport(highestOffered: last.offered, busiestActor: ranked[0], others: Array(ranked.dropFirst()))
        )
    }

    /// The utilization, over the measurement window, at which a station counts as saturated.
    public static let saturatedUtilization = 0.9

    /// Finds the knee of a world whose end-to-end figures mix the servers' work with people's
    /// (think times, captures a minute later): the first point where some station's utilization
    /// over the window from the warm-up to the last arrival reaches 0.9. That station binds; the
    /// load is interpolated where its utilization crosses 0.9, which grows in step with the load
    /// until the station saturates.
    ///
    /// - Parameters:
    ///   - sweep: sorted by strictly increasing offered load, every point with its stations.
    ///   - byBusiestInterval: the stations' utilization is their busiest interval's, under a ramp, a
    ///     spike or a profile, and the offered load the arrivals' peak rate.
    public static func analyzeStations(_ sweep: [SweepPoint], byBusiestInterval: Bool = false) -> KneeFinding {
        precondition(!sweep.isEmpty, "KneeFinding: empty sweep")
        for (index, point) in sweep.enumerated() {
            let ranked = point.actorsByUtilization
            guard let binding = ranked.first, binding.utilization >= saturatedUtilization else { continue }
            var load = point.offered
            if index > 0, let before = sweep[index - 1].actors.first(where: { $0.name == binding.name }),
               before.utilization < saturatedUtilization {
                let fraction = (saturatedUtilization - before.utilization) / (binding.utilization - before.utilization)
                load = sweep[index - 1].offered + fraction * (point.offered - sweep[index - 1].offered)
            }
            return .knee(KneeReport(index: index, offeredLoad: load,
                                    reason: byBusiestInterval ? .stationSaturatedInAnInterval : .stationSaturated, bindingActor: binding,
                                    others: Array(ranked.dropFirst()), latencyMultiple: .infinity))
        }
        let last = sweep[sweep.count - 1]
        let ranked = last.actorsByUtilization
        return .noKnee(NoKneeReport(highestOffered: last.offered, busiestActor: ranked[0], others: Array(ranked.dropFirst())))
    }

    /// The load where the failing measure crosses its limit, on the line from `good` to `knee`.
    static func interpolatedLoad(
        _ good: SweepPoint,
        _ knee: SweepPoint,
        _ reason: KneeReport.Reason,
        _ latencyLimit: Double
    ) -> Double {
        let fraction: Double
        switch reason {
        case .throughputFlattened:
            // good ≥ 0.95 > knee, so the denominator is positive.
            let drop = good.throughputRatio - knee.throughputRatio
            fraction = (good.throughputRatio - throughputThreshold) / drop
        case .latencyGrew:
            // good ≤ limit < knee; an infinite knee p99 gives 0, the last good point.
            fraction = knee.p99.isFinite ? (latencyLimit - good.p99) / (knee.p99 - good.p99) : 0
        case .stationSaturated, .stationSaturatedInAnInterval:
            preconditionFailure("KneeFinding: a station's knee is interpolated by analyzeStations")
        }
        precondition(fraction >= 0 && fraction <= 1, "KneeFinding: interpolation fraction \(fraction) outside [0, 1]")
        return good.offered + fraction * (knee.offered - good.offered)
    }

    /// One line for the capacity report, e.g.
    /// `saturates at ≈ 245 payments/s; binding: issuer (utilization 0.98); next: gateway (0.61)`.
    public var summaryLine: String {
        switch self {
        case .knee(let report): report.summaryLine
        case .noKnee(let report): report.summaryLine
        }
    }

    /// The knee, if the sweep found one.
    public var knee: KneeReport? {
        if case .knee(let report) = self { return report }
        return nil
    }
}

/// A sweep's knee: where it is, why, and which actor binds.
public struct KneeReport: Sendable, Hashable {
    /// Which test the knee point failed.
    public enum Reason: Sendable, Hashable {
        /// achieved / offered fell below 0.95.
        case throughputFlattened
        /// p99 rose past `latencyMultiple` × the p99 at the lowest load.
        case latencyGrew
        /// A station's utilization over the measurement window reached 0.9 (`analyzeStations`).
        case stationSaturated
        /// A station's utilization in its busiest reporting interval reached 0.9: a ramp's, spike's or
        /// profile's (`analyzeStations(_:byBusiestInterval:)`).
        case stationSaturatedInAnInterval
    }

    /// The index in the sweep of the first point that failed.
    public let index: Int
    /// The interpolated offered load at the knee, in payments per second (see `KneeFinding`).
    public let offeredLoad: Double
    public let reason: Reason
    /// The actor with the highest utilization at the knee point (the first listed on a tie).
    public let bindingActor: ActorUtilization
    /// The other actors at the knee point, by utilization descending; `headroom` is 1 − utilization.
    public let others: [ActorUtilization]
    /// The multiple the latency test used, for the summary line.
    public let latencyMultiple: Double

    /// `saturates at ≈ 245 payments/s; binding: issuer (utilization 0.98); next: gateway (0.61)`;
    /// a latency knee adds `(p99 past 3× its lowest-load value)` after the load.
    public var summaryLine: String {
        var line = "saturates at ≈ \(CapacityText.load(offeredLoad)) payments/s"
        if case .latencyGrew = reason {
            line += " (p99 past \(CapacityText.multiple(latencyMultiple))× its lowest-load value)"
        }
        if case .stationSaturated = reason {
            line += " (a station at \(SummaryTable.fixed(KneeFinding.saturatedUtilization, 1)) utilization between warm-up and last arrival)"
        }
        if case .stationSaturatedInAnInterval = reason {
            line += " at the peak (a station at \(SummaryTable.fixed(KneeFinding.saturatedUtilization, 1)) utilization "
                + "in its busiest second)"
        }
        return line + "; binding: " + CapacityText.actors(bindingActor, others)
    }
}

/// A sweep without a knee: how far it went and who was busiest at the top.
public struct NoKneeReport: Sendable, Hashable {
    /// The highest offered load in the sweep, in payments per second.
    public let highestOffered: Double
    /// The actor with the highest utilization at the highest load (the first listed on a tie).
    public let busiestActor: ActorUtilization
    /// The other actors at the highest load, by utilization descending.
    public let others: [ActorUtilization]

    /// `no saturation up to 400 payments/s; busiest: issuer (utilization 0.71); next: gateway (0.40)`.
    public var summaryLine: String {
        "no saturation up to \(CapacityText.load(highestOffered)) payments/s; busiest: "
            + CapacityText.actors(busiestActor, others)
    }
}

/// Number formats shared by the capacity summary lines.
enum CapacityText {
    /// Three significant figures or more: 245, 24.5, 2.45.
    static func load(_ rate: Double) -> String {
        SummaryTable.fixed(rate, rate >= 100 ? 0 : rate >= 10 ? 1 : 2)
    }

    /// 3 → "3", 2.5 → "2.5".
    static func multiple(_ value: Double) -> String {
        value == value.rounded() ? SummaryTable.fixed(value, 0) : SummaryTable.fixed(value, 1)
    }

    /// `issuer (utilization 0.98); next: gateway (0.61)`, or without the `next` part if alone.
    static func actors(_ first: ActorUtilization, _ others: [ActorUtilization]) -> String {
        var text = "\(first.name) (utilization \(SummaryTable.fixed(first.utilization, 2)))"
        if let next = others.first {
            text += "; next: \(next.name) (\(SummaryTable.fixed(next.utilization, 2)))"
        }
        return text
    }
}
