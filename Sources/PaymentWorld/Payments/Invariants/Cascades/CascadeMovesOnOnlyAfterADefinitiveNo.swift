/// CAS-4: attempt i+1 starts only after attempt i is definitively not approved (declined, or timed
/// out and then settled as not approved by LC-12), which is what keeps a cascade from charging twice.
final class CascadeMovesOnOnlyAfterADefinitiveNo: SafetyMonitor {
    static let invariant = "CAS-4"
    static let claim = "CascadeMovesOnOnlyAfterADefinitiveNo"
    static let watches: [WorldEvent.Kind] = [.cascadeAttemptEnded, .cascadeAttemptStarted, .paymentRetired]

    /// The latest attempt LC-08 took as not approved, or -1.
    @exclusivity(unchecked) private var lastNo = LifecycleShadows<PaymentID, Int32>(fresh: -1)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .cascadeAttemptEnded(let attempt, let approved, _):
            if !approved { lastNo.update(attempt.payment) { $0 = Int32(attempt.index) } }
        case .cascadeAttemptStarted(let attempt, _, _):
            guard attempt.index > 0 else { return }
            checks.expect(Int(lastNo[attempt.payment]) == attempt.index - 1, about: attempt.payment,
                          "attempt #\(attempt.index + 1) started before attempt #\(attempt.index) was definitively not approved")
        case .paymentRetired(let payment, _):
            lastNo.forget(payment)
        default:
            break
        }
    }
}
