/// AUTH-3: what a payment refunds never exceeds what it captured, counting the refunds in flight;
/// checked when a refund goes out and again before its money moves.
final class RefundsNeverExceedCaptures: SafetyMonitor {
    static let invariant = "AUTH-3"
    static let claim = "RefundsNeverExceedCaptures"
    static let watches: [WorldEvent.Kind] = [.captured, .refundRequested, .refundAttempted, .refunded, .refundNotMade,
                                             .paymentRetired]

    private let money: SharedMoney

    init(_ world: MonitoredWorld) { money = world.shared.money }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = money.follow(event, checks)
        guard let shadow = before else { return }
        switch event {
        case .refundAttempted(let payment, let amount):
            let refunded = shadow.refunded + amount
            checks.expect(refunded <= shadow.captured, about: payment,
                          "a refund would make \(refunded) refunded of \(shadow.captured) captured")
        case .refundRequested(let payment, let amount):
            let promised = shadow.refunded + shadow.refundsInFlight + amount
            checks.expect(promised <= shadow.captured, about: payment,
                          "a refund of \(amount) sent with \(shadow.refunded) refunded and \(shadow.refundsInFlight) in flight "
                              + "of \(shadow.captured) captured")
        default:
            break
        }
    }
}
