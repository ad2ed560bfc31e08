/// A `Clock` on a simulation's virtual time, so code written against `some Clock<Duration>`
/// (a user's payment client, a retry helper) runs deterministically inside a simulation.
///
/// ```swift
/// func retry(clock: some Clock<Duration>) async throws { try await clock.sleep(for: .seconds(1)) }
/// simulation.spawn { try? await retry(clock: simulation.clock) }
/// ```
///
/// Sleeps are cancellable, as `Clock.sleep` promises. Reading `now` outside the simulation's
/// thread is a programming error, not checked on every read.
public struct SimulationClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Sendable {
        public var time: SimTime
        public init(_ time: SimTime) { self.time = time }
        public func advanced(by duration: Duration) -> Instant {
            Instant(time + SimulationClock.simDuration(duration))
        }
        public func duration(to other: Instant) -> Duration {
            .nanoseconds(other.time.nanoseconds - time.nanoseconds)
        }
        public static func < (a: Instant, b: Instant) -> Bool { a.time < b.time }
    }

    public let simulation: Simulation

    public init(simulation: Simulation) { self.simulation = simulation }

    public var now: Instant { Instant(simulation.now) }
    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await simulation.sleepCancellable(until: deadline.time)
    }

    /// Truncates to whole nanoseconds: virtual time has no finer grain.
    static func simDuration(_ duration: Duration) -> SimDuration {
        let (seconds, attoseconds) = duration.components
        return SimDuration(nanoseconds: seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
    }
}
