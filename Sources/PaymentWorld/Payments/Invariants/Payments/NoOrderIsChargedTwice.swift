/// G-4: an order succeeds at most once, however many gateway payments its retries made: the
/// idempotency key makes a retry the same payment.
final class NoOrderIsChargedTwice: SafetyMonitor {
    static let invariant = "G-4"
    static let claim = "NoOrderIsChargedTwice"
    static let watches: [WorldEvent.Kind] = [.paymentFinal, .paymentRetired]

    /// Successes per order (the device's lifecycle).
    private var orders = LifecycleShadows<LifecycleID, Int>(fresh: 0)
    /// Payments already counted: a payment that goes final twice is G-5's to report, not a second success.
    private var counted = LifecycleShadows<PaymentID, Bool>(fresh: false)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentFinal(let payment, let order, let succeeded):
            guard !counted[payment] else { return }
            counted.update(payment) { $0 = true }
            let count = orders.update(order) { successes in
                if succeeded { successes += 1 }
                return successes
            }
            checks.expect(count <= 1, about: payment, "order \(order) succeeded \(count) times")
        case .paymentRetired(let payment, let order):
            orders.forget(order)
            counted.forget(payment)
        default:
            break
        }
    }
}
