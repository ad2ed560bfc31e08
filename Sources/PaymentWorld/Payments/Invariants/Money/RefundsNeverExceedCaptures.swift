/// AUTH-3: what a payment refunds never exceeds what it captured, counting the refunds in flight;
/// checked when a refund goes out and again before its money moves.
final class RefundsNeverExceedCaptures: SafetyMonitor {
    static let invariant = "AUTH-3"
    static let claim = "RefundsNeverExceedCaptures"
    static let watches: [WorldEvent.Kind] = [.captured, .refundRequested, .refundAttempted, .refunded, .refundNotMade,
                                             .paymentRetired]

    private struct Shadow {
        var captured: Int64 = 0
        var refunded: Int64 = 0
        /// Sent to the acquirer and not ended yet.
        var inFlight: Int64 = 0
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
        case .refundRequested(let payment, let amount):
            let shadow = payments.update(payment) { shadow in
                defer { shadow.inFlight += amount }
                return shadow
            }
            let promised = shadow.refunded + shadow.inFlight + amount
            checks.expect(promised <= shadow.captured, about: payment,
                          "a refund of \(amount) sent with \(shadow.refunded) refunded and \(shadow.inFlight) in flight "
                              + "of \(shadow.captured) captured")
        case .refunded(let payment, let amount):
            // A refund applied twice (a planted defect) was never in flight the second time.
            payments.update(payment) { shadow in
                shadow.refunded += amount
                shadow.inFlight = max(0, shadow.inFlight - amount)
            }
        case .refundNotMade(let payment, let amount):
            payments.update(payment) { $0.inFlight = max(0, $0.inFlight - amount) }
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
