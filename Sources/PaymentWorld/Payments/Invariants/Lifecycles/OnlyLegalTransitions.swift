/// G-6: every event a lifecycle's table is offered is one its table lists for the current state;
/// a rejected one leaves the state as it was and is this claim's violation.
final class OnlyLegalTransitions: SafetyMonitor {
    static let invariant = "G-6"
    static let claim = "OnlyLegalTransitions"
    static let watches: [WorldEvent.Kind] = [.transitionOffered]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .transitionOffered(let subject, let illegal) = event else { return }
        checks.expect(illegal == nil, about: subject, illegal.map { "\($0)" } ?? "")
    }
}
