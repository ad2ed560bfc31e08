/// STRIPE-1 [docs.stripe.com/api/idempotent_requests]: a request repeated under the same
/// `Idempotency-Key` gets the first request's saved result, never a new PaymentIntent. So each
/// key names one intent however often the merchant retries, however late a copy arrives, and
/// after the first intent has ended: a second one is a second charge waiting to happen, even when
/// no money moved twice yet (G-4 sees only money). Keys the merchant itself changed between tries
/// are the merchant's bug, not Stripe's, and are left to G-4. Checked on every intent a Stripe
/// flow creates.
final class OneIntentPerIdempotencyKey: SafetyMonitor {
    static let invariant = "STRIPE-1"
    static let claim = "OneIntentPerIdempotencyKey"
    static let watches: [WorldEvent.Kind] = [.paymentCreated]

    /// Per order: the last idempotency key an intent was created under, and whether there was one.
    private struct Created: BitwiseCopyable {
        var key: UInt64 = 0
        var any = false
    }

    private let bodies: RequestBodies
    @exclusivity(unchecked) private var created = LifecycleShadows<LifecycleID, Created>(fresh: Created())

    init(_ world: MonitoredWorld) { bodies = world.bodies }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .paymentCreated(let payment, let order, let key) = event, bodies[order].flow.system == .stripe
        else { return }
        let again = created[order]
        checks.expect(!(again.any && again.key == key), about: order,
                      "a second PaymentIntent \(payment) was created under the idempotency key of an earlier one")
        // Kept past the intent's retirement: a copy arriving later must still find the first intent.
        created.update(order) { $0 = Created(key: key, any: true) }
    }
}
