/// A simulation held without a reference count: the one way the kernel, and the actors that live
/// in a simulation, hold it unretained.
///
/// What lives inside a simulation cannot hold it strongly (the simulation holds them), and an
/// `unowned(unsafe)` reference is retained and released around every call made through it: on a
/// busy actor, one atomic pair per timer it sets. Through a handle, `schedule`, `now` and `with`
/// reach the simulation as a guaranteed reference, with no count touched. Lanes, the task
/// executor, the network and strict mode's thread-local slot all hold their simulation this way,
/// so the promise they rest on is made here once: the simulation outlives every handle to it, as
/// it outlives everything registered with it.
///
/// Unchecked `Sendable`: a handle is a pointer, and carrying it to another thread does nothing by
/// itself. Using it is legal only on the simulation's thread, which is where everything that
/// holds one runs (`Simulation` explains the one-thread rule).
public struct SimulationHandle: @unchecked Sendable {
    @usableFromInline let unmanaged: Unmanaged<Simulation>

    /// A handle on `simulation` that takes no reference count: the simulation must outlive it.
    public init(_ simulation: Simulation) { unmanaged = .passUnretained(simulation) }

    /// The handle `StrictMode` stored as a raw pointer in a thread-local slot.
    init(opaque: UnsafeMutableRawPointer) { unmanaged = .fromOpaque(opaque) }

    /// The raw pointer `StrictMode` stores in a thread-local slot; no count is taken.
    var opaque: UnsafeMutableRawPointer { unmanaged.toOpaque() }

    /// The simulation as an ordinary reference, retained by whoever keeps it. For code off the
    /// hot path; a call per event goes through `with`, `now` or `schedule`.
    @inlinable public var simulation: Simulation { unmanaged.takeUnretainedValue() }

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
    ///
    /// `rethrows`, like `_withUnsafeGuaranteedRef`: a non-throwing `body` converted to a throwing
    /// one on the way is not inlined, which costs the network's send a call per message.
    @inlinable public func with<Result>(_ body: (Simulation) throws -> Result) rethrows -> Result {
        try unmanaged._withUnsafeGuaranteedRef(body)
    }
}
