/// G-11: a cascade's next attempt starts only once the previous one is known not to be approved
/// (declined, or settled as not approved by LC-12), so two attempts never race to approve.
final class CascadeAttemptsRunOneAtATime: SafetyMonitor {
    static let invariant = "G-11"
    static let claim = "CascadeAttemptsRunOneAtATime"
    static let watches: [WorldEvent.Kind] = [.authorizationSent, .authorizationAnswered, .outcomeResolved, .paymentRetired]

    private struct Shadow {
        var sent = 0
        /// Attempts known not to be approved, a bit per attempt.
        var notApproved: UInt64 = 0
    }

    /// Attempts past the 64 the mask tracks are not checked; a payment makes two at most.
    private static let tracked = 64
    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authorizationSent(let attempt, _, _, _, _, _):
            let shadow = payments.update(attempt.payment) { shadow in
                shadow.sent = max(shadow.sent, attempt.index + 1)
                return shadow
            }
            guard attempt.index > 0 else { return }
            let previous = attempt.index - 1
            let settled = attempt.index > Self.tracked || shadow.notApproved & 1 << UInt64(previous) != 0
            checks.expect(settled, about: attempt.payment,
                          "attempt #\(attempt.index + 1) sent before attempt #\(attempt.index) was known not approved")
        case .authorizationAnswered(let attempt, let approved):
            if !approved { markNotApproved(attempt.payment, attempt.index) }
        case .outcomeResolved(let payment, let approved):
            // LC-12 settles the attempt sent last.
            if !approved { markNotApproved(payment, payments[payment].sent - 1) }
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }

    private func markNotApproved(_ payment: PaymentID, _ index: Int) {
        guard index >= 0 && index < Self.tracked else { return }
        payments.update(payment) { $0.notApproved |= 1 << UInt64(index) }
    }
}
