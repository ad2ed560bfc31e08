/// SALE-1: a payment holds at most one approved authorization at a time: a duplicate request, a
/// cascade or a stand-in never approves it twice.
final class NoPaymentIsChargedTwice: SafetyMonitor {
    static let invariant = "SALE-1"
    static let claim = "NoPaymentIsChargedTwice"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .holdReleased, .captured, .paymentRetired]

    private struct Shadow {
        var held: Int64 = 0
        var approvals = 0
    }

    private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .holdPlaced(let payment, _, let amount, _, _):
            let approvals = payments.update(payment) { shadow in
                shadow.held += amount
                shadow.approvals += 1
                return shadow.approvals
            }
            checks.expect(approvals <= 1, about: payment, "\(approvals) approved authorizations")
        case .holdReleased(let payment, _, let amount):
            // A hold released in full ends that approval: a later one (after a reversal) is not a second charge.
            payments.update(payment) { shadow in
                shadow.held -= amount
                if shadow.held == 0 { shadow.approvals = 0 }
            }
        case .captured(let payment, _, let amount):
            payments.update(payment) { $0.held -= amount }
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
