#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When open-model arrivals happen: a rate in arrivals per virtual second that may change with
/// time (design §5). Every process draws only from the stream it is given.
///
/// Piecewise-constant rates (spike, daily profile) are sampled exactly: an exponential gap at the
/// current rate, and if it crosses a change of rate, a fresh gap from the change (the exponential
/// forgets). The ramp is sampled by thinning (Lewis and Shedler, 1979) under its highest rate.
public enum ArrivalProcess: Sendable, Hashable, CustomStringConvertible {
    /// Poisson arrivals at a fixed rate.
    case poisson(rate: Double)
    /// Evenly spaced arrivals: one every 1/rate seconds.
    case constant(rate: Double)
    /// Poisson arrivals whose rate moves linearly from `from` to `to` over `duration`, then stays.
    case ramp(from: Double, to: Double, duration: SimDuration)
    /// Poisson arrivals at `base`, and at `peak` from `start` for `duration`.
    case spike(base: Double, peak: Double, start: SimDuration, duration: SimDuration)
    /// Poisson arrivals at `rate` times the multiplier of the current slot; the slots divide
    /// `period` evenly (24 slots over 24h is an hourly daily profile) and repeat.
    case profile(rate: Double, multipliers: [Double], period: SimDuration)

    /// The process as banners print it: `poisson(200.0/s)`, `spike(100.0/s, 1000.0/s from 1m for 1m)`.
    public var description: String {
        switch self {
        case .poisson(let rate): "poisson(\(rate)/s)"
        case .constant(let rate): "constant(\(rate)/s)"
        case .ramp(let from, let to, let duration): "ramp(\(from)/s → \(to)/s over \(duration))"
        case .spike(let base, let peak, let start, let duration):
            "spike(\(base)/s, \(peak)/s from \(start) for \(duration))"
        case .profile(let rate, let multipliers, let period):
            "profile(\(rate)/s × \(multipliers.count) slots over \(period))"
        }
    }

    /// The instant of the next arrival after `now`, or nil if the rate stays zero forever.
    public func nextArrival(after now: SimTime, random: inout SimRandom) -> SimTime? {
        switch self {
        case .poisson(let rate):
            return now + Self.exponentialGap(rate: rate, random: &random)
        case .constant(let rate):
            return now + .seconds(fractional: 1 / rate)
        case .ramp(let from, let to, let duration):
            return nextByThinning(after: now, maximum: max(from, to), random: &random) { time in
                guard duration.nanoseconds > 0, time.nanoseconds < duration.nanoseconds else { return to }
                return from + (to - from) * Double(time.nanoseconds) / Double(duration.nanoseconds)
            }
        case .spike(let base, let peak, let start, let duration):
            let begin = SimTime(nanoseconds: start.nanoseconds)
            let end = begin + duration
            return nextPiecewise(after: now, random: &random) { time in
                time >= begin && time < end ? (peak, end) : time < begin ? (base, begin) : (base, nil)
            }
        case .profile(let rate, let multipliers, let period):
            guard multipliers.contains(where: { $0 > 0 }), rate > 0 else { return nil }
            let slot = period.nanoseconds / Int64(multipliers.count)
            return nextPiecewise(after: now, random: &random) { time in
                let index = Int(time.nanoseconds / slot)
                let boundary = SimTime(nanoseconds: (Int64(index) + 1) * slot)
                return (rate * multipliers[index % multipliers.count], boundary)
            }
        }
    }

    /// The mean rate over a long run, for banners and sizing.
    public var meanRate: Double {
        switch self {
        case .poisson(let rate), .constant(let rate): rate
        case .ramp(_, let to, _): to
        case .spike(let base, _, _, _): base
        case .profile(let rate, let multipliers, _): rate * multipliers.reduce(0, +) / Double(max(1, multipliers.count))
        }
    }

    /// An exponential gap: -ln(1 - u) / rate seconds, rounded to the nanosecond once.
    static func exponentialGap(rate: Double, random: inout SimRandom) -> SimDuration {
        .seconds(fractional: -log(1 - random.unitInterval()) / rate)
    }

    /// `rateAt(t)` gives the rate at t and the instant it next changes (nil: never).
    private func nextPiecewise(after now: SimTime, random: inout SimRandom,
                               rateAt: (SimTime) -> (Double, SimTime?)) -> SimTime? {
        var time = now
        // Bounded: a profile has finitely many slots per period; 10^6 empty slots means none fire.
        for _ in 0..<1_000_000 {
            let (rate, change) = rateAt(time)
            if rate > 0 {
                let candidate = time + Self.exponentialGap(rate: rate, random: &random)
                guard let change, candidate >= change else { return candidate }
                time = change
            } else {
                guard let change else { return nil }
                time = change
            }
        }
        return nil
    }

    private func nextByThinning(after now: SimTime, maximum: Double, random: inout SimRandom,
                                rateAt: (SimTime) -> Double) -> SimTime? {
        guard maximum > 0 else { return nil }
        var time = now
        for _ in 0..<1_000_000 {
            time = time + Self.exponentialGap(rate: maximum, random: &random)
            if random.unitInterval() * maximum < rateAt(time) { return time }
        }
        return nil
    }
}
