/// PROV-1: a wallet tokenization completes only for an active card.
final class OnlyActiveCardsAreTokenized: SafetyMonitor {
    static let invariant = "PROV-1"
    static let claim = "OnlyActiveCardsAreTokenized"
    static let watches: [WorldEvent.Kind] = [.tokenizationCompleted]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .tokenizationCompleted(let lifecycle, let card, _, let cardStatus) = event else { return }
        checks.expect(cardStatus == .active, about: lifecycle, "tokenization completed for \(card), \(cardStatus)")
    }
}
