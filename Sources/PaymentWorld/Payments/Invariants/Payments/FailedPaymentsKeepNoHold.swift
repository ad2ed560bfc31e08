/// RES-2: a payment that did not succeed keeps no hold: once LC-12 settles an unknown outcome as not
/// approved, when the gateway retires a failed payment, and when the run ends.
final class FailedPaymentsKeepNoHold: SafetyMonitor {
    static let invariant = "RES-2"
    static let claim = "FailedPaymentsKeepNoHold"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .holdReleased, .captured, .paymentFinal, .outcomeResolved,
                                             .paymentRetired, .paymentStatusAtEnd]

    private struct Shadow {
        var held: Int64 = 0
        var final: Bool?
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .holdPlaced(let payment, _, let amount, _, _, _):
            payments.update(payment) { $0.held += amount }
        case .holdReleased(let payment, _, let amount), .captured(let payment, _, let amount):
            payments.update(payment) { $0.held -= amount }
        case .paymentFinal(let payment, _, let succeeded):
            payments.update(payment) { if $0.final == nil { $0.final = succeeded } }
        case .outcomeResolved(let payment, let approved):
            let held = payments[payment].held
            checks.expect(approved || held == 0, about: payment, "resolved as not approved while the issuer still holds \(held)")
        case .paymentRetired(let payment, _):
            let shadow = payments[payment]
            if shadow.final == false {
                checks.expect(shadow.held == 0, about: payment, "a failed payment still holds \(shadow.held) when retired")
            }
            payments.forget(payment)
        case .paymentStatusAtEnd(let payment, let succeeded):
            guard !succeeded else { return }
            let held = payments[payment].held
            checks.expect(held == 0, about: payment, "a failed payment still holds \(held)")
        default:
            break
        }
    }
}
