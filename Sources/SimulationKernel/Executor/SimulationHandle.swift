/// A simulation held without a reference count, for the actors that live inside it.
///
/// An actor cannot hold its simulation strongly (the simulation holds the actor), and an
/// `unowned(unsafe)` reference is retained and released around every call made through it:
/// on a busy actor, one atomic pair per timer it sets. Through a handle, `schedule` and `now`
/// reach the simulation as a guaranteed reference, with no count touched. The simulation must
/// outlive the handle, as it outlives everything registered with it.
public struct SimulationHandle: @unchecked Sendable {
    @usableFromInline let unmanaged: Unmanaged<Simulation>

    public init(_ simulation: Simulation) { unmanaged = .passUnretained(simulation) }

    /// The current virtual time.
    @inlinable public var now: SimTime { unmanaged._withUnsafeGuaranteedRef { $0.now } }

    /// `Simulation.schedule(at:to:kind:subject:argument:)`.
    @inlinable public func schedule(at time: SimTime, to receiver: ReceiverID, kind: UInt32,
                                    subject: UInt64 = 0, argument: UInt64 = 0) {
        unmanaged._withUnsafeGuaranteedRef {
            $0.schedule(at: time, to: receiver, kind: kind, subject: subject, argument: argument)
        }
    }

    /// `Simulation.schedule(after:to:kind:subject:argument:)`.
    @inlinable public func schedule(after delay: SimDuration, to receiver: ReceiverID, kind: UInt32,
                                    subject: UInt64 = 0, argument: UInt64 = 0) {
        unmanaged._withUnsafeGuaranteedRef {
            $0.schedule(after: delay, to: receiver, kind: kind, subject: subject, argument: argument)
        }
    }

    /// Anything else, through the same guaranteed reference.
    @inlinable public func with<Result>(_ body: (Simulation) -> Result) -> Result {
        unmanaged._withUnsafeGuaranteedRef(body)
    }
}
