/// Observed durations, replayed: the distribution a team's own logs describe, with no family
/// forced on them.
///
/// Two forms, both a piecewise-linear CDF sampled by its inverse with one `unitInterval()` draw:
///
/// - **Observations**, sorted: `n` order statistics `x₀ ≤ … ≤ xₙ₋₁`. A draw `u` maps to position
///   `p = u · (n - 1)` and interpolates linearly between `x⌊p⌋` and `x⌊p⌋₊₁` (the "type 7"
///   quantile of Hyndman and Fan, R's default). Samples stay within `[x₀, xₙ₋₁]`, and the sample
///   quantiles converge to the file's quantiles.
/// - **Histogram**: bins `(b₍ⱼ₋₁₎, bⱼ]` with counts, the first bin starting at 0. A draw `u` maps to
///   `u · total` observations, finds its bin by the running counts and interpolates linearly
///   inside it (observations spread evenly over a bin). Bins with no observations are never drawn.
///
/// The table is built once, when a scenario is loaded; sampling is O(1) for observations and
/// O(log bins) for a histogram, and allocates nothing.
public struct EmpiricalTable: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The table itself, behind one unretained reference to storage kept for the process
    /// (`DistributionStorage`): `Distribution` stays plain bits, and copies share one table.
    /// Unchecked `Sendable`: the storage is immutable and never freed.
    private final class Storage: Sendable {
        let source: String
        let column: String?
        let values: [Int64]
        let cumulativeCounts: [UInt64]

        init(source: String, column: String?, values: [Int64], cumulativeCounts: [UInt64]) {
            self.source = source
            self.column = column
            self.values = values
            self.cumulativeCounts = cumulativeCounts
        }
    }

    private let reference: Unmanaged<Storage>
    private var storage: Storage { reference.takeUnretainedValue() }

    /// The file as the scenario wrote it, for `description`.
    public var source: String { storage.source }
    /// The column argument as the scenario wrote it (`2` or `"latency"`), or nil; for `description`.
    public var column: String? { storage.column }
    /// Sorted observations in nanoseconds, or a histogram's bin upper bounds, ascending.
    public var values: [Int64] { storage.values }
    /// For a histogram, running totals of the bin counts (same length as `values`); empty otherwise.
    public var cumulativeCounts: [UInt64] { storage.cumulativeCounts }

    /// A table of observed durations in nanoseconds, in any order.
    ///
    /// - Precondition: at least one observation, none negative.
    public init(source: String, column: String? = nil, observations: [Int64]) {
        precondition(!observations.isEmpty, "EmpiricalTable: no observations")
        precondition(observations.allSatisfy { $0 >= 0 }, "EmpiricalTable: a negative observation")
        reference = DistributionStorage.keep(Storage(source: source, column: column, values: observations.sorted(), cumulativeCounts: []))
    }

    /// A histogram: bin `j` holds `counts[j]` observations in `(upperBounds[j-1], upperBounds[j]]`,
    /// bin 0 in `[0, upperBounds[0]]`.
    ///
    /// - Precondition: as many counts as bounds, bounds non-negative and strictly increasing, and
    ///   at least one observation in all.
    public init(source: String, upperBounds: [Int64], counts: [UInt64]) {
        precondition(!upperBounds.isEmpty && upperBounds.count == counts.count, "EmpiricalTable: bins and counts differ")
        precondition(upperBounds[0] >= 0 && zip(upperBounds, upperBounds.dropFirst()).allSatisfy { $0 < $1 },
                     "EmpiricalTable: bin bounds must be non-negative and increasing")
        var running: UInt64 = 0
        var cumulative: [UInt64] = []
        cumulative.reserveCapacity(counts.count)
        for count in counts {
            running += count
            cumulative.append(running)
        }
        precondition(running > 0, "EmpiricalTable: a histogram with no observations")
        reference = DistributionStorage.keep(Storage(source: source, column: nil, values: upperBounds, cumulativeCounts: cumulative))
    }

    /// True for a table built from bins and counts, false for one built from observations.
    public var isHistogram: Bool { !cumulativeCounts.isEmpty }

    /// How many observations the table holds (a histogram's total count).
    public var count: UInt64 { isHistogram ? cumulativeCounts[cumulativeCounts.count - 1] : UInt64(values.count) }

    /// One duration: `quantile(unitInterval())`, rounded to the nearest nanosecond. One draw.
    @usableFromInline func sample(_ random: inout SimRandom) -> SimDuration {
        Distribution.rounding(nanoseconds: quantile(random.unitInterval()))
    }

    /// The inverse CDF at `p` in `[0, 1]`, in nanoseconds (see the type's documentation).
    public func quantile(_ p: Double) -> Double {
        if isHistogram { return histogramQuantile(p) }
        let last = values.count - 1
        guard last > 0 else { return Double(values[0]) }
        let position = Swift.max(0, Swift.min(1, p)) * Double(last)
        let index = Int(position)
        guard index < last else { return Double(values[last]) }
        let fraction = position - Double(index)
        return Double(values[index]) + fraction * Double(values[index + 1] - values[index])
    }

    private func histogramQuantile(_ p: Double) -> Double {
        let total = Double(count)
        let target = Swift.max(0, Swift.min(1, p)) * total
        // The first bin whose running count is above the target: binary search.
        var low = 0
        var high = cumulativeCounts.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Double(cumulativeCounts[middle]) > target { high = middle } else { low = middle + 1 }
        }
        let before = low == 0 ? 0 : Double(cumulativeCounts[low - 1])
        let inBin = Double(cumulativeCounts[low]) - before
        let lower = low == 0 ? 0 : Double(values[low - 1])
        let upper = Double(values[low])
        let fraction = inBin > 0 ? Swift.min(1, (target - before) / inBin) : 1
        return lower + fraction * (upper - lower)
    }

    /// The mean of the interpolated distribution, in nanoseconds: the trapezoid rule over the
    /// order statistics (ends weighted by a half), or each bin's count at its midpoint.
    var meanNanoseconds: Double {
        if isHistogram {
            var sum = 0.0
            var before: UInt64 = 0
            for (index, bound) in values.enumerated() {
                let lower = index == 0 ? 0 : Double(values[index - 1])
                sum += Double(cumulativeCounts[index] - before) * (lower + Double(bound)) / 2
                before = cumulativeCounts[index]
            }
            return sum / Double(count)
        }
        guard values.count > 1 else { return Double(values[0]) }
        let total = values.reduce(0.0) { $0 + Double($1) }
        return (total - (Double(values[0]) + Double(values[values.count - 1])) / 2) / Double(values.count - 1)
    }

    /// `empirical(file: "times/gateway.csv")`, with `histogram: true` or `column: …` when given.
    public var description: String {
        var text = "empirical(file: \"\(source)\""
        if isHistogram { text += ", histogram: true" }
        if let column { text += ", column: \(column)" }
        return text + ")"
    }

    /// Equal tables hold the same values from the same source; copies of one table share their
    /// storage, so comparing them is O(1).
    public static func == (a: EmpiricalTable, b: EmpiricalTable) -> Bool {
        if a.storage === b.storage { return true }
        return a.source == b.source && a.column == b.column && a.values == b.values && a.cumulativeCounts == b.cumulativeCounts
    }

    /// Hashes the source and the table's size and ends, not ten million values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(column)
        hasher.combine(values.count)
        hasher.combine(values.first)
        hasher.combine(values.last)
        hasher.combine(cumulativeCounts.last)
    }
}
