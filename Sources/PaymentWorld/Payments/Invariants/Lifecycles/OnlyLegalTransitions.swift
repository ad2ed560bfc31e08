/// G-6: every event a lifecycle's table is offered is one its table lists for the current state;
/// a rejected one leaves the state as it was and is this claim's violation.
final class OnlyLegalTransitions: SafetyMonitor {
    static let invariant = "G-6"
    static let claim = "OnlyLegalTransitions"
    static let watches: [WorldEvent.Kind] = [.transitionRejected]
    static let tallies: [WorldEvent.Kind] = [.transitionApplied]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .transitionRejected(let subject, let illegal) = event else { return }
        checks.expect(false, about: subject, note: illegal)
    }
}
