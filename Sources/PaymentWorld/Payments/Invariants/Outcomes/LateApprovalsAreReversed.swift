/// SALE-4: a late or duplicate approval changes nothing: one that arrives after its payment went
/// final as not approved, or for an attempt the payment moved on from, is reversed and counted as
/// `lateApprovalsReversed`, never kept.
final class LateApprovalsAreReversed: SafetyMonitor {
    static let invariant = "SALE-4"
    static let claim = "LateApprovalsAreReversed"
    static let watches: [WorldEvent.Kind] = [.authorizationSent, .authorizationAnswered, .paymentFinal, .lateApprovalReversed,
                                             .paymentRetired, .paymentStatusAtEnd]

    /// The flag last, so the claims' generation fits after it: 24 bytes an entry, not 32.
    private struct Shadow {
        var latestAttempt = 0
        /// Approvals the payment will not use, not yet reversed: a bit per attempt.
        var unreversed: UInt64 = 0
        var failed = false
    }

    private static let tracked = 64
    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authorizationSent(let attempt, _, _, _, _, _):
            payments.update(attempt.payment) { $0.latestAttempt = max($0.latestAttempt, attempt.index) }
        case .paymentFinal(let payment, _, let succeeded):
            if !succeeded { payments.update(payment) { $0.failed = true } }
        case .authorizationAnswered(let attempt, let approved):
            guard approved, attempt.index < Self.tracked else { return }
            payments.update(attempt.payment) { shadow in
                if shadow.failed || attempt.index < shadow.latestAttempt { shadow.unreversed |= 1 << UInt64(attempt.index) }
            }
        case .lateApprovalReversed(let attempt):
            guard attempt.index < Self.tracked else { return }
            payments.update(attempt.payment) { $0.unreversed &= ~(1 << UInt64(attempt.index)) }
        case .paymentRetired(let payment, _):
            expectReversed(payment, &checks)
            payments.forget(payment)
        case .paymentStatusAtEnd(let payment, _):
            expectReversed(payment, &checks)
        default:
            break
        }
    }

    private func expectReversed(_ payment: PaymentID, _ checks: inout InvariantChecks) {
        let unreversed = payments[payment].unreversed
        checks.expect(unreversed == 0, about: payment,
                      "an approval of attempt #\(unreversed.trailingZeroBitCount + 1) the payment did not use was never reversed")
    }
}
