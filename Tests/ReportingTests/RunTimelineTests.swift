import SimulationKernel
import Testing

@testable import Reporting

/// report.html's timeline is gathered while the run goes; it must stay small however long the
/// run, and merge points exactly.
@Suite struct RunTimelineTests {
    static func row(_ second: Int, completed: UInt64, inFlight: Int = 3, latency: LatencyHistogram) -> IntervalRow {
        IntervalRow(end: SimTime(nanoseconds: Int64(second) * 1_000_000_000), seconds: 1, completed: completed,
                    succeeded: completed, inFlight: inFlight, latency: latency)
    }

    static func latencies(_ milliseconds: [Int64]) -> LatencyHistogram {
        var histogram = LatencyHistogram()
        for value in milliseconds { histogram.record(value * 1_000_000) }
        return histogram
    }

    @Test func aLongRunKeepsAtMostMaximumPoints() {
        var timeline = RunTimeline()
        for second in 1...100_000 {
            let latency = Self.latencies([Int64(second % 97) + 1])
            timeline.add(Self.row(second, completed: 1, latency: latency), latency: latency)
            #expect(timeline.groups.count <= RunTimeline.maximumPoints)
        }
        // 100,000 rows need 512 rows a point to fit in 240 points (256 would make 391).
        #expect(timeline.rowsPerPoint == 512)
        #expect(timeline.groups.count == (100_000 + 511) / 512)
        #expect(timeline.groups.reduce(0) { $0 + $1.rows } == 100_000)
        #expect(timeline.groups.reduce(0) { $0 + $1.completed } == 100_000)
    }

    @Test func aPointsPercentilesComeFromItsRowsMergedHistograms() {
        var timeline = RunTimeline()
        var expected = LatencyHistogram()
        let count = RunTimeline.maximumPoints * 2  // forces one pairwise merge: 2 rows a point
        for second in 1...count {
            let latency = Self.latencies([Int64(second), Int64(second) * 10, 5])
            timeline.add(Self.row(second, completed: 3, latency: latency), latency: latency)
            if second <= 2 { expected.merge(latency) }
        }
        #expect(timeline.rowsPerPoint == 2)
        #expect(timeline.groups[0].latency == expected)
        #expect(timeline.groups[0].end == 2 && timeline.groups[0].seconds == 2)
    }

    @Test func anIdleTailIsLeftOutAndAnIdleMiddleIsKept() {
        var timeline = RunTimeline()
        let busy = Self.latencies([100])
        for second in 1...10 { timeline.add(Self.row(second, completed: 1, latency: busy), latency: busy) }
        // Idle in the middle: nothing completed, nothing in flight, then busy again.
        for second in 11...15 {
            timeline.add(Self.row(second, completed: 0, inFlight: 0, latency: LatencyHistogram()), latency: LatencyHistogram())
        }
        for second in 16...20 { timeline.add(Self.row(second, completed: 1, latency: busy), latency: busy) }
        // The tail: timers running out after the last payment.
        for second in 21...40 {
            timeline.add(Self.row(second, completed: 0, inFlight: 0, latency: LatencyHistogram()), latency: LatencyHistogram())
        }
        #expect(timeline.groups.count == 20)
        #expect(timeline.groups.last?.end == 20)
        #expect(timeline.endsIdle && timeline.lastRowEnd == 40)
    }

    @Test func rowsKeepTheirFiguresNotTheHistogram() {
        let latency = Self.latencies([10, 20, 30, 40])
        let row = Self.row(1, completed: 4, latency: latency)
        #expect(row.latencyP50 == latency.percentile(0.5))
        #expect(row.latencyP99 == latency.percentile(0.99) && row.latencyMax == 40_000_000)
        let empty = Self.row(2, completed: 0, latency: LatencyHistogram())
        #expect(empty.latencyP50 == 0 && empty.latencyP99 == 0 && empty.latencyMax == 0)
    }
}
