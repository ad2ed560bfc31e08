@testable import PaymentWorld
import SimulationKernel
import Testing

/// Expiry dates met lazily (issue 17): a prepaid card valid for minutes expires, in whatever state
/// it is, when a call or the platform's own step reaches it; a card-on-file token valid for less
/// than its sale's wait expires at the sale, and the issuer suspends and lifts tokens. Every claim
/// still holds.
@Suite struct ExpiryAndSuspensionWorldTests {
    private static func reached(_ result: PaymentsResult) -> Set<String> {
        Set(result.coverage.byLegality.flatMap { lifecycle in
            lifecycle.legalReached.map { "\(lifecycle.lifecycle): \($0.state) × \($0.event)" }
        })
    }

    /// Paysafe cards valid for 75 s, among 100 customers visiting for five minutes: cards expire at
    /// the bureau (applied), before activation (issued, digital), in use (active) and locked.
    @Test func prepaidCardsExpireInEveryLiveStateWhenACallReachesThem() {
        let configuration = seedWorld([.paysafeCard, .paysafeProvisioning]) {
            $0.lifecycles = 3_000
            $0.rate = 10
            $0.customers = 100
            $0.seed.physicalCards = Ratio(1, 2)
            // Past the plastic's minute in the post for most cards, inside it for some.
            $0.timeouts.cardValidity = .seconds(75)
            $0.seed.prepaidCardholders = .zero  // Every card issued in the run, so each goes through each state.
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 5)).run()
        #expect(result.violations.isEmpty && result.unfinished == 0, "\(describe(result))")
        let reached = Self.reached(result)
        let missing = ["applied", "issued", "digital", "active", "locked"].filter {
            !reached.contains("LC-09 PrepaidCard: \($0) × expiryReached")
        }
        #expect(missing.isEmpty, "not expired from: \(missing)")
        #expect(result.counters.expiries[ExpiringTimer.cardValidity.rawValue] > 0)
        // A purchase on an expired card is declined, and the claims that watch cards were checked.
        for channel in PurchaseChannel.allCases {
            #expect(result.counters.prepaidPurchases[.expired, channel, approved: true] == 0, "\(channel)")
        }
        let checked = Dictionary(uniqueKeysWithValues: result.monitors.map { ($0.invariant, $0.checked) })
        for claim in ["CARD-1", "CARD-3"] {
            #expect(checked[claim, default: 0] > 0, "\(claim) was never checked: \(checked)")
        }
    }

    /// The default validity is years: no card expires in a run, and the run is the one it was.
    @Test func withTheDefaultValidityNoCardExpires() {
        let configuration = seedWorld([.paysafeCard]) { $0.lifecycles = 400 }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 5)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.counters.expiries[ExpiringTimer.cardValidity.rawValue] == 0)
        #expect(result.counters.expiries[ExpiringTimer.tokenValidity.rawValue] == 0)
        #expect(PaymentTimeouts().cardValidity == .hours(3 * 365 * 24))
        #expect(PaymentTimeouts().tokenValidity == .hours(3 * 365 * 24))
        #expect(SeedBehaviour().tokenSuspension == .zero)
    }

    /// Token sales whose tokens live 50 ms or 200 ms from the order, and a quarter of them suspended by
    /// the issuer: tokenizations that reach the vault after it are refused (requested × expire), sales
    /// meet expired tokens (active and suspended ones), and suspended ones are deleted.
    @Test(arguments: [(Int64(50), ["requested × expire"]),
                      (Int64(200), ["active × suspend", "active × expire", "suspended × delete", "suspended × expire"])])
    func tokensExpireAndSuspendedOnesAreDeleted(validity milliseconds: Int64, pairs: [String]) {
        let configuration = VerificationAndTokenSaleWorldTests.world {
            $0.timeouts.tokenValidity = .milliseconds(milliseconds)
            $0.seed.tokenSuspension = Ratio(1, 4)
            $0.seed.tokenSaleDeletedToken = Ratio(1, 5)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 7)).run()
        #expect(result.violations.isEmpty && result.unfinished == 0, "\(describe(result))")
        let reached = Self.reached(result)
        let missing = pairs.filter { !reached.contains("LC-04 Token: \($0)") }
        #expect(missing.isEmpty, "not reached: \(missing)")
        #expect(result.counters.expiries[ExpiringTimer.tokenValidity.rawValue] > 0)
        let checked = VerificationAndTokenSaleWorldTests.checked(result)
        for claim in milliseconds > 50 ? ["TOK-2", "RES-5"] : ["RES-5"] {
            #expect(checked[claim, default: 0] > 0, "\(claim) was never checked: \(checked)")
        }
    }

    /// Long-lived tokens with suspensions: a suspended token's sale is refused as a token that is not
    /// live (PAYMENT_TOKEN_NOT_EXIST) or, once the hold is lifted, paid; the same seed replays.
    @Test func suspendedTokensAreRefusedOrResumedAndReplay() {
        let configuration = VerificationAndTokenSaleWorldTests.world { $0.seed.tokenSuspension = Ratio(1, 2) }
        let first = PaymentsWorld(configuration: configuration, options: .init(seed: 9)).run()
        let again = PaymentsWorld(configuration: configuration, options: .init(seed: 9)).run()
        #expect(first.violations.isEmpty && first.unfinished == 0, "\(describe(first))")
        #expect(first.traceHash == again.traceHash)
        #expect(first.counters.tokensSuspended > 0 && first.counters.tokensResumed > 0)
        #expect(first.counters.expiries[ExpiringTimer.tokenValidity.rawValue] == 0)
        let codes = first.flows[PaymentFlow.ecommpayTokenSale.rawValue].codes
        #expect(codes["PAYMENT_TOKEN_NOT_EXIST", default: 0] >= Int(first.counters.tokenSalesMissing), "\(codes)")
    }
}
