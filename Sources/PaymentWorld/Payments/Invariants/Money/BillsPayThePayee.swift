/// SALE-3 (domain.md §2.4, Portmone): a bill or top-up that is paid debits the customer exactly
/// the bill plus the commission quoted for it (P4 getCommission), and its payee receives exactly
/// the bill: what the ledger says each payee was paid equals the bills captured for it.
final class BillsPayThePayee: SafetyMonitor {
    static let invariant = "SALE-3"
    static let claim = "BillsPayThePayee"
    static let watches: [WorldEvent.Kind] = [.captured]

    private let world: MonitoredWorld
    /// Bills captured per payee, by payee number.
    private var billsByPayee = [Int64](repeating: 0, count: WorldLedger.payees)

    init(_ world: MonitoredWorld) { self.world = world }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .captured(let payment, _, let amount) = event else { return }
        let facts = world.bodies[payment]
        let order = world.bodies[facts.order]
        guard order.paysPayee else { return }
        checks.expect(amount == order.amount, about: payment,
                      "captured \(amount) of a bill of \(order.bill) with a commission of \(order.commission)")
        let number = world.ledger.payeeNumber(for: facts.merchant)
        billsByPayee[number] += order.bill
        let paid = world.ledger.paid(world.ledger.payee(for: facts.merchant))
        checks.expect(paid == billsByPayee[number], about: payment,
                      "payee#\(number) was paid \(paid) in the ledger, \(billsByPayee[number]) by the bills captured for it")
    }
}
