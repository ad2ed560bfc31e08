/// TOK-1: a token maps to exactly one card and one customer: a token payment starts only for the
/// token's own customer, on the token's card, and another customer's token is refused (3101).
/// Checked on every token created, every token payment started and every one refused as another's.
final class TokensPayOnlyForTheirCustomer: SafetyMonitor {
    static let invariant = "TOK-1"
    static let claim = "TokensPayOnlyForTheirCustomer"
    static let watches: [WorldEvent.Kind] = [.tokenCreated, .tokenPaymentStarted, .tokenPaymentRejected]

    private struct Token {
        var created = false
        var generation: UInt32 = 0
        var card: UInt32 = 0
        var customer: UInt32 = 0

        func isOf(_ token: LifecycleID) -> Bool { created && generation == token.generation }
    }

    /// By the slot of the lifecycle that created the token: its latest token, and the one before.
    /// A token outlives its lifecycle (a later sale may name it), and the vault's answer for the
    /// older one may still be on its way when the slot's next lifecycle makes a token of its own
    /// (default.json swarm seed 577: "never created" for a token the vault had just resolved).
    /// Two entries per slot, flat.
    @exclusivity(unchecked) private var latest: [Token] = []
    @exclusivity(unchecked) private var previous: [Token] = []
    /// By customer, the last token created for them, with its slot: the vault keeps it as their
    /// saved card after its lifecycle's slot has moved on, and a later sale of theirs may name it.
    @exclusivity(unchecked) private var saved = CustomerTable<(slot: UInt32, token: Token)>(empty: (0, Token()))
    /// By customer, the token saved before the last: a sale the vault resolved on it may still be on
    /// its way to the gateway when the customer's next token is made (default.json at 10^6,
    /// t = 4,062 s: "never created" for a saved token the vault had just resolved, once MPGS pays
    /// kept cards on file too).
    @exclusivity(unchecked) private var savedBefore = CustomerTable<(slot: UInt32, token: Token)>(empty: (0, Token()))

    private func known(_ token: LifecycleID) -> Token {
        guard token.slot < latest.count else { return Token() }
        if latest[token.slot].isOf(token) { return latest[token.slot] }
        return previous[token.slot].isOf(token) ? previous[token.slot] : Token()
    }

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .tokenCreated(let token, let card, let customer):
            let known = known(token)
            checks.expect(!known.created || (known.card == card.rawValue && known.customer == customer.rawValue),
                          about: token, "the token was mapped again, to \(card) of \(customer)")
            while latest.count <= token.slot {
                latest.append(Token())
                previous.append(Token())
            }
            if latest[token.slot].created && latest[token.slot].generation != token.generation {
                previous[token.slot] = latest[token.slot]
            }
            latest[token.slot] = Token(created: true, generation: token.generation, card: card.rawValue,
                                       customer: customer.rawValue)
            let index = Int(customer.rawValue)
            saved.makeRoom(upTo: index)
            savedBefore.makeRoom(upTo: index)
            if saved[index].token.created && !(saved[index].slot == UInt32(token.slot) && saved[index].token.isOf(token)) {
                savedBefore[index] = saved[index]
            }
            saved[index] = (UInt32(token.slot), latest[token.slot])
        case .tokenPaymentStarted(let payment, let token, let card, let customer, _):
            var known = known(token)
            let index = Int(customer.rawValue)
            if !known.created, index < saved.count {
                // The customer's saved card, its lifecycle long gone, or the one saved before it.
                let slot = UInt32(token.slot)
                if saved[index].slot == slot && saved[index].token.isOf(token) {
                    known = saved[index].token
                } else if savedBefore[index].slot == slot && savedBefore[index].token.isOf(token) {
                    known = savedBefore[index].token
                }
            }
            checks.expect(known.created && known.card == card.rawValue && known.customer == customer.rawValue,
                          about: payment, known.created
                              ? "\(customer) paid with the token of customer#\(known.customer) (card#\(known.card)) on \(card)"
                              : "a payment started with a token that was never created")
        case .tokenPaymentRejected(let payment, let token, let customer, let notOwned):
            guard notOwned else { return }
            let known = known(token)
            checks.expect(!known.created || known.customer != customer.rawValue, about: payment,
                          "\(customer)'s own token was refused as another customer's")
        default:
            break
        }
    }
}
