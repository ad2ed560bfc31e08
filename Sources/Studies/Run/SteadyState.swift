import Reporting
import SimulationKernel

/// Whether a run held still: the warm-up found in the run's own per-second figures (MSER-5), then
/// a trend test on windows after it, for the success rate, the per-second p99, the lifecycles
/// in flight and the money held on cards. A soak is only worth its length if its figures do not drift, so the verdict says
/// "stationary" or names what drifts and by how much.
///
/// Only the arrival window is judged: the drain after the last arrival empties the system by design.
public struct SteadyState: Sendable {
    /// One figure's trend over the windows after the warm-up.
    public struct Trend: Sendable {
        public let name: String
        /// How the figure is written: `percent` for a share, `ms`, or a plain count.
        public let unit: String
        /// The mean of the window values, and their smallest and largest.
        public let mean: Double
        public let lowest: Double
        public let highest: Double
        /// The least-squares line's change from the first window to the last, and its t statistic.
        public let change: Double
        public let t: Double
        /// The last third of the windows' mean less the first third's, and its Welch t: a level
        /// that moved late (a cliff before the end) that a straight line fits poorly.
        public let shift: Double
        public let shiftT: Double
        /// The change a reader would act on: 2 points of success, 10 % of the mean lifecycles in
        /// flight, 25 % of the mean p99.
        public let threshold: Double

        /// Drifting: the trend, or the shift from the first third to the last, is both larger than
        /// the threshold and unlikely to be noise (|t| > 3).
        public var drifting: Bool { trendDrifts || shiftDrifts }
        var trendDrifts: Bool { abs(change) > threshold && abs(t) > SteadyState.significantT }
        var shiftDrifts: Bool { abs(shift) > threshold && abs(shiftT) > SteadyState.significantT }

        /// `success −6.1 points`, `in flight +35 %`, `p99 +420 ms`: the trend's change, or the
        /// shift's when only the shift drifts.
        public var changeDescription: String {
            let change = !trendDrifts && shiftDrifts ? shift : self.change
            let shown = unit == "percent" ? abs(change) * 100 : unit == "ms" ? abs(change) : (mean > 0 ? abs(change) / mean * 100 : 0)
            let sign = Self.fixed(shown) == "0" ? "±" : change < 0 ? "−" : "+"
            switch unit {
            case "percent": return "\(name) \(sign)\(Self.fixed(abs(change) * 100)) points"
            case "ms": return "\(name) \(sign)\(Self.fixed(abs(change))) ms"
            default:
                let relative = mean > 0 ? abs(change) / mean * 100 : 0
                return "\(name) \(sign)\(Self.fixed(relative)) %"
            }
        }

        public static func fixed(_ value: Double) -> String {
            let tenths = (value * 10).rounded() / 10
            return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
        }
    }

    public enum Verdict: Sendable, Equatable {
        case stationary
        case drifting
        /// Too few windows after the warm-up to judge a trend.
        case tooShort
        /// MSER-5 truncated as much as it may (the first half): the run ended before it settled.
        case notSettled
    }

    /// |t| above which a slope is taken as real: about a 1 % two-sided chance under no trend with
    /// ten windows, stricter than 95 % so that noise is not called drift.
    static let significantT = 3.0
    /// Windows needed after the warm-up to judge.
    public static let minimumWindows = 6

    /// One window's figures after the warm-up: the series the trends are fitted to.
    public struct Window: Sendable {
        /// Its first and last instant, seconds of virtual time.
        public let start: Double
        public let end: Double
        public let success: Double
        /// The median of its seconds' p99, milliseconds.
        public let p99: Double
        /// Means over its seconds.
        public let inFlight: Double
        public let held: Double
    }

    public let warmupSeconds: Double
    /// MSER-5 truncated as much as it may: the run may have ended before it settled.
    public private(set) var warmupAtLimit = false
    public let windowSeconds: Double
    public let windows: Int
    public let trends: [Trend]
    public let series: [Window]
    public let verdict: Verdict

    /// `stationary`, `drifting: success −6.1 points, in flight +35 %`, or `too short to judge`.
    public var description: String {
        switch verdict {
        case .stationary: "stationary"
        case .tooShort: "too short to judge (\(windows) windows after the warm-up; \(Self.minimumWindows) needed)"
        case .notSettled: "not settled: no trend, but the warm-up took the whole first half of the arrivals; run longer"
        case .drifting: "drifting: " + trends.filter(\.drifting).map(\.changeDescription).joined(separator: ", ")
        }
    }

    /// Judges the rows that ended by `arrivalsEnd` (the drain is left out). `window` fixes the
    /// windows' length; by default 500 s when the run holds ten of them after the warm-up, else a
    /// tenth of what is left.
    public init(rows: [IntervalRow], arrivalsEnd: SimTime?, window: Double? = nil) {
        let kept = arrivalsEnd.map { end in rows.filter { $0.end <= end } } ?? rows
        let successWarmup = Self.mser5(kept.map { $0.completed > 0 ? Double($0.succeeded) / Double($0.completed) : nil })
        let inFlightWarmup = Self.mser5(kept.map { Double($0.inFlight) })
        let warmupRows = max(successWarmup.rows, inFlightWarmup.rows)
        let steady = Array(kept.dropFirst(warmupRows))
        warmupSeconds = warmupRows == 0 ? 0 : kept[warmupRows - 1].end.seconds - (kept.first.map { $0.end.seconds - $0.seconds } ?? 0)
        let span = steady.reduce(0) { $0 + $1.seconds }
        let length = window ?? (span >= 5_000 ? 500 : max(1, (span / 10).rounded(.down)))
        windowSeconds = length
        let groups = Self.windows(steady, seconds: length)
        windows = groups.count
        series = groups.map { group in
            let completed = group.reduce(0) { $0 + $1.completed }
            let seconds = Double(group.count)
            return Window(start: group[0].end.seconds - group[0].seconds, end: group[group.count - 1].end.seconds,
                          success: completed == 0 ? 0 : Double(group.reduce(0) { $0 + $1.succeeded }) / Double(completed),
                          p99: Self.median(group.filter { $0.completed > 0 }.map { Double($0.latencyP99) / 1e6 }),
                          inFlight: Double(group.reduce(0) { $0 + $1.inFlight }) / seconds,
                          held: Double(group.reduce(0) { $0 + $1.held }) / seconds)
        }
        guard groups.count >= Self.minimumWindows else {
            trends = []
            verdict = .tooShort
            return
        }
        let settled = !successWarmup.atLimit && !inFlightWarmup.atLimit
        trends = [
            Self.trend("success", unit: "percent", series.map(\.success), threshold: { _ in 0.02 }),
            Self.trend("p99", unit: "ms", series.map(\.p99), threshold: { 0.25 * $0 }),
            Self.trend("in flight", unit: "count", series.map(\.inFlight), threshold: { 0.10 * $0 }),
        ] + (series.contains { $0.held > 0 }
            // Money held on cards: authorizations waiting for their capture, which must level off.
            ? [Self.trend("held", unit: "minor units", series.map(\.held), threshold: { 0.10 * $0 })] : [])
        warmupAtLimit = !settled
        verdict = trends.contains(where: \.drifting) ? .drifting : !settled ? .notSettled : .stationary
    }

    /// Consecutive rows grouped into windows of `seconds`; a last window shorter than half is dropped.
    static func windows(_ rows: [IntervalRow], seconds: Double) -> [[IntervalRow]] {
        var groups: [[IntervalRow]] = []
        var current: [IntervalRow] = []
        var filled = 0.0
        for row in rows {
            current.append(row)
            filled += row.seconds
            if filled >= seconds - 1e-9 {
                groups.append(current)
                current = []
                filled = 0
            }
        }
        if !current.isEmpty && filled >= seconds / 2 { groups.append(current) }
        return groups
    }

    static func trend(_ name: String, unit: String, _ values: [Double], threshold: (Double) -> Double) -> Trend {
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let xMean = (n - 1) / 2
        var sxx = 0.0, sxy = 0.0
        for (index, value) in values.enumerated() {
            sxx += (Double(index) - xMean) * (Double(index) - xMean)
            sxy += (Double(index) - xMean) * (value - mean)
        }
        let slope = sxx > 0 ? sxy / sxx : 0
        let residuals = values.enumerated().reduce(0.0) { sum, item in
            let fitted = mean + slope * (Double(item.offset) - xMean)
            return sum + (item.element - fitted) * (item.element - fitted)
        }
        let standardError = n > 2 && sxx > 0 ? (residuals / (n - 2) / sxx).squareRoot() : 0
        let t = standardError > 0 ? slope / standardError : (slope == 0 ? 0 : .infinity * (slope < 0 ? -1 : 1))
        let third = max(2, values.count / 3)
        let (first, last) = (Array(values.prefix(third)), Array(values.suffix(third)))
        let shift = Self.mean(last) - Self.mean(first)
        let spread = (Self.variance(first) / Double(third) + Self.variance(last) / Double(third)).squareRoot()
        let shiftT = spread > 0 ? shift / spread : (shift == 0 ? 0 : .infinity * (shift < 0 ? -1 : 1))
        return Trend(name: name, unit: unit, mean: mean, lowest: values.min() ?? 0, highest: values.max() ?? 0,
                     change: slope * (n - 1), t: t, shift: shift, shiftT: shiftT, threshold: threshold(mean))
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }

    /// The sample variance (n − 1).
    static func variance(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = Self.mean(values)
        return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
    }

    /// MSER-5 (White 1997): batch the series in fives, and truncate the `d` batches that minimise
    /// the remaining batch means' variance over (n − d)²; searched over the first half. Returns the
    /// rows to drop, and whether that is the search's limit. Rows without a value (no completion)
    /// carry the last value seen.
    static func mser5(_ series: [Double?]) -> (rows: Int, atLimit: Bool) {
        var last = series.compactMap { $0 }.first ?? 0
        let filled = series.map { value -> Double in
            if let value { last = value }
            return last
        }
        let batches = stride(from: 0, to: filled.count - filled.count % 5, by: 5).map { start in
            filled[start..<start + 5].reduce(0, +) / 5
        }
        guard batches.count >= 4 else { return (0, false) }
        var best = (d: 0, value: Double.infinity)
        for d in 0...(batches.count / 2) {
            let rest = batches[d...]
            let mean = rest.reduce(0, +) / Double(rest.count)
            let squares = rest.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            let value = squares / Double(rest.count * rest.count)
            if value < best.value { best = (d, value) }
        }
        return (best.d * 5, best.d == batches.count / 2)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    public var json: JSONOutput {
        .object([
            ("verdict", .string(Self.verdictName(verdict))),
            ("description", .string(description)),
            ("warmup_seconds", .number(warmupSeconds)), ("warmup_at_limit", .bool(warmupAtLimit)),
            ("window_seconds", .number(windowSeconds)),
            ("windows", .integer(Int64(windows))),
            ("series", .array(series.map { window in
                .object([("start", .number(window.start)), ("end", .number(window.end)), ("success", .number(window.success)),
                         ("p99_ms", .number(window.p99)), ("in_flight", .number(window.inFlight)),
                         ("held_minor_units", .number(window.held))])
            })),
            ("trends", .array(trends.map { trend in
                .object([("figure", .string(trend.name)), ("unit", .string(trend.unit)), ("mean", .number(trend.mean)),
                         ("lowest", .number(trend.lowest)), ("highest", .number(trend.highest)),
                         ("change", .number(trend.change)), ("t", .number(trend.t.isFinite ? trend.t : 0)),
                         ("shift", .number(trend.shift)), ("shift_t", .number(trend.shiftT.isFinite ? trend.shiftT : 0)),
                         ("threshold", .number(trend.threshold)), ("drifting", .bool(trend.drifting))])
            })),
        ])
    }

    static func verdictName(_ verdict: Verdict) -> String {
        switch verdict {
        case .stationary: "stationary"
        case .drifting: "drifting"
        case .tooShort: "too_short"
        case .notSettled: "not_settled"
        }
    }

    /// The run summary's lines.
    public var lines: [String] {
        var lines = ["steady state: \(description)"]
        guard verdict != .tooShort else { return lines }
        lines.append("  warm-up \(Trend.fixed(warmupSeconds)) s (MSER-5" + (warmupAtLimit ? ", at its limit: the run may end before "
            + "it settles" : "") + "), then \(windows) windows of \(Trend.fixed(windowSeconds)) s")
        for trend in trends {
            let scale = trend.unit == "percent" ? 100.0 : 1.0
            let suffix = trend.unit == "percent" ? " %" : trend.unit == "ms" ? " ms" : trend.unit == "count" ? "" : " " + trend.unit
            lines.append("  \(trend.name): mean \(Trend.fixed(trend.mean * scale))\(suffix), windows "
                         + "\(Trend.fixed(trend.lowest * scale))–\(Trend.fixed(trend.highest * scale))\(suffix), "
                         + "trend \(trend.changeDescription) (t \(Trend.fixed(trend.t.isFinite ? trend.t : 0)))"
                         + (trend.drifting ? "  DRIFTING" : ""))
        }
        return lines
    }
}
