/// G-4: an order succeeds at most once, however many gateway payments its retries made: the
/// idempotency key makes a retry the same payment.
final class NoOrderIsChargedTwice: SafetyMonitor {
    static let invariant = "G-4"
    static let claim = "NoOrderIsChargedTwice"
    static let watches: [WorldEvent.Kind] = [.paymentFinal, .paymentRetired]

    /// Successes per order (the device's lifecycle). A payment goes final once (G-5 watches that),
    /// so each success is one payment's.
    @exclusivity(unchecked) private var orders = LifecycleShadows<LifecycleID, Int>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentFinal(let payment, let order, let succeeded):
            let count = orders.update(order) { successes in
                if succeeded { successes += 1 }
                return successes
            }
            checks.expect(count <= 1, about: payment, "order \(order) succeeded \(count) times")
        case .paymentRetired(_, let order):
            orders.forget(order)
        default:
            break
        }
    }
}
