/// CAS-5: no cascade after an approval or a hard (non-cascadable) decline: once an attempt of a
/// payment ended so, no further attempt starts.
final class CascadeStopsAfterApprovalOrHardDecline: SafetyMonitor {
    static let invariant = "CAS-5"
    static let claim = "CascadeStopsAfterApprovalOrHardDecline"
    static let watches: [WorldEvent.Kind] = [.cascadeAttemptEnded, .cascadeAttemptStarted, .paymentRetired]

    /// The attempt that ended the cascade (approved or hard declined), or -1.
    @exclusivity(unchecked) private var stoppedAt = LifecycleShadows<PaymentID, Int32>(fresh: -1)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .cascadeAttemptEnded(let attempt, let approved, let cascadable):
            if approved || !cascadable, stoppedAt[attempt.payment] < 0 {
                stoppedAt.update(attempt.payment) { $0 = Int32(attempt.index) }
            }
        case .cascadeAttemptStarted(let attempt, _, _):
            let stopped = stoppedAt[attempt.payment]
            checks.expect(stopped < 0, about: attempt.payment,
                          "attempt #\(attempt.index + 1) started after attempt #\(stopped + 1) was approved or hard declined")
        case .paymentRetired(let payment, _):
            stoppedAt.forget(payment)
        default:
            break
        }
    }
}
