/// RES-2: a payment that did not succeed keeps no hold: once LC-12 settles an unknown outcome as not
/// approved, when the gateway retires a failed payment, and when the run ends.
final class FailedPaymentsKeepNoHold: SafetyMonitor {
    static let invariant = "RES-2"
    static let claim = "FailedPaymentsKeepNoHold"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .holdReleased, .captured, .paymentFinal, .outcomeResolved,
                                             .paymentRetired, .paymentStatusAtEnd]

    private let holds: SharedHolds

    init(_ world: MonitoredWorld) { holds = world.shared.holds }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard let shadow = holds.follow(event, checks) else { return }
        switch event {
        case .outcomeResolved(let payment, let approved):
            checks.expect(approved || shadow.held == 0, about: payment,
                          "resolved as not approved while the issuer still holds \(shadow.held)")
        case .paymentRetired(let payment, _):
            if shadow.final == false {
                checks.expect(shadow.held == 0, about: payment, "a failed payment still holds \(shadow.held) when retired")
            }
        case .paymentStatusAtEnd(let payment, let succeeded):
            guard !succeeded else { return }
            checks.expect(shadow.held == 0, about: payment, "a failed payment still holds \(shadow.held)")
        default:
            break
        }
    }
}
