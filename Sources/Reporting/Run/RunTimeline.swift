import SimulationKernel

/// Throughput, success and latency over virtual time for report.html, gathered while the run
/// goes, in memory that does not grow with the run.
///
/// Consecutive metrics.csv rows are merged into at most `maximumPoints` points: when the points
/// would overflow, neighbours are merged pairwise and each point stands for twice as many rows.
/// A point's latency percentiles come from the merged histograms of its rows, not from averaging
/// their percentiles. Keeping every row's histogram instead (44 KiB a second of virtual time)
/// made a 10^7-lifecycle run need gigabytes for its report alone.
///
/// Rows where nothing completed and nothing was in flight are held back: if the run ends on them
/// (timers running out after the last payment), the charts leave that idle tail out.
public struct RunTimeline: Sendable {
    public static let maximumPoints = 240

    struct Group: Sendable {
        var end: Double
        var seconds: Double
        var completed: UInt64
        var succeeded: UInt64
        var rows: Int
        var latency: LatencyHistogram

        mutating func absorb(_ other: Group) {
            end = other.end
            seconds += other.seconds
            completed += other.completed
            succeeded += other.succeeded
            rows += other.rows
            latency.merge(other.latency)
        }
    }

    private(set) var groups: [Group] = []
    /// How many metrics.csv rows one point stands for: a power of two.
    public private(set) var rowsPerPoint = 1
    /// Idle rows not yet placed: (end, seconds) of each.
    private var heldIdle: [(end: Double, seconds: Double)] = []
    /// Where the last row ended, idle or not.
    private(set) var lastRowEnd = 0.0

    public init() {}

    /// Takes one interval: its row and the histogram of the latencies completed in it.
    public mutating func add(_ row: IntervalRow, latency: LatencyHistogram) {
        lastRowEnd = row.end.seconds
        if row.completed == 0 && row.inFlight == 0 {
            heldIdle.append((row.end.seconds, row.seconds))
            return
        }
        for idle in heldIdle {
            append(Group(end: idle.end, seconds: idle.seconds, completed: 0, succeeded: 0, rows: 1,
                         latency: LatencyHistogram()))
        }
        heldIdle.removeAll()
        append(Group(end: row.end.seconds, seconds: row.seconds, completed: row.completed, succeeded: row.succeeded,
                     rows: 1, latency: latency))
    }

    /// Whether rows were left out as an idle tail.
    var endsIdle: Bool { !heldIdle.isEmpty && !groups.isEmpty }

    private mutating func append(_ group: Group) {
        if let last = groups.indices.last, groups[last].rows < rowsPerPoint {
            groups[last].absorb(group)
            return
        }
        if groups.count == Self.maximumPoints {
            // Every group is full here, and there is an even number of them: merge neighbours.
            var merged: [Group] = []
            merged.reserveCapacity(Self.maximumPoints)
            var index = 0
            while index + 1 < groups.count {
                var pair = groups[index]
                pair.absorb(groups[index + 1])
                merged.append(pair)
                index += 2
            }
            groups = merged
            rowsPerPoint *= 2
        }
        groups.append(group)
    }
}
