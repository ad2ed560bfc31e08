/// CAS-3: a cascade tries each provider at most once per payment, in routing order: attempt i
/// goes to provider i, so the attempts of a payment start as 1, 2, 3 … with none repeated or skipped.
final class CascadeTriesEachProviderOnceInOrder: SafetyMonitor {
    static let invariant = "CAS-3"
    static let claim = "CascadeTriesEachProviderOnceInOrder"
    static let watches: [WorldEvent.Kind] = [.cascadeAttemptStarted, .paymentRetired]

    /// The attempt the payment's next start must be.
    @exclusivity(unchecked) private var next = LifecycleShadows<PaymentID, Int32>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .cascadeAttemptStarted(let attempt, _, _):
            let expected = Int(next[attempt.payment])
            checks.expect(attempt.index == expected, about: attempt.payment,
                          "attempt #\(attempt.index + 1) started where routing order called for attempt #\(expected + 1)")
            next.update(attempt.payment) { $0 = max($0, Int32(attempt.index + 1)) }
        case .paymentRetired(let payment, _):
            next.forget(payment)
        default:
            break
        }
    }
}
