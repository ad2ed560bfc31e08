/// CAS-2: a cascade takes at most one approved attempt per payment, whichever provider gave it.
/// SALE-1 counts the issuer's holds; this claim counts the approvals LC-08 took.
final class CascadeApprovesAtMostOneAttempt: SafetyMonitor {
    static let invariant = "CAS-2"
    static let claim = "CascadeApprovesAtMostOneAttempt"
    static let watches: [WorldEvent.Kind] = [.cascadeAttemptEnded, .paymentRetired]

    /// The attempt LC-08 took as approved, or -1.
    @exclusivity(unchecked) private var approved = LifecycleShadows<PaymentID, Int32>(fresh: -1)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .cascadeAttemptEnded(let attempt, let wasApproved, _):
            guard wasApproved else { return }
            let earlier = approved[attempt.payment]
            checks.expect(earlier < 0, about: attempt.payment,
                          "attempt #\(attempt.index + 1) approved after attempt #\(earlier + 1) was approved")
            approved.update(attempt.payment) { $0 = Int32(attempt.index) }
        case .paymentRetired(let payment, _):
            approved.forget(payment)
        default:
            break
        }
    }
}
