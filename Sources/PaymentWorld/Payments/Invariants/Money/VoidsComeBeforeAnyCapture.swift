/// AUTH-2: an authorization is voided (or expires) only while nothing of it was captured, and
/// nothing follows its closing: no capture, no refund, no second close.
final class VoidsComeBeforeAnyCapture: SafetyMonitor {
    static let invariant = "AUTH-2"
    static let claim = "VoidsComeBeforeAnyCapture"
    static let watches: [WorldEvent.Kind] = [.captureAttempted, .captured, .refundAttempted, .authorizationClosed,
                                             .paymentRetired]

    private struct Shadow {
        var captured: Int64 = 0
        var closed = false
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authorizationClosed(let payment, let expired):
            let shadow = payments[payment]
            let how = expired ? "expired" : "voided"
            checks.expect(shadow.captured == 0 && !shadow.closed, about: payment,
                          shadow.closed ? "\(how) after it was already closed" : "\(how) after \(shadow.captured) was captured")
            payments.update(payment) { $0.closed = true }
        case .captureAttempted(let payment, let amount):
            checks.expect(!payments[payment].closed, about: payment, "a capture of \(amount) after the authorization closed")
        case .refundAttempted(let payment, let amount):
            guard payments[payment].closed else { return }
            checks.expect(false, about: payment, "a refund of \(amount) after the authorization closed")
        case .captured(let payment, _, let amount):
            payments.update(payment) { $0.captured += amount }
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
