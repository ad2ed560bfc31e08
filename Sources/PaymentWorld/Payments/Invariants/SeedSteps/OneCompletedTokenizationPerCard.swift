/// PROV-3: a card's tokenization for one device completes once.
final class OneCompletedTokenizationPerCard: SafetyMonitor {
    static let invariant = "PROV-3"
    static let claim = "OneCompletedTokenizationPerCard"
    static let watches: [WorldEvent.Kind] = [.tokenizationCompleted]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .tokenizationCompleted(let lifecycle, _, let earlier) = event else { return }
        checks.expect(earlier == 0, about: lifecycle, "\(earlier + 1) completed tokenizations")
    }
}
