/// VER-2: capture, void and refund on a verification are illegal, so none is attempted: checked on
/// every capture, refund and release while the verification's record lives, and once when it ends
/// and when it is forgotten.
final class NothingFollowsAVerification: SafetyMonitor {
    static let invariant = "VER-2"
    static let claim = "NothingFollowsAVerification"
    static let watches: [WorldEvent.Kind] = [.verificationStarted, .captureAttempted, .refundAttempted, .holdReleased,
                                             .verificationEnded, .paymentRetired]

    private struct Shadow {
        var isVerification = false
        var followed = false
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .verificationStarted(let payment, _, _):
            payments.update(payment) { $0.isVerification = true }
        case .captureAttempted(let payment, _):
            followedUp(payment, "a capture", &checks)
        case .refundAttempted(let payment, _):
            followedUp(payment, "a refund", &checks)
        case .holdReleased(let payment, _, _):
            followedUp(payment, "a void or release", &checks)  // A void shows as the hold's release.
        case .verificationEnded(let payment, _, _):
            checks.expect(!payments[payment].followed, about: payment, "a capture, void or refund on a verification")
        case .paymentRetired(let payment, _):
            let shadow = payments[payment]
            if shadow.isVerification {
                checks.expect(!shadow.followed, about: payment, "a capture, void or refund on a verification")
            }
            payments.forget(payment)
        default:
            break
        }
    }

    private func followedUp(_ payment: PaymentID, _ what: String, _ checks: inout InvariantChecks) {
        guard payments[payment].isVerification else { return }
        payments.update(payment) { $0.followed = true }
        checks.expect(false, about: payment, "\(what) attempted on a zero-amount verification")
    }
}
