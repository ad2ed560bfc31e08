/// RES-5: once a payment is settled, what the customer was told agrees with the money: a customer
/// told "paid" was charged, one told "failed", "declined" or "timed out" was not, and keeps no
/// hold. Checked when both are known: the app's last answer and the gateway's last word on the
/// payment (its retirement, when nothing more can happen to it).
final class CustomersAreToldWhatTheMoneyDid: SafetyMonitor {
    static let invariant = "RES-5"
    static let claim = "CustomersAreToldWhatTheMoneyDid"
    static let watches: [WorldEvent.Kind] = [.paymentCreated, .captured, .holdPlaced, .holdReleased, .lifecycleEnded,
                                             .paymentRetired]

    /// What is known of a payment: kept by the gateway's payment, which outlives the app's lifecycle.
    private struct Payment: BitwiseCopyable {
        var order = LifecycleID.none
        var charged: Int64 = 0
        var held: Int64 = 0
        /// `PaymentOutcome.rawValue + 1`, or 0 while the customer has not been told.
        var told: UInt8 = 0
        var settled = false
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Payment>(fresh: Payment())
    /// The payment each order made last, while the app's lifecycle lasts.
    @exclusivity(unchecked) private var orders = LifecycleShadows<LifecycleID, PaymentID>(fresh: PaymentID(rawValue: 0))

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentCreated(let payment, let order, _):
            payments.update(payment) { $0.order = order }
            orders.update(order) { $0 = payment }
        case .captured(let payment, _, let amount):
            payments.update(payment) { $0.charged += amount; $0.held -= amount }
        case .holdPlaced(let payment, _, let amount, _, _, _):
            payments.update(payment) { $0.held += amount }
        case .holdReleased(let payment, _, let amount):
            payments.update(payment) { $0.held -= amount }
        case .lifecycleEnded(let order, _, let told):
            let payment = orders[order]
            guard payment.rawValue != 0 else { return }  // No card core: nothing was charged or held.
            orders.forget(order)
            let known = payments.update(payment) { shadow -> Payment in
                shadow.told = UInt8(told.rawValue) + 1
                return shadow
            }
            if known.settled {
                payments.forget(payment)
                check(payment, known, &checks)
            }
        case .paymentRetired(let payment, _):
            let known = payments.update(payment) { shadow -> Payment in
                shadow.settled = true
                return shadow
            }
            if known.told != 0 {
                payments.forget(payment)
                check(payment, known, &checks)
            }
        default:
            break
        }
    }

    private func check(_ payment: PaymentID, _ known: Payment, _ checks: inout InvariantChecks) {
        guard let told = PaymentOutcome(rawValue: UInt64(known.told) - 1) else { return }
        let agrees = told.isSuccess ? known.charged > 0 : known.charged == 0 && known.held == 0
        checks.expect(agrees, about: known.order,
                      "told \(told) about \(payment): charged \(known.charged), holding \(known.held)")
    }
}
