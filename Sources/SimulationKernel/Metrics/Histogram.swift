/// A fixed-memory, log-bucketed histogram of non-negative nanosecond values (HDR-style).
///
/// Values below 256 ns each get their own bucket. Above that, every power of two `[2^e, 2^(e+1))`
/// is split into 128 equal sub-buckets, so a bucket is never wider than 1/128 of its lower bound
/// and its midpoint is within 1/256 (< 0.4 %) of any value in it. Buckets cover `0 ..< 2^50` ns
/// (about 13 days); larger values are counted in the last bucket, but `max`, `sum` and `mean`
/// stay exact.
///
/// The bucket array (5,632 counters, 44 KiB) is allocated once in `init` and never grows, so
/// memory follows the number of histograms, not the number of values recorded. Recording needs
/// no logarithm: the bucket comes from `leadingZeroBitCount` and a shift.
///
/// Not guaranteed: percentiles are exact only below 256 ns and at the extremes (`q` picking the
/// first or last value gives `min` or `max`); elsewhere they are a bucket's midpoint.
///
/// ```swift
/// @Test func percentilesComeFromBuckets() {
///     var histogram = LatencyHistogram()
///     for value in 1...100 as ClosedRange<Int64> { histogram.record(value) }
///     #expect(histogram.percentile(0.5) == 50)
/// }
/// ```
public struct LatencyHistogram: Sendable, Hashable {
    /// Counts per bucket, indexed by `bucketIndex(_:)`; its size never changes after `init`.
    @usableFromInline var counts: [UInt64]
    @usableFromInline var recordedCount: UInt64
    /// 128 bits: 2^64 values of up to 2^63 ns cannot overflow it.
    @usableFromInline var recordedSum: UInt128
    @usableFromInline var smallest: Int64
    @usableFromInline var largest: Int64

    /// log2 of the sub-buckets per power of two: 2^7 = 128 gives ≤ 1/256 error at the midpoint.
    @inlinable static var subBucketBits: Int { 7 }
    /// Powers of two covered: values up to 2^50 - 1 get a bucket of their own precision.
    @inlinable static var coveredBits: Int { 50 }
    /// Buckets in every histogram: the index of `2^coveredBits - 1`, plus one.
    @inlinable public static var bucketCount: Int {
        (coveredBits - 1 - subBucketBits) << subBucketBits + (2 << subBucketBits)
    }

    /// An empty histogram; allocates its buckets once, here.
    public init() {
        counts = Array(repeating: 0, count: Self.bucketCount)
        recordedCount = 0
        recordedSum = 0
        smallest = Int64.max
        largest = Int64.min
    }

    /// The bucket of `value`: values below 256 map to themselves; above, `shift` is the power of
    /// two minus 7, and the top 8 significant bits (128 ..< 256) pick the sub-bucket. Values at
    /// or above 2^50 land in the last bucket.
    @inlinable static func bucketIndex(_ value: Int64) -> Int {
        let bits = UInt64(bitPattern: value)
        let highestBit = 63 - bits.leadingZeroBitCount  // -1 for 0.
        let shift = Swift.max(0, highestBit - subBucketBits)
        let index = shift << subBucketBits + Int(truncatingIfNeeded: bits >> UInt64(shift))
        return Swift.min(index, bucketCount - 1)
    }

    /// The inclusive value range of bucket `index`, the inverse of `bucketIndex(_:)`.
    @inlinable static func bounds(ofBucket index: Int) -> (lowerBound: Int64, upperBound: Int64) {
        if index < 2 << subBucketBits { return (Int64(index), Int64(index)) }
        let shift = index >> subBucketBits - 1
        let subBucket = Int64(index - shift << subBucketBits)  // 128 ..< 256.
        return (subBucket << shift, (subBucket + 1) << shift - 1)
    }

    /// Records one value.
    ///
    /// - Precondition: `value >= 0`; a negative latency is a mistake in the caller.
    /// - Complexity: O(1), no allocation (unless the histogram shares storage with a copy).
    @inlinable @inline(__always) public mutating func record(_ value: Int64) {
        precondition(value >= 0, "LatencyHistogram.record: negative value \(value)")
        counts[Self.bucketIndex(value)] &+= 1
        recordedCount &+= 1
        recordedSum &+= UInt128(truncatingIfNeeded: value)
        if value < smallest { smallest = value }
        if value > largest { largest = value }
    }

    /// The number of values recorded.
    @inlinable public var count: UInt64 { recordedCount }

    /// The exact sum of every value recorded, in nanoseconds. 128 bits, so no run can overflow it.
    @inlinable public var sum: UInt128 { recordedSum }

    /// The smallest value recorded, exact; 0 when empty.
    @inlinable public var min: Int64 { recordedCount == 0 ? 0 : smallest }

    /// The largest value recorded, exact even above the buckets' range; 0 when empty.
    @inlinable public var max: Int64 { recordedCount == 0 ? 0 : largest }

    /// `sum / count` as a `Double` (for reports only); 0 when empty.
    public var mean: Double {
        recordedCount == 0 ? 0 : Double(recordedSum) / Double(recordedCount)
    }

    /// The nearest-rank `q`-quantile, to within 1 % (in fact 1/256).
    ///
    /// The rank is `ceil(q · count)`, at least 1; the answer is the midpoint of the first bucket
    /// whose cumulative count reaches it, clamped to `[min, max]`. Rank 1 gives `min` and rank
    /// `count` gives `max` exactly, since those are known.
    ///
    /// - Precondition: `0 <= q <= 1`.
    /// - Returns: nanoseconds; 0 when empty.
    /// - Complexity: O(`bucketCount`), for reports; not for the hot path.
    public func percentile(_ q: Double) -> Int64 {
        precondition(q >= 0 && q <= 1, "LatencyHistogram.percentile: q must be in [0, 1], got \(q)")
        guard recordedCount > 0 else { return 0 }
        let rank = Swift.min(Swift.max(UInt64((q * Double(recordedCount)).rounded(.up)), 1), recordedCount)
        if rank == 1 { return smallest }
        if rank == recordedCount { return largest }
        var cumulative: UInt64 = 0
        // An index loop, not `enumerated()`: a debug build walks 5,632 buckets per call through
        // generic iterators otherwise, and reports ask for a dozen percentiles per flow.
        for index in 0..<counts.count {
            let bucketCount = counts[index]
            guard bucketCount > 0 else { continue }
            cumulative += bucketCount
            if cumulative >= rank {
                let (lower, upper) = Self.bounds(ofBucket: index)
                let midpoint = lower + (upper - lower) / 2
                return Swift.min(Swift.max(midpoint, smallest), largest)
            }
        }
        preconditionFailure("LatencyHistogram: buckets hold \(cumulative) values, count says \(recordedCount)")
    }

    /// Adds every value of `other`, as if each had been recorded here; exact.
    ///
    /// - Complexity: O(`bucketCount`).
    public mutating func merge(_ other: LatencyHistogram) {
        precondition(counts.count == other.counts.count, "LatencyHistogram.merge: bucket layouts differ")
        for index in counts.indices { counts[index] &+= other.counts[index] }
        recordedCount &+= other.recordedCount
        recordedSum &+= other.recordedSum
        smallest = Swift.min(smallest, other.smallest)
        largest = Swift.max(largest, other.largest)
    }

    /// The buckets that hold values, in increasing order, with inclusive bounds in nanoseconds,
    /// for CSV export. The last bucket also holds values above its range, so its upper bound
    /// is widened to `max` when that is larger.
    public func nonEmptyBuckets() -> [(lowerBound: Int64, upperBound: Int64, count: UInt64)] {
        var result: [(lowerBound: Int64, upperBound: Int64, count: UInt64)] = []
        for (index, bucketCount) in counts.enumerated() where bucketCount > 0 {
            var (lower, upper) = Self.bounds(ofBucket: index)
            if index == counts.count - 1 { upper = Swift.max(upper, largest) }
            result.append((lower, upper, bucketCount))
        }
        return result
    }

    /// The number of counters allocated: always `bucketCount`, whatever was recorded.
    package var allocatedBucketCount: Int { counts.count }
}

extension LatencyHistogram {
    /// The histogram's exact contents, for writing to a file and merging elsewhere: every
    /// non-empty bucket's index and count, the count, sum, min and max.
    public struct Snapshot: Sendable, Hashable {
        /// The non-empty buckets in increasing order: each bucket's index in the fixed layout every
        /// histogram shares, and how many values it holds.
        public var buckets: [(index: Int, count: UInt64)]
        /// The number of values recorded.
        public var count: UInt64
        /// The exact sum of the values, in nanoseconds.
        public var sum: UInt128
        /// The smallest value, in nanoseconds; 0 when empty.
        public var min: Int64
        /// The largest value, in nanoseconds; 0 when empty.
        public var max: Int64

        /// A snapshot as read back from a file; ``LatencyHistogram/init(snapshot:)`` checks that it adds up.
        public init(buckets: [(index: Int, count: UInt64)], count: UInt64, sum: UInt128, min: Int64, max: Int64) {
            self.buckets = buckets
            self.count = count
            self.sum = sum
            self.min = min
            self.max = max
        }

        /// Compares every field; written out because the bucket tuples are not `Equatable`.
        public static func == (a: Snapshot, b: Snapshot) -> Bool {
            a.count == b.count && a.sum == b.sum && a.min == b.min && a.max == b.max
                && a.buckets.map(\.index) == b.buckets.map(\.index) && a.buckets.map(\.count) == b.buckets.map(\.count)
        }

        /// Hashes the count and the sum only: cheap, and equal snapshots still hash alike.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            hasher.combine(sum)
        }
    }

    /// The histogram's exact contents with only its non-empty buckets: small enough for a file.
    public var snapshot: Snapshot {
        var buckets: [(index: Int, count: UInt64)] = []
        for index in counts.indices where counts[index] > 0 { buckets.append((index, counts[index])) }
        return Snapshot(buckets: buckets, count: recordedCount, sum: recordedSum, min: min, max: max)
    }

    /// Rebuilds a histogram from a snapshot; nil if the snapshot does not describe one
    /// (a bucket index out of range, or counts that do not add up).
    public init?(snapshot: Snapshot) {
        self.init()
        var total: UInt64 = 0
        for bucket in snapshot.buckets {
            guard bucket.index >= 0, bucket.index < counts.count else { return nil }
            counts[bucket.index] = bucket.count
            total &+= bucket.count
        }
        guard total == snapshot.count else { return nil }
        recordedCount = snapshot.count
        recordedSum = snapshot.sum
        if snapshot.count > 0 {
            smallest = snapshot.min
            largest = snapshot.max
        }
    }
}
