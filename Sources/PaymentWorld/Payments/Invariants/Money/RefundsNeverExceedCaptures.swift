/// AUTH-3: what a payment refunds never exceeds what it captured; checked before the money moves.
final class RefundsNeverExceedCaptures: SafetyMonitor {
    static let invariant = "AUTH-3"
    static let claim = "RefundsNeverExceedCaptures"
    static let watches: [WorldEvent.Kind] = [.captured, .refundAttempted, .refunded, .paymentRetired]

    private struct Shadow {
        var captured: Int64 = 0
        var refunded: Int64 = 0
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .captured(let payment, _, let amount):
            payments.update(payment) { $0.captured += amount }
        case .refundAttempted(let payment, let amount):
            let shadow = payments[payment]
            let refunded = shadow.refunded + amount
            checks.expect(refunded <= shadow.captured, about: payment,
                          "a refund would make \(refunded) refunded of \(shadow.captured) captured")
        case .refunded(let payment, let amount):
            payments.update(payment) { $0.refunded += amount }
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
