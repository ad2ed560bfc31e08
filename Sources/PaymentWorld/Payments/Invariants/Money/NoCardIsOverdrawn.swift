/// G-2: an approval never takes a card's available balance below zero, unless the network stood in
/// for a silent issuer (STIP), which the ledger flags.
final class NoCardIsOverdrawn: SafetyMonitor {
    static let invariant = "G-2"
    static let claim = "NoCardIsOverdrawn"
    static let watches: [WorldEvent.Kind] = [.holdPlaced]

    private let world: MonitoredWorld

    init(_ world: MonitoredWorld) { self.world = world }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .holdPlaced(let payment, let card, _, _, let standIn, _) = event else { return }
        let available = world.available(card)
        checks.expect(available >= 0 || standIn, about: payment, "\(card).available = \(available)")
    }
}
