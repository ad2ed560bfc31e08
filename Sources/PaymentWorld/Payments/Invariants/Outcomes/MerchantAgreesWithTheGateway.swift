/// RES-4: the merchant's final order status equals the gateway's: the merchant learns how the
/// payment ended, never guesses it.
final class MerchantAgreesWithTheGateway: SafetyMonitor {
    static let invariant = "RES-4"
    static let claim = "MerchantAgreesWithTheGateway"
    static let watches: [WorldEvent.Kind] = [.paymentFinal, .merchantOrderFinal, .paymentRetired]

    /// The gateway's final status per order: 0 none yet, 1 failed, 2 succeeded.
    @exclusivity(unchecked) private var gateway = LifecycleShadows<LifecycleID, UInt8>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentFinal(_, let order, let succeeded):
            gateway.update(order) { if $0 == 0 { $0 = succeeded ? 2 : 1 } }
        case .merchantOrderFinal(let order, let succeeded):
            let known = gateway[order]
            checks.expect(known == 0 || (known == 2) == succeeded, about: order,
                          "the merchant has the order \(succeeded ? "paid" : "not paid"), the gateway \(known == 2 ? "paid" : "not paid")")
        case .paymentRetired(_, let order):
            gateway.forget(order)
        default:
            break
        }
    }
}
