/// MERCH-1 [A]: the merchant acts once on each callback. Callbacks arrive at least once (domain
/// §3.1: the platform's server-to-server callback, retried until acknowledged), so a merchant
/// dedupes them: its books take each order's final status once, whatever copies come after. A
/// second final status is a second shipment or a second "paid" e-mail, even when the gateway,
/// applying each capture number once, keeps the money right (G-4 sees only money).
final class MerchantActsOnceOnEachCallback: SafetyMonitor {
    static let invariant = "MERCH-1"
    static let claim = "MerchantActsOnceOnEachCallback"
    static let watches: [WorldEvent.Kind] = [.merchantOrderFinal, .paymentRetired]

    /// Whether the merchant's books already hold the order's final status.
    @exclusivity(unchecked) private var booked = LifecycleShadows<LifecycleID, Bool>(fresh: false)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .merchantOrderFinal(let order, let succeeded):
            checks.expect(!booked[order], about: order,
                          "the merchant booked the order \(succeeded ? "paid" : "not paid") a second time, on a repeated callback")
            booked.update(order) { $0 = true }
        case .paymentRetired(_, let order):
            booked.forget(order)
        default:
            break
        }
    }
}
