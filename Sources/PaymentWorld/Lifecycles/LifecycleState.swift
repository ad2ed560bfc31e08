/// The shape every lifecycle of domain.md §2.4 shares: a plain value with one pure transition function.
///
/// A conforming state never sends, sleeps or draws a random number (style §3). Guards of the domain tables are
/// data: counters and amounts live in the state, facts the caller knows (a code, a flag, an amount) arrive in
/// the event, and timed guards arrive as timer events. So `applying(_:)` is total: it returns the next state and
/// the effects for the actor to perform in order, or throws ``IllegalTransition`` and leaves the state unchanged.
public protocol LifecycleState: Sendable, Hashable {
    /// What can happen to this lifecycle.
    associatedtype Event: Sendable, Hashable
    /// Work the owning actor performs after a transition, in order.
    associatedtype Effect: Sendable, Hashable

    /// The lifecycle's name with its domain id, used in ``IllegalTransition`` messages.
    static var lifecycleName: String { get }

    /// Whether the state is terminal (■ in domain.md): it rejects every event and never changes again (G-5).
    var isTerminal: Bool { get }

    /// The one place the lifecycle changes state.
    /// - Throws: ``IllegalTransition`` naming the state and the event when the table has no row for the pair.
    func applying(_ event: Event) throws(IllegalTransition) -> LifecycleTransition<Self, Effect>
}

extension LifecycleState {
    /// The error for a pair the table does not list.
    @inlinable
    public func illegal(_ event: Event) -> IllegalTransition {
        IllegalTransition(lifecycle: Self.lifecycleName, from: self, on: event)
    }

    /// A transition to `next` with the given effects.
    @inlinable
    public func to(_ next: Self, _ effects: Effect...) -> LifecycleTransition<Self, Effect> {
        LifecycleTransition(next: next, effects: effects)
    }
}

/// The result of applying an event: the next state and the effects, as data, in the order the actor performs them.
public struct LifecycleTransition<State: Sendable & Hashable, Effect: Sendable & Hashable>: Sendable, Hashable {
    public let next: State
    public let effects: [Effect]

    public init(next: State, effects: [Effect] = []) {
        self.next = next
        self.effects = effects
    }
}
