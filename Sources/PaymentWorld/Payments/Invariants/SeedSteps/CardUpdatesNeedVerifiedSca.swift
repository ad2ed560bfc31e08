/// CARD-4: locking, unlocking and cancelling a prepaid card needs a verified SCA event.
final class CardUpdatesNeedVerifiedSca: SafetyMonitor {
    static let invariant = "CARD-4"
    static let claim = "CardUpdatesNeedVerifiedSca"
    static let watches: [WorldEvent.Kind] = [.prepaidStatusChanged]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .prepaidStatusChanged(let lifecycle, let card, let from, let to, let sca) = event, let from else { return }
        guard to == .locked || to == .cancelled || (from == .locked && to == .active) else { return }
        checks.expect(sca, about: lifecycle, "\(card) \(from) → \(to) without verified SCA")
    }
}
