/// CAS-7: a cascade to a provider that needs 3-D Secure starts only after the customer consented
/// to it (ecommpay `onThreeDSecure(isCascading: true)`): a consent given since the previous attempt
/// started. A refusal or a consent timer that ran out ends the cascade instead.
final class ThreeDSCascadeWaitsForConsent: SafetyMonitor {
    static let invariant = "CAS-7"
    static let claim = "ThreeDSCascadeWaitsForConsent"
    static let watches: [WorldEvent.Kind] = [.cascadeConsentAnswered, .cascadeAttemptStarted, .paymentRetired]

    /// The customer consented since the payment's latest attempt started.
    @exclusivity(unchecked) private var consented = LifecycleShadows<PaymentID, Bool>(fresh: false)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .cascadeConsentAnswered(let payment, let given, _):
            consented.update(payment) { $0 = given }
        case .cascadeAttemptStarted(let attempt, _, let needs3DS):
            if needs3DS && attempt.index > 0 {
                checks.expect(consented[attempt.payment], about: attempt.payment,
                              "attempt #\(attempt.index + 1) needs 3-D Secure and started without the customer's consent")
            }
            consented.update(attempt.payment) { $0 = false }  // A consent is good for one attempt.
        case .paymentRetired(let payment, _):
            consented.forget(payment)
        default:
            break
        }
    }
}
