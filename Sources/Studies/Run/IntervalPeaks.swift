import PaymentWorld
import Reporting
import SimulationKernel

/// Each station's busiest second, and the first station to run out of servers, for `sweep` and
/// `size` under a ramp, a spike or a profile: the question such a load asks ("does the world hold
/// a 5x spike for a minute, and if not, what gives first and when?") is answered second by second,
/// as `run`'s saturation line answers it, since the window's average hides a minute of saturation
/// among many quiet ones.
public struct IntervalPeaks {
    private var intervals = StationIntervals()
    private var last = SimTime.zero
    private var first = FirstSaturation()
    /// Each station's highest utilization in an interval, by name.
    private var peaks: [String: Double] = [:]  // Looked up by name, never iterated.

    /// Takes the stations' cumulative figures at a progress report.
    public mutating func observe(now: SimTime, stations: [StationLifetime]) {
        guard now > last else { return }
        let figures = intervals.next(now: now, since: last, stations: stations)
        last = now
        for station in figures { peaks[station.name] = max(peaks[station.name] ?? 0, station.utilization) }
        first.observe(figures, end: now)
    }

    /// A station's highest interval utilization; 0 for one that never had work at a report.
    public func peak(_ station: String) -> Double { peaks[station] ?? 0 }

    /// The first station whose interval utilization reached `FirstSaturation.threshold`, if any.
    public var firstSaturation: SweepSample.Saturation? {
        first.station.map { SweepSample.Saturation(station: $0, seconds: first.time, utilization: first.utilization) }
    }

    /// Gives a sweep sample each station's peak and the first saturation.
    public func record(in sample: inout SweepSample) {
        for index in sample.stations.indices { sample.stations[index].peakUtilization = peak(sample.stations[index].name) }
        sample.firstSaturation = firstSaturation
    }
}

extension WorkloadShape {
    /// Whether the arrival rate changes over the run (ramp, spike, profile): the loads whose
    /// stations are judged by their busiest interval rather than the window's average.
    public var isTimeVarying: Bool {
        switch self {
        case .ramp, .spike, .profile: true
        case .poisson, .constant, .closed: false
        }
    }

    /// The highest arrival rate the shape reaches around a base rate: what a sweep of a spike's or a
    /// ramp's size offers at its busiest, and the load its knee is placed at.
    public func peakRate(base: Double) -> Double {
        switch self {
        case .ramp(let to, _): max(base, to)
        case .spike(let peak, _, _): max(base, peak)
        case .profile(let multipliers, _): base * (multipliers.max() ?? 1)
        case .poisson, .constant, .closed: base
        }
    }
}
