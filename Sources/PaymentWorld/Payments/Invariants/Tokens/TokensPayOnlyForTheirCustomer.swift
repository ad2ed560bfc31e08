/// TOK-1: a token maps to exactly one card and one customer: a token payment starts only for the
/// token's own customer, on the token's card, and another customer's token is refused (3101).
/// Checked on every token created, every token payment started and every one refused as another's.
final class TokensPayOnlyForTheirCustomer: SafetyMonitor {
    static let invariant = "TOK-1"
    static let claim = "TokensPayOnlyForTheirCustomer"
    static let watches: [WorldEvent.Kind] = [.tokenCreated, .tokenPaymentStarted, .tokenPaymentRejected]

    private struct Shadow {
        var created = false
        var card: UInt32 = 0
        var customer: UInt32 = 0
    }

    /// By the lifecycle that created the token. A token outlives its lifecycle (a later sale may
    /// name it), so its shadow stays until the slot's next lifecycle makes a token of its own: one
    /// entry per slot, flat.
    @exclusivity(unchecked) private var tokens = LifecycleShadows<LifecycleID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .tokenCreated(let token, let card, let customer):
            let known = tokens[token]
            checks.expect(!known.created || (known.card == card.rawValue && known.customer == customer.rawValue),
                          about: token, "the token was mapped again, to \(card) of \(customer)")
            tokens.update(token) { $0 = Shadow(created: true, card: card.rawValue, customer: customer.rawValue) }
        case .tokenPaymentStarted(let payment, let token, let card, let customer, _):
            let known = tokens[token]
            checks.expect(known.created && known.card == card.rawValue && known.customer == customer.rawValue,
                          about: payment, known.created
                              ? "\(customer) paid with the token of customer#\(known.customer) (card#\(known.card)) on \(card)"
                              : "a payment started with a token that was never created")
        case .tokenPaymentRejected(let payment, let token, let customer, let notOwned):
            guard notOwned else { return }
            let known = tokens[token]
            checks.expect(!known.created || known.customer != customer.rawValue, about: payment,
                          "\(customer)'s own token was refused as another customer's")
        default:
            break
        }
    }
}
