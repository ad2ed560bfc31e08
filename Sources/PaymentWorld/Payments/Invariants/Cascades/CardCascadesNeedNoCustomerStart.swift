/// CAS-8: a card cascade that needs no 3-D Secure is started by the platform on its own: the
/// reroute is invisible, no consent is asked of the customer for it. (Alternative payment methods,
/// which need the customer to start each attempt, are not simulated.)
final class CardCascadesNeedNoCustomerStart: SafetyMonitor {
    static let invariant = "CAS-8"
    static let claim = "CardCascadesNeedNoCustomerStart"
    static let watches: [WorldEvent.Kind] = [.cascadeConsentAsked, .cascadeAttemptStarted, .paymentRetired]

    /// The customer was asked since the payment's latest attempt started.
    @exclusivity(unchecked) private var asked = LifecycleShadows<PaymentID, Bool>(fresh: false)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .cascadeConsentAsked(let attempt):
            asked.update(attempt.payment) { $0 = true }
        case .cascadeAttemptStarted(let attempt, _, let needs3DS):
            if !needs3DS && attempt.index > 0 {
                checks.expect(!asked[attempt.payment], about: attempt.payment,
                              "attempt #\(attempt.index + 1) needs no 3-D Secure but waited for the customer to start it")
            }
            asked.update(attempt.payment) { $0 = false }
        case .paymentRetired(let payment, _):
            asked.forget(payment)
        default:
            break
        }
    }
}
