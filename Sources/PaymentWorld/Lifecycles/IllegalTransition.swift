/// An event that a lifecycle's table does not list for the current state (domain.md §0, closed-world rule; G-6).
///
/// Every lifecycle throws this one type, so the actors can count rejections by (lifecycle, state, event)
/// without knowing each machine. The state and the event are read as text: the error outlives the values and
/// is printed, compared and counted, never inspected. The state the event was applied to does not change.
/// The text is made when it is first read: working out a table's legal pairs (`LegalPairs`) makes and
/// drops an error for every illegal pair, and describing each one cost more than the table itself.
public struct IllegalTransition: Error, Hashable, Sendable, CustomStringConvertible {
    /// The lifecycle's name with its domain id, e.g. `"LC-01 Sale"`.
    public let lifecycle: String
    private let stateValue: any Sendable
    private let eventValue: any Sendable

    /// The state the event was applied to, as `String(describing:)` prints it.
    public var state: String { String(describing: stateValue) }
    /// The rejected event, as `String(describing:)` prints it.
    public var event: String { String(describing: eventValue) }

    public init(lifecycle: String, state: String, event: String) {
        self.lifecycle = lifecycle
        stateValue = state
        eventValue = event
    }

    /// Describes the rejected pair of any lifecycle.
    public init<State: Sendable, Event: Sendable>(lifecycle: String, from state: State, on event: Event) {
        self.lifecycle = lifecycle
        stateValue = state
        eventValue = event
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.lifecycle == rhs.lifecycle && lhs.state == rhs.state && lhs.event == rhs.event
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lifecycle)
        hasher.combine(state)
        hasher.combine(event)
    }

    public var description: String { "\(lifecycle): illegal transition from \(state) on \(event)" }
}
