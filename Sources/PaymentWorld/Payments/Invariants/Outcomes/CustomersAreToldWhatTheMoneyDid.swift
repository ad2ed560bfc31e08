/// RES-5: once an order is settled, what the customer was told agrees with the money: a customer
/// told "paid" was charged exactly the order's amount, one told "failed", "declined" or "timed out"
/// was not charged at all, and keeps no hold. The money is summed over every payment the gateway
/// made for the order, and judged when both are known: the app's last answer, and the gateway's
/// last word on each of the order's payments (its retirement, when nothing more can happen to it).
///
/// Until the claims audit it judged the order's last payment alone, and "paid" as "charged > 0": a
/// merchant that, its call timed out, paid the order again under a new key, told the customer the
/// second payment's decline while the first was captured, and passed.
final class CustomersAreToldWhatTheMoneyDid: SafetyMonitor {
    static let invariant = "RES-5"
    static let claim = "CustomersAreToldWhatTheMoneyDid"
    static let watches: [WorldEvent.Kind] = [.paymentCreated, .captured, .holdPlaced, .holdReleased, .lifecycleEnded,
                                             .paymentRetired]

    /// What is known of a payment. The order's first payment (its lead) keeps the order's sums,
    /// which outlive the app's lifecycle; every other payment names its lead. A lead that retires
    /// before the order's newest payment hands the sums to it (exact for two payments an order; a
    /// third one's money would reach a lead gone).
    private struct Payment: BitwiseCopyable {
        var order = LifecycleID.none
        var lead = PaymentID(rawValue: 0)
        // The order's, on its lead.
        var amount: Int64 = 0
        var charged: Int64 = 0
        var held: Int64 = 0
        var newest = PaymentID(rawValue: 0)
        /// The order's payments not retired yet.
        var open: Int32 = 0
        var payments: Int32 = 0
        /// `PaymentOutcome.rawValue + 1`, or 0 while the customer has not been told.
        var told: UInt8 = 0
    }

    private let world: MonitoredWorld
    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Payment>(fresh: Payment())
    /// The lead payment of each order, while the app's lifecycle lasts.
    @exclusivity(unchecked) private var orders = LifecycleShadows<LifecycleID, PaymentID>(fresh: PaymentID(rawValue: 0))

    init(_ world: MonitoredWorld) { self.world = world }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentCreated(let payment, let order, _):
            let known = orders[order]
            let lead = known.rawValue != 0 ? known : payment
            if known.rawValue == 0 {
                orders.update(order) { $0 = payment }
                let amount = world.bodies[order].amount
                payments.update(payment) { $0 = Payment(order: order, lead: payment, amount: amount) }
            } else {
                payments.update(payment) { $0 = Payment(order: order, lead: lead) }
            }
            payments.update(lead) { shadow in
                shadow.open += 1
                shadow.payments += 1
                shadow.newest = payment
            }
        case .captured(let payment, _, let amount):
            sum(payment) { $0.charged += amount; $0.held -= amount }
        case .holdPlaced(let payment, _, let amount, _, _, _):
            sum(payment) { $0.held += amount }
        case .holdReleased(let payment, _, let amount):
            sum(payment) { $0.held -= amount }
        case .lifecycleEnded(let order, _, let told):
            let lead = orders[order]
            guard lead.rawValue != 0 else { return }  // No card core: nothing was charged or held.
            orders.forget(order)
            let known = payments.update(lead) { shadow -> Payment in
                shadow.told = UInt8(told.rawValue) + 1
                return shadow
            }
            if known.open == 0 { judge(lead, known, &checks) }
        case .paymentRetired(let payment, let order):
            let lead = payments[payment].lead
            guard lead.rawValue != 0 else { return }
            if lead != payment { payments.forget(payment) }
            var known = payments.update(lead) { shadow -> Payment in
                shadow.open -= 1
                return shadow
            }
            if lead == payment && known.open > 0 {
                // The lead goes first: its sums move to the order's newest payment, which names itself.
                let newest = known.newest
                payments.forget(lead)
                known.lead = newest
                payments.update(newest) { $0 = known }
                if orders[order] == lead { orders.update(order) { $0 = newest } }
                return
            }
            if known.open == 0 && known.told != 0 { judge(lead, known, &checks) }
        default:
            break
        }
    }

    /// Adds to the sums of `payment`'s order, kept by its lead.
    private func sum(_ payment: PaymentID, _ change: (inout Payment) -> Void) {
        let lead = payments[payment].lead
        guard lead.rawValue != 0 else { return }
        payments.update(lead, change)
    }

    private func judge(_ lead: PaymentID, _ known: Payment, _ checks: inout InvariantChecks) {
        payments.forget(lead)
        guard let told = PaymentOutcome(rawValue: UInt64(known.told) - 1) else { return }
        let agrees = told.isSuccess ? known.charged == known.amount : known.charged == 0 && known.held == 0
        // The words only when the claim fails: made for every judged order, they cost as much as the check.
        checks.expect(agrees, about: known.order,
                      "told \(told) of an order of \(known.amount): "
                          + (known.payments == 1 ? "its payment \(lead)" : "its \(known.payments) payments")
                          + " charged \(known.charged), holding \(known.held)")
    }
}
