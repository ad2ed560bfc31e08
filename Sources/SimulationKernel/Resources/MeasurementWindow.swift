/// The stretch of virtual time a run's capacity figures describe: from the end of the warm-up
/// to the last arrival. Before it the system fills; after it the system drains (customers still
/// typing codes, captures a minute later) with no new load, so utilization and throughput
/// averaged over the whole run understate what the load did to each station (a station at 90 %
/// for ten seconds of arrivals reads 5 % over a drain ten times as long).
///
/// One window is shared by every station of a world: the world knows when the warm-up ends
/// before the run starts, and the arrival process says when it made its last arrival. Stations
/// read it at their next change, so they measure exactly up to the end without an event of
/// their own, and the trace is the same with or without the window.
///
/// Unchecked `Sendable`: a simulation runs its steps one at a time on one thread, and only its
/// steps touch the window (it is written once, by the step that makes the last arrival).
public final class MeasurementWindow: @unchecked Sendable {
    /// When measurement starts: the end of the warm-up.
    public let start: SimTime
    /// When the load ended: the last arrival. Nil while arrivals go on.
    @exclusivity(unchecked) public private(set) var end: SimTime?

    /// A window open from `start` (the end of the warm-up) until ``close(at:)`` is called.
    public init(start: SimTime = .zero) { self.start = start }

    /// The load ended at `instant` (the first call wins: the last arrival happens once).
    public func close(at instant: SimTime) {
        if end == nil { end = max(instant, start) }
    }

    /// Whether `instant` lies in the window as far as it is known.
    @inlinable public func contains(_ instant: SimTime) -> Bool {
        instant >= start && (end.map { instant <= $0 } ?? true)
    }

    /// The window's length up to `now` (its end, once known), in nanoseconds.
    public func length(at now: SimTime) -> Int64 {
        max(0, (min(end ?? now, now) - start).nanoseconds)
    }

    /// Nanoseconds of `[from, to]` inside the window.
    @inlinable public func overlap(from: SimTime, to: SimTime) -> Int64 {
        let low = max(from, start)
        let high = end.map { min(to, $0) } ?? to
        return max(0, (high - low).nanoseconds)
    }
}
