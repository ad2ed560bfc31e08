/// SALE-2: a payment that ended declined or failed has moved no money: nothing captured from its
/// card before it went final, and nothing after. (What it may still hold is RES-2's.)
final class DeclinedPaymentsMoveNoMoney: SafetyMonitor {
    static let invariant = "SALE-2"
    static let claim = "DeclinedPaymentsMoveNoMoney"
    static let watches: [WorldEvent.Kind] = [.captured, .refunded, .paymentFinal, .paymentRetired]

    private struct Shadow {
        /// Captured less refunded.
        var net: Int64 = 0
        var failed = false
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .captured(let payment, _, let amount):
            let failed = payments.update(payment) { shadow in
                shadow.net += amount
                return shadow.failed
            }
            if failed { checks.expect(false, about: payment, "captured \(amount) after the payment ended not succeeded") }
        case .refunded(let payment, let amount):
            payments.update(payment) { $0.net -= amount }
        case .paymentFinal(let payment, _, let succeeded):
            guard !succeeded else { return }
            let net = payments.update(payment) { shadow in
                shadow.failed = true
                return shadow.net
            }
            checks.expect(net == 0, about: payment, "ended not succeeded with \(net) captured from the card")
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
