/// CARD-1: a cancelled or expired prepaid card never changes status again.
final class CancelledAndExpiredCardsStayThatWay: SafetyMonitor {
    static let invariant = "CARD-1"
    static let claim = "CancelledAndExpiredCardsStayThatWay"
    static let watches: [WorldEvent.Kind] = [.prepaidStatusChanged]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .prepaidStatusChanged(let lifecycle, let card, let from, let to, _) = event else { return }
        let absorbed = from == .cancelled || from == .expired
        checks.expect(!absorbed, about: lifecycle, "\(card) left \(from.map { "\($0)" } ?? "-") for \(to)")
    }
}
