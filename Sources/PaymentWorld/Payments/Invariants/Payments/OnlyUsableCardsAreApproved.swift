/// G-10: the issuer approves only usable cards (active, not expired, not restricted); a network
/// standing in for a silent issuer cannot know, so its approvals are exempt.
final class OnlyUsableCardsAreApproved: SafetyMonitor {
    static let invariant = "G-10"
    static let claim = "OnlyUsableCardsAreApproved"
    static let watches: [WorldEvent.Kind] = [.holdPlaced]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .holdPlaced(let payment, let card, _, _, let standIn, let usable) = event else { return }
        checks.expect(usable || standIn, about: payment, "\(card) is not usable but was approved")
    }
}
