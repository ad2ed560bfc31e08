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
    /// An instant of the simulation's virtual time, in the shape `Clock` asks for.
    public struct Instant: InstantProtocol, Sendable {
        /// The virtual instant.
        public var time: SimTime
        /// Wraps a virtual instant.
        public init(_ time: SimTime) { self.time = time }
        /// The instant `duration` later, truncated to whole nanoseconds.
        public func advanced(by duration: Duration) -> Instant {
            Instant(time + SimulationClock.simDuration(duration))
        }
        /// The virtual time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            .nanoseconds(other.time.nanoseconds - time.nanoseconds)
        }
        /// Earlier first.
        public static func < (a: Instant, b: Instant) -> Bool { a.time < b.time }
    }

    /// The simulation whose virtual time the clock reads.
    public let simulation: Simulation

    /// A clock on `simulation`'s virtual time, the same as ``Simulation/clock``.
    public init(simulation: Simulation) { self.simulation = simulation }

    /// The simulation's current virtual instant.
    public var now: Instant { Instant(simulation.now) }
    /// One nanosecond: virtual time has no finer grain.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends the calling task until `deadline` in virtual time, taking no wall time.
    /// `tolerance` is ignored: virtual time is exact.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await simulation.sleepCancellable(until: deadline.time)
    }

    /// Truncates to whole nanoseconds: virtual time has no finer grain.
    static func simDuration(_ duration: Duration) -> SimDuration {
        let (seconds, attoseconds) = duration.components
        return SimDuration(nanoseconds: seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
    }
}
