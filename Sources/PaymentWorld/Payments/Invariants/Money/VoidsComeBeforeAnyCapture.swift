/// AUTH-2: an authorization is voided (or expires) only while nothing of it was captured, and
/// nothing follows its closing: no capture, no refund, no second close.
final class VoidsComeBeforeAnyCapture: SafetyMonitor {
    static let invariant = "AUTH-2"
    static let claim = "VoidsComeBeforeAnyCapture"
    static let watches: [WorldEvent.Kind] = [.captureAttempted, .captured, .refundAttempted, .authorizationClosed,
                                             .paymentRetired]

    private let money: SharedMoney

    init(_ world: MonitoredWorld) { money = world.shared.money }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = money.follow(event, checks)
        guard let shadow = before else { return }
        switch event {
        case .authorizationClosed(let payment, let expired):
            let how = expired ? "expired" : "voided"
            checks.expect(shadow.captured == 0 && !shadow.closed, about: payment,
                          shadow.closed ? "\(how) after it was already closed" : "\(how) after \(shadow.captured) was captured")
        case .captureAttempted(let payment, let amount):
            checks.expect(!shadow.closed, about: payment, "a capture of \(amount) after the authorization closed")
        case .refundAttempted(let payment, let amount):
            guard shadow.closed else { return }
            checks.expect(false, about: payment, "a refund of \(amount) after the authorization closed")
        default:
            break
        }
    }
}
