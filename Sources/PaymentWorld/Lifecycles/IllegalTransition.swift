/// An event that a lifecycle's table does not list for the current state (domain.md §0, closed-world rule; G-6).
///
/// Every lifecycle throws this one type, so the actors can count rejections by (lifecycle, state, event)
/// without knowing each machine. The state and the event are kept as text: the error outlives the values and
/// is printed, compared and counted, never inspected. The state the event was applied to does not change.
public struct IllegalTransition: Error, Hashable, Sendable, CustomStringConvertible {
    /// The lifecycle's name with its domain id, e.g. `"LC-01 Sale"`.
    public let lifecycle: String
    /// The state the event was applied to, as `String(describing:)` prints it.
    public let state: String
    /// The rejected event, as `String(describing:)` prints it.
    public let event: String

    public init(lifecycle: String, state: String, event: String) {
        self.lifecycle = lifecycle
        self.state = state
        self.event = event
    }

    /// Describes the rejected pair of any lifecycle.
    public init<State, Event>(lifecycle: String, from state: State, on event: Event) {
        self.init(lifecycle: lifecycle, state: String(describing: state), event: String(describing: event))
    }

    public var description: String { "\(lifecycle): illegal transition from \(state) on \(event)" }
}
