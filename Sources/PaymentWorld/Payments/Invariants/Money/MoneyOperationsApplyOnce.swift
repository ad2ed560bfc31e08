/// AUTH-6: capture, void and refund are idempotent per operation: a copy of the merchant's
/// request (retried after a lost answer, or duplicated by the network) has no second effect.
final class MoneyOperationsApplyOnce: SafetyMonitor {
    static let invariant = "AUTH-6"
    static let claim = "MoneyOperationsApplyOnce"
    static let watches: [WorldEvent.Kind] = [.moneyOperationApplied, .authorizationClosed, .paymentRetired]

    /// The operations applied, a bit per number and kind: captures in the low half, refunds in the
    /// high half, and the void (or expiry) as capture number 0.
    @exclusivity(unchecked) private var applied = LifecycleShadows<PaymentID, UInt64>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .moneyOperationApplied(let payment, let operation, let number):
            guard number >= 0 && number < 32 else { return }
            let bit: UInt64 = 1 << UInt64(number + (operation == .refund ? 32 : 0))
            expectFirst(payment, bit, "\(operation) #\(number) applied a second time", &checks)
        case .authorizationClosed(let payment, _):
            expectFirst(payment, 1, "voided a second time", &checks)
        case .paymentRetired(let payment, _):
            applied.forget(payment)
        default:
            break
        }
    }

    private func expectFirst(_ payment: PaymentID, _ bit: UInt64, _ detail: @autoclosure () -> String,
                             _ checks: inout InvariantChecks) {
        let before = applied.update(payment) { mask in
            defer { mask |= bit }
            return mask
        }
        checks.expect(before & bit == 0, about: payment, detail())
    }
}
