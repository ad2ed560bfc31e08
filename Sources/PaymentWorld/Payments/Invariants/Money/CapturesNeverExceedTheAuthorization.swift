/// AUTH-1: what a payment captures never exceeds what it was authorized for; checked before the
/// money moves, so the capture that would break it is the one named.
final class CapturesNeverExceedTheAuthorization: SafetyMonitor {
    static let invariant = "AUTH-1"
    static let claim = "CapturesNeverExceedTheAuthorization"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .captureAttempted, .captured, .paymentRetired]

    private let money: SharedMoney

    init(_ world: MonitoredWorld) { money = world.shared.money }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = money.follow(event, checks)
        guard case .captureAttempted(let payment, let amount) = event, let shadow = before else { return }
        let captured = shadow.captured + amount
        checks.expect(captured <= shadow.authorized, about: payment,
                      "a capture would make \(captured) captured of an authorization for \(shadow.authorized)")
    }
}
