/// G-4: an order succeeds at most once, however many gateway payments its retries made: the
/// idempotency key makes a retry the same payment. The count outlives the order's payments: a copy
/// of its request that reaches the gateway after the first payment retired is still the same
/// order's, and a second success then is a second charge (the claims audit: it was forgotten at
/// retirement, so a sale charged again after the gateway's retention went unseen).
final class NoOrderIsChargedTwice: SafetyMonitor {
    static let invariant = "G-4"
    static let claim = "NoOrderIsChargedTwice"
    static let watches: [WorldEvent.Kind] = [.paymentFinal]

    /// Successes per order (the device's lifecycle), kept until its slot's next lifecycle replaces
    /// it. A payment goes final once (G-5 watches that), so each success is one payment's.
    @exclusivity(unchecked) private var orders = LifecycleShadows<LifecycleID, Int>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .paymentFinal(let payment, let order, let succeeded) = event else { return }
        let count = orders.update(order) { successes in
            if succeeded { successes += 1 }
            return successes
        }
        checks.expect(count <= 1, about: payment, "order \(order) succeeded \(count) times")
    }
}
