import Reporting
import SimulationKernel

/// The first station that ran out of servers, second by second: what a spike or a ramp asks
/// ("does the world hold a 5x spike for a minute, and if not, what gives first?"). From the
/// per-interval station figures of metrics.csv, so it sees a minute of saturation that the
/// whole window's average would hide.
public struct FirstSaturation {
    /// A second at which a station's servers were this busy counts as saturated.
    public static let threshold = 0.95

    public var station: String?
    public var time: Double = 0
    public var utilization: Double = 0
    /// Seconds in which any station was saturated.
    public var seconds = 0

    public init(_ rows: [IntervalRow]) {
        for row in rows { observe(row.stations, end: row.end) }
    }

    public init() {}

    /// Takes one interval's station figures, in time order.
    public mutating func observe(_ stations: [StationInterval], end: SimTime) {
        let saturated = stations.filter { $0.utilization >= Self.threshold }
        guard !saturated.isEmpty else { return }
        seconds += 1
        guard station == nil, let worst = saturated.max(by: { $0.utilization < $1.utilization }) else { return }
        station = worst.name
        time = end.seconds
        utilization = worst.utilization
    }

    public var line: String {
        guard let station else { return "no station reached \(SummaryTable.fixed(Self.threshold, 2)) utilization in any interval" }
        return "first: \(station) at \(SummaryTable.fixed(time, 1)) s (utilization \(SummaryTable.fixed(utilization, 2)) in "
            + "that interval); \(seconds) interval(s) had a station at \(SummaryTable.fixed(Self.threshold, 2)) or more"
    }

    public var json: JSONOutput {
        guard let station else { return .null }
        return .object([("station", .string(station)), ("t_seconds", .number(time)), ("utilization", .number(utilization)),
                        ("saturated_intervals", .integer(Int64(seconds)))])
    }
}
