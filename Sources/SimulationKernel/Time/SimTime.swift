/// An instant of virtual time: integer nanoseconds since the start of a run.
///
/// Time is an integer on purpose: floating-point rounding would decide the order of events, and
/// the order of events is the fingerprint of a run. 64 bits of nanoseconds cover 292 years.
public struct SimTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the start of the run.
    public var nanoseconds: Int64

    /// The instant `nanoseconds` after the start of the run.
    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The start of the run.
    public static let zero = SimTime(nanoseconds: 0)

    /// Earlier first: the order in which events run.
    @inlinable public static func < (a: SimTime, b: SimTime) -> Bool { a.nanoseconds < b.nanoseconds }

    /// The instant `b` after `a`. Wraps instead of trapping, so the event loop pays for no check;
    /// ``Simulation/horizon`` keeps runs far from the limit.
    @inlinable public static func + (a: SimTime, b: SimDuration) -> SimTime {
        SimTime(nanoseconds: a.nanoseconds &+ b.nanoseconds)
    }

    /// The time from `b` to `a`; negative when `a` is earlier.
    @inlinable public static func - (a: SimTime, b: SimTime) -> SimDuration {
        SimDuration(nanoseconds: a.nanoseconds &- b.nanoseconds)
    }

    /// Moves `a` on by `b`.
    @inlinable public static func += (a: inout SimTime, b: SimDuration) { a = a + b }

    /// `hh:mm:ss.mmm` since the start of the run, the form every report and trace line uses.
    public var description: String {
        let totalMilliseconds = nanoseconds / 1_000_000
        let milliseconds = totalMilliseconds % 1000
        let totalSeconds = totalMilliseconds / 1000
        return "\(pad(totalSeconds / 3600, 2)):\(pad(totalSeconds / 60 % 60, 2)):"
            + "\(pad(totalSeconds % 60, 2)).\(pad(milliseconds, 3))"
    }

    /// Seconds as a `Double`, for reporting only; never used to order events.
    public var seconds: Double { Double(nanoseconds) / 1e9 }
}

/// A span of virtual time in integer nanoseconds, built with units (`.milliseconds(250)`).
public struct SimDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The length in nanoseconds; negative only as the difference of two instants.
    public var nanoseconds: Int64

    /// A duration of `nanoseconds`; the unit functions, such as ``milliseconds(_:)``, read better.
    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// No time at all.
    public static let zero = SimDuration(nanoseconds: 0)

    /// `value` nanoseconds.
    @inlinable public static func nanoseconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value) }
    /// `value` microseconds; traps on overflow.
    @inlinable public static func microseconds(_ value: Int64) -> SimDuration {
        SimDuration(nanoseconds: value * 1_000)
    }
    /// `value` milliseconds; traps on overflow.
    @inlinable public static func milliseconds(_ value: Int64) -> SimDuration {
        SimDuration(nanoseconds: value * 1_000_000)
    }
    /// `value` seconds; traps on overflow.
    @inlinable public static func seconds(_ value: Int64) -> SimDuration {
        SimDuration(nanoseconds: value * 1_000_000_000)
    }
    /// `value` minutes; traps on overflow.
    @inlinable public static func minutes(_ value: Int64) -> SimDuration { .seconds(value * 60) }
    /// `value` hours; traps on overflow.
    @inlinable public static func hours(_ value: Int64) -> SimDuration { .seconds(value * 3600) }

    /// Converts seconds to a duration, rounding to the nearest nanosecond. The one place a
    /// `Double` becomes time; values beyond the representable range clamp.
    @inlinable public static func seconds(fractional value: Double) -> SimDuration {
        let nanos = (value * 1e9).rounded()
        if !(nanos < 9.2e18) { return SimDuration(nanoseconds: Int64.max / 2) }
        if !(nanos > -9.2e18) { return SimDuration(nanoseconds: Int64.min / 2) }
        return SimDuration(nanoseconds: Int64(nanos))
    }

    /// Shorter first.
    @inlinable public static func < (a: SimDuration, b: SimDuration) -> Bool { a.nanoseconds < b.nanoseconds }
    /// The sum; wraps instead of trapping, like ``SimTime``'s arithmetic.
    @inlinable public static func + (a: SimDuration, b: SimDuration) -> SimDuration {
        SimDuration(nanoseconds: a.nanoseconds &+ b.nanoseconds)
    }
    /// The difference; wraps instead of trapping.
    @inlinable public static func - (a: SimDuration, b: SimDuration) -> SimDuration {
        SimDuration(nanoseconds: a.nanoseconds &- b.nanoseconds)
    }
    /// `a` taken `k` times; wraps instead of trapping.
    @inlinable public static func * (a: SimDuration, k: Int64) -> SimDuration {
        SimDuration(nanoseconds: a.nanoseconds &* k)
    }

    /// Seconds as a `Double`, for reporting only; never used to order events.
    public var seconds: Double { Double(nanoseconds) / 1e9 }
    /// Milliseconds as a `Double`, for reporting only.
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    /// The largest unit that divides exactly: `250ms`, `1500ms`, `2h`, `120us`, `7ns`.
    public var description: String {
        let units: [(Int64, String)] = [(3_600_000_000_000, "h"), (60_000_000_000, "m"), (1_000_000_000, "s"),
                                         (1_000_000, "ms"), (1_000, "us"), (1, "ns")]
        if nanoseconds == 0 { return "0ms" }
        for (size, name) in units where nanoseconds % size == 0 { return "\(nanoseconds / size)\(name)" }
        return "\(nanoseconds)ns"
    }
}

private func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
