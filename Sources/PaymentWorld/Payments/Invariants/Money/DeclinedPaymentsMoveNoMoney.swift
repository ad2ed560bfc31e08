/// SALE-2: a payment that ended declined or failed has moved no money: nothing captured from its
/// card before it went final, and nothing after. (What it may still hold is RES-2's.)
final class DeclinedPaymentsMoveNoMoney: SafetyMonitor {
    static let invariant = "SALE-2"
    static let claim = "DeclinedPaymentsMoveNoMoney"
    static let watches: [WorldEvent.Kind] = [.captured, .refunded, .paymentFinal, .paymentRetired]

    private let money: SharedMoney

    init(_ world: MonitoredWorld) { money = world.shared.money }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = money.follow(event, checks)
        guard let shadow = before else { return }
        switch event {
        case .captured(let payment, _, let amount):
            if shadow.failed { checks.expect(false, about: payment, "captured \(amount) after the payment ended not succeeded") }
        case .paymentFinal(let payment, _, let succeeded):
            guard !succeeded else { return }
            let net = shadow.captured - shadow.refunded  // Captured less refunded.
            checks.expect(net == 0, about: payment, "ended not succeeded with \(net) captured from the card")
        default:
            break
        }
    }
}
