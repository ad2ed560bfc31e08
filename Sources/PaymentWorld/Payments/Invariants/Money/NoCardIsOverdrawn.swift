/// G-2: an approval never takes a card's available balance below zero, unless the network stood in
/// for a silent issuer (STIP), which the ledger flags; nor a prepaid purchase's hold its balance.
final class NoCardIsOverdrawn: SafetyMonitor {
    static let invariant = "G-2"
    static let claim = "NoCardIsOverdrawn"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .prepaidHoldPlaced]

    private let world: MonitoredWorld

    init(_ world: MonitoredWorld) { self.world = world }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .holdPlaced(let payment, let card, _, _, let standIn, _):
            let available = world.available(card)
            checks.expect(available >= 0 || standIn, about: payment, "\(card).available = \(available)")
        case .prepaidHoldPlaced(let lifecycle, let card, _):
            // A prepaid balance has no stand-in: the card platform is its own processor.
            let available = world.available(card)
            checks.expect(available >= 0, about: lifecycle, "prepaid \(card).available = \(available)")
        default:
            return
        }
    }
}
