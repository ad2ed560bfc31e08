/// VER-1: a zero-amount verification makes no posting and places no hold, ever: checked on every
/// hold and posting while the verification's record lives, and once when it ends.
final class VerificationsMoveNoMoney: SafetyMonitor {
    static let invariant = "VER-1"
    static let claim = "VerificationsMoveNoMoney"
    static let watches: [WorldEvent.Kind] = [.verificationStarted, .holdPlaced, .transfersPosted, .verificationEnded,
                                             .paymentRetired]

    private struct Shadow {
        var isVerification = false
        var movedMoney = false
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .verificationStarted(let payment, _, _):
            payments.update(payment) { $0.isVerification = true }
        case .holdPlaced(let payment, let card, let amount, _, _, _):
            guard payments[payment].isVerification else { return }
            payments.update(payment) { $0.movedMoney = true }
            checks.expect(false, about: payment, "a hold of \(amount) on \(card) for a zero-amount verification")
        case .transfersPosted(.payment(let payment)):
            guard payments[payment].isVerification else { return }
            payments.update(payment) { $0.movedMoney = true }
            checks.expect(false, about: payment, "the ledger posted transfers for a zero-amount verification")
        case .verificationEnded(let payment, _, _):
            checks.expect(!payments[payment].movedMoney, about: payment, "the verification moved money before it ended")
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
