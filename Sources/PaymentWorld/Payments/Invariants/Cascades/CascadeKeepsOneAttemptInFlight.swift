/// CAS-1: at most one provider attempt of a payment is in flight: an authorization is sent only
/// when no other attempt of its payment still waits for an answer or for LC-12 to settle it.
/// G-11 asks that the previous attempt be known not approved; this claim watches the wire.
final class CascadeKeepsOneAttemptInFlight: SafetyMonitor {
    static let invariant = "CAS-1"
    static let claim = "CascadeKeepsOneAttemptInFlight"
    static let watches: [WorldEvent.Kind] = [.authorizationSent, .authorizationAnswered, .outcomeResolved, .paymentRetired]

    /// The attempt in flight, or -1.
    @exclusivity(unchecked) private var inFlight = LifecycleShadows<PaymentID, Int32>(fresh: -1)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authorizationSent(let attempt, _, _, _, _, _):
            let other = Int(inFlight[attempt.payment])
            checks.expect(other < 0 || other == attempt.index, about: attempt.payment,
                          "attempt #\(attempt.index + 1) sent while attempt #\(other + 1) was still in flight")
            inFlight.update(attempt.payment) { $0 = Int32(attempt.index) }
        case .authorizationAnswered(let attempt, _):
            // A late or duplicate answer of an earlier attempt leaves the current one in flight.
            if Int(inFlight[attempt.payment]) == attempt.index { inFlight.update(attempt.payment) { $0 = -1 } }
        case .outcomeResolved(let payment, _):
            inFlight.update(payment) { $0 = -1 }  // LC-12 settled the attempt in flight.
        case .paymentRetired(let payment, _):
            inFlight.forget(payment)
        default:
            break
        }
    }
}
