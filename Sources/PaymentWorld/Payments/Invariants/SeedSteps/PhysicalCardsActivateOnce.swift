/// CARD-2: only a physical card is activated, and only once.
final class PhysicalCardsActivateOnce: SafetyMonitor {
    static let invariant = "CARD-2"
    static let claim = "PhysicalCardsActivateOnce"
    static let watches: [WorldEvent.Kind] = [.prepaidActivated]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .prepaidActivated(let card, let physical, let activations) = event else { return }
        checks.expect(physical && activations == 1, about: .prepaidCard(card),
                      "activation #\(activations) of a \(physical ? "physical" : "virtual") card")
    }
}
