/// TOK-4: a token payment on a cancelled, expired or locked card is declined by the issuer. A network
/// standing in for a silent issuer cannot know the card's status, so its approvals are exempt (as for
/// G-10). Checked on every answer to a token payment, and every hold for one on an unusable card.
final class TokenPaymentsOnUnusableCardsAreDeclined: SafetyMonitor {
    static let invariant = "TOK-4"
    static let claim = "TokenPaymentsOnUnusableCardsAreDeclined"
    static let watches: [WorldEvent.Kind] = [.tokenPaymentStarted, .holdPlaced, .authorizationAnswered, .paymentRetired]

    private struct Shadow {
        var isToken = false
        var unusable = false
        var stoodIn = false
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .tokenPaymentStarted(let payment, _, _, _, let usable):
            payments.update(payment) { $0 = Shadow(isToken: true, unusable: !usable, stoodIn: false) }
        case .holdPlaced(let payment, let card, _, _, let standIn, let usable):
            guard payments[payment].isToken else { return }
            if standIn {
                payments.update(payment) { $0.stoodIn = true }
            } else if !usable {
                checks.expect(false, about: payment, "the issuer approved a token payment on \(card), which is not usable")
            }
        case .authorizationAnswered(let attempt, let approved):
            // Every answer to a token payment is a check: one on a usable card holds by its card.
            let shadow = payments[attempt.payment]
            guard shadow.isToken else { return }
            checks.expect(!(approved && shadow.unusable && !shadow.stoodIn), about: attempt.payment,
                          "a token payment on an unusable card was approved")
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
