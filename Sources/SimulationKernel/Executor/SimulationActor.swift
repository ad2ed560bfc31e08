/// An actor that lives in a simulation: bound to one of its lanes, receiving its events in its
/// own isolation.
///
/// ```swift
/// actor Issuer: SimulationActor {
///     nonisolated let lane: SimulationLane
///     nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
///     nonisolated var traceName: String { "issuer" }
///     func handle(_ event: SimulationEvent) { … }   // isolated: the actor's state is at hand
/// }
/// ```
public protocol SimulationActor: Actor, EventReceiver {
    /// The lane the actor's executor is; it keeps the lane alive (UnownedSerialExecutor's rule).
    nonisolated var lane: SimulationLane { get }
    /// Handles one due event, isolated to the actor.
    func handle(_ event: SimulationEvent)
    /// Whether `handle` would ignore this pending event, now and ever after (see
    /// `EventReceiver.isStale`): typically a timer that its actor has since cancelled by moving
    /// a generation or serial on. The default is `false`: every event is delivered.
    func wouldIgnore(_ event: SimulationEvent) -> Bool
}

extension SimulationActor {
    /// Delivers an event into the actor's isolation.
    ///
    /// This is `assumeIsolated` without its cost: the standard one allocates a closure context
    /// per call and asks the runtime for the current executor, which together would be a fifth
    /// of the reference pipeline's time. Neither is needed here. The loop delivers events only
    /// between jobs, on the simulation's one thread, so no other code of this actor can be
    /// running; the precondition checks the loop is running (a flag read), which is what makes
    /// that true.
    @inlinable
    public nonisolated func receive(_ event: SimulationEvent) {
        precondition(lane.handle.with { $0.running }, "\(traceName) got an event outside its simulation's loop")
        _ = Self.callIsolatedUnchecked(self, event) { actor, event in
            actor.handle(event)
            return true  // Unused: the helper returns a `Bool` for `isStale`'s sake.
        }
    }

    /// Asks the actor, in its isolation, whether a pending event is stale; as cheap as `receive`,
    /// and legal for the same reason: the kernel asks only from its loop, between jobs.
    @inlinable
    public nonisolated func isStale(_ event: SimulationEvent) -> Bool {
        Self.callIsolatedUnchecked(self, event) { actor, event in actor.wouldIgnore(event) }
    }

    /// Nothing is stale: an actor that never abandons a timer need not answer.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool { false }

    /// Calls `body` isolated to `actor` without checking that the caller is: the kernel's one
    /// `unsafeBitCast`.
    ///
    /// Why it is sound: an `isolated` parameter changes what the compiler checks at a call, not
    /// how the call is made, so the function with the parameter made plain has the same
    /// representation. Why it is legal: only `receive` and `isStale` call it, and the event loop
    /// calls them only between jobs, on the simulation's one thread, where none of the actor's
    /// code can be running.
    ///
    /// The result is a `Bool`, not generic: a generic result would pass through a reabstraction
    /// thunk on every call, which the optimizer cannot see through the cast to remove.
    @inlinable
    static func callIsolatedUnchecked(_ actor: Self, _ event: SimulationEvent,
                                      _ body: @escaping (isolated Self, SimulationEvent) -> Bool) -> Bool {
        let unchecked = unsafeBitCast(body, to: ((Self, SimulationEvent) -> Bool).self)
        return unchecked(actor, event)
    }
}
