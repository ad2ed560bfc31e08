/// SALE-3 (domain.md §2.4): a succeeded sale debits the customer exactly its amount, once: what a
/// sale's capture takes is the order's amount, whatever the payment the gateway made of it says
/// (a Portmone bill's amount is the bill plus the commission quoted for it, P4 getCommission). A
/// Portmone bill's payee receives exactly the bill: what the ledger says each payee was paid
/// equals the bills captured for it. An authorization may be captured in parts (AUTH-1 bounds it).
///
/// It checked Portmone bills alone until the claims audit: a gateway that made a sale's payment
/// for the wrong amount passed every money claim, since the hold and the capture agreed.
final class SalesDebitTheirAmount: SafetyMonitor {
    static let invariant = "SALE-3"
    static let claim = "SalesDebitTheirAmount"
    static let watches: [WorldEvent.Kind] = [.paymentCreated, .captured, .paymentRetired]

    private let world: MonitoredWorld
    /// Bills captured per payee, by payee number.
    private var billsByPayee = [Int64](repeating: 0, count: WorldLedger.payees)
    /// Each sale's order amount, read when its payment is made: the order's slot may hold the next
    /// lifecycle's order by its capture (a payment that outlives its lifecycle). -1: not a sale.
    @exclusivity(unchecked) private var saleAmounts = LifecycleShadows<PaymentID, Int64>(fresh: -1)

    init(_ world: MonitoredWorld) { self.world = world }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentCreated(let payment, let order, _):
            let facts = world.bodies[order]
            if facts.flow.core == .sale { saleAmounts.update(payment) { $0 = facts.amount } }
        case .captured(let payment, _, let amount):
            captured(payment, amount, &checks)
        case .paymentRetired(let payment, _):
            saleAmounts.forget(payment)
        default:
            break
        }
    }

    private func captured(_ payment: PaymentID, _ amount: Int64, _ checks: inout InvariantChecks) {
        let sale = saleAmounts[payment]
        guard sale >= 0 else { return }
        let facts = world.bodies[payment]
        let order = world.bodies[facts.order]
        guard order.paysPayee else {
            return checks.expect(amount == sale, about: payment, "captured \(amount) for a sale of \(sale)")
        }
        checks.expect(amount == sale, about: payment,
                      "captured \(amount) of a bill of \(order.bill) with a commission of \(order.commission)")
        let number = world.ledger.payeeNumber(for: facts.merchant)
        billsByPayee[number] += order.bill
        let paid = world.ledger.paid(world.ledger.payee(for: facts.merchant))
        checks.expect(paid == billsByPayee[number], about: payment,
                      "payee#\(number) was paid \(paid) in the ledger, \(billsByPayee[number]) by the bills captured for it")
    }
}
