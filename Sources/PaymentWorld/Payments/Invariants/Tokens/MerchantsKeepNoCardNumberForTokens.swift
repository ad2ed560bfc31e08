/// TOK-5: the merchant keeps no full card number for a token sale: only the token and the masked
/// number (`6+4`). Checked on every card the merchant stores for a token sale.
final class MerchantsKeepNoCardNumberForTokens: SafetyMonitor {
    static let invariant = "TOK-5"
    static let claim = "MerchantsKeepNoCardNumberForTokens"
    static let watches: [WorldEvent.Kind] = [.cardDataKept]

    private let bodies: RequestBodies

    init(_ world: MonitoredWorld) { bodies = world.bodies }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .cardDataKept(.lifecycle(let lifecycle), .merchant, let form) = event,
              bodies[lifecycle].flow.traits.contains(.paysWithSavedToken) else { return }
        checks.expect(form != .pan, about: lifecycle, "the merchant stored a full card number for a token sale")
    }
}
