import SimulationKernel
import Testing

/// The nearest-rank quantile of sorted values: the smallest value with at least `ceil(q · n)`
/// values at or below it.
func exactPercentile(_ sorted: [Int64], _ q: Double) -> Int64 {
    let rank = Swift.min(Swift.max(Int((q * Double(sorted.count)).rounded(.up)), 1), sorted.count)
    return sorted[rank - 1]
}

func histogram(of values: [Int64]) -> LatencyHistogram {
    var histogram = LatencyHistogram()
    for value in values { histogram.record(value) }
    return histogram
}

@Suite struct HistogramTests {
    @Test(arguments: [
        Distribution.exponential(mean: .milliseconds(20)),
        .lognormal(median: .milliseconds(15), sigma: 0.5),
        .uniform(.milliseconds(10), .milliseconds(30)),
        .exponential(mean: .nanoseconds(400)),  // Mostly in the exact buckets below 256 ns.
    ])
    func percentilesAreWithinOnePercentOfAnExactSort(distribution: Distribution) {
        var values = samples(of: distribution, seed: 31)
        let recorded = histogram(of: values)
        values.sort()
        for q in [0.0, 0.5, 0.9, 0.99, 0.999, 1.0] {
            let exact = exactPercentile(values, q)
            let estimate = recorded.percentile(q)
            let error = abs(Double(estimate - exact)) / Swift.max(Double(exact), 1)
            #expect(error <= 0.01, "\(distribution) q=\(q): histogram \(estimate), exact \(exact)")
        }
        #expect(recorded.percentile(0) == values.first)
        #expect(recorded.percentile(1) == values.last)
    }

    @Test func minMaxSumAndMeanAreExact() {
        let values = samples(of: .lognormal(median: .milliseconds(15), sigma: 1.0), seed: 32)
        let recorded = histogram(of: values)
        let sum = values.reduce(0, +)
        #expect(recorded.count == UInt64(values.count))
        #expect(recorded.sum == UInt128(sum))
        #expect(recorded.mean == Double(sum) / Double(values.count))
        #expect(recorded.min == values.reduce(Int64.max, Swift.min))
        #expect(recorded.max == values.reduce(Int64.min, Swift.max))
    }

    @Test func sumDoesNotOverflowAt64Bits() {
        var recorded = LatencyHistogram()
        for _ in 0..<4 { recorded.record(Int64.max) }
        #expect(recorded.sum == UInt128(Int64.max) * 4)
        #expect(recorded.mean == Double(Int64.max))
        #expect(recorded.max == Int64.max)
    }

    @Test func mergingTwoHalvesEqualsRecordingAll() {
        let values = samples(of: .exponential(mean: .milliseconds(5)), seed: 33)
        let all = histogram(of: values)
        var first = histogram(of: Array(values[..<400_000]))
        let second = histogram(of: Array(values[400_000...]))
        first.merge(second)
        #expect(first == all)
        #expect(first.percentile(0.99) == all.percentile(0.99))
        var empty = LatencyHistogram()
        empty.merge(all)
        #expect(empty == all)
        var unchanged = all
        unchanged.merge(LatencyHistogram())
        #expect(unchanged == all)
    }

    @Test func memoryIsFixedWhateverIsRecorded() {
        var recorded = LatencyHistogram()
        #expect(recorded.allocatedBucketCount == LatencyHistogram.bucketCount)
        var random = SimRandom(seed: 34)
        for _ in 0..<100_000 { recorded.record(Int64(random.int(in: 0...UInt64(Int64.max)))) }
        for value in [0, 1, 255, 256, 1 << 49, 1 << 50, Int64.max] as [Int64] { recorded.record(value) }
        #expect(recorded.allocatedBucketCount == LatencyHistogram.bucketCount)
        #expect(LatencyHistogram.bucketCount == 5632)
    }

    @Test func smallValuesAreExact() {
        let recorded = histogram(of: Array(0...255))
        for q in stride(from: 0.01, through: 1.0, by: 0.01) {
            #expect(recorded.percentile(q) == exactPercentile(Array(0...255), q), "q=\(q)")
        }
        let doc = histogram(of: Array(1...100))
        #expect(doc.percentile(0.5) == 50)
    }

    @Test func valuesAboveTheRangeClampButMaxStaysExact() {
        var recorded = LatencyHistogram()
        recorded.record(1 << 55)
        recorded.record(1 << 60)
        #expect(recorded.max == 1 << 60)
        #expect(recorded.min == 1 << 55)
        #expect(recorded.percentile(1) == 1 << 60)
        let buckets = recorded.nonEmptyBuckets()
        #expect(buckets.count == 1)
        #expect(buckets.first?.count == 2)
        #expect(buckets.first?.upperBound == 1 << 60)
    }

    @Test func emptyHistogramReportsZeros() {
        let recorded = LatencyHistogram()
        #expect(recorded.count == 0 && recorded.sum == 0)
        #expect(recorded.min == 0 && recorded.max == 0 && recorded.mean == 0)
        #expect(recorded.percentile(0.5) == 0)
        #expect(recorded.nonEmptyBuckets().isEmpty)
    }

    @Test func nonEmptyBucketsTileTheValuesInOrder() {
        let values = samples(of: .lognormal(median: .microseconds(50), sigma: 2), seed: 35)
        let recorded = histogram(of: values)
        let buckets = recorded.nonEmptyBuckets()
        #expect(buckets.reduce(0) { $0 + $1.count } == recorded.count)
        for (earlier, later) in zip(buckets, buckets.dropFirst()) {
            #expect(earlier.upperBound < later.lowerBound)
        }
        for bucket in buckets {
            #expect(bucket.lowerBound <= bucket.upperBound)
            // Width at most 1/128 of the lower bound: the 1 % promise.
            #expect(bucket.upperBound - bucket.lowerBound + 1 <= Swift.max(1, bucket.lowerBound / 128))
        }
        // Every value lands in the bucket that contains it.
        var recount = [UInt64](repeating: 0, count: buckets.count)
        for value in values.prefix(2_000) {
            let index = buckets.firstIndex { $0.lowerBound <= value && value <= $0.upperBound }
            #expect(index != nil, "\(value) in no bucket")
            if let index { recount[index] += 1 }
        }
        #expect(recount.reduce(0, +) == 2_000)
    }
}
