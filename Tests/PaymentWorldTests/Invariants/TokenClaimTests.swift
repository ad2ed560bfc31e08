@testable import PaymentWorld
import SimulationKernel
import Testing

/// TOK-1 on stories made by hand: a token pays only for its own customer, and a saved token the
/// vault resolved is still known when its payment starts at the gateway, after the customer's
/// next token was made.
@Suite struct TokenClaimTests {
    private let customer = CustomerID(7)
    private let card = CardID(7)

    /// default.json at 10^6 lifecycles, seed 42, t = 4,062 s: the vault resolved the customer's
    /// saved token; before its answer reached the gateway the customer's next token was made, and
    /// two more tokens were made in the saved one's slot. TOK-1 said "never created".
    @Test func aSavedTokenResolvedJustBeforeTheCustomersNextOneStillPays() {
        var harness = ClaimHarness<TokensPayOnlyForTheirCustomer>()
        let saved = LifecycleID(slot: 3, generation: 1)
        harness.feed(.tokenCreated(saved, card: card, customer: customer))
        // The slot moves on twice, each time with another customer's token.
        harness.feed(.tokenCreated(LifecycleID(slot: 3, generation: 2), card: CardID(1), customer: CustomerID(1)),
                     .tokenCreated(LifecycleID(slot: 3, generation: 3), card: CardID(2), customer: CustomerID(2)))
        // The customer's next token, made while the sale on the saved one is on its way.
        harness.feed(.tokenCreated(LifecycleID(slot: 9, generation: 1), card: card, customer: customer))
        harness.feed(.tokenPaymentStarted(firstPayment, token: saved, card: card, customer: customer, usableCard: true))
        #expect(harness.violations.isEmpty, "\(harness.violations)")
        // Another customer naming it is still caught, and so is a token nobody made.
        harness.feed(.tokenPaymentStarted(firstPayment, token: saved, card: CardID(1), customer: CustomerID(1), usableCard: true))
        harness.feed(.tokenPaymentStarted(firstPayment, token: LifecycleID(slot: 5, generation: 1), card: card,
                                          customer: customer, usableCard: true))
        #expect(harness.violations == ["a payment started with a token that was never created",
                                       "a payment started with a token that was never created"])
    }
}
