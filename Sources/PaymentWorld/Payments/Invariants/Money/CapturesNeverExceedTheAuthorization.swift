/// AUTH-1: what a payment captures never exceeds what it was authorized for; checked before the
/// money moves, so the capture that would break it is the one named.
final class CapturesNeverExceedTheAuthorization: SafetyMonitor {
    static let invariant = "AUTH-1"
    static let claim = "CapturesNeverExceedTheAuthorization"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .captureAttempted, .captured, .paymentRetired]

    private struct Shadow {
        var authorized: Int64 = 0
        var captured: Int64 = 0
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .holdPlaced(let payment, _, let amount, _, _, _):
            payments.update(payment) { $0.authorized += amount }
        case .captureAttempted(let payment, let amount):
            let shadow = payments[payment]
            let captured = shadow.captured + amount
            checks.expect(captured <= shadow.authorized, about: payment,
                          "a capture would make \(captured) captured of an authorization for \(shadow.authorized)")
        case .captured(let payment, _, let amount):
            payments.update(payment) { $0.captured += amount }
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
