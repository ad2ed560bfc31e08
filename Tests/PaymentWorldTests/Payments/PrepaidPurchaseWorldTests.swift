import PaymentWorld
import SimulationKernel
import Testing

/// Purchases with Paysafe prepaid cards in a run: the card platform approves those on active cards
/// and declines those on cards another phone of the customer locked or cancelled meanwhile (CARD-3).
@Suite struct PrepaidPurchaseWorldTests {
    /// The Paysafe flows alone, among a few hundred hot customers, so their phones race on their cards.
    static func hotPaysafeWorld(_ defects: Set<PlantedDefect> = []) -> PaymentsConfiguration {
        seedWorld([.paysafeCard, .paysafeProvisioning]) {
            $0.lifecycles = 1_500
            $0.rate = 60
            $0.customers = 200
            $0.customerSkew = 1
            $0.defects = defects
        }
    }

    @Test func purchasesAreApprovedOnActiveCardsAndDeclinedOnLockedOnes() {
        let result = PaymentsWorld(configuration: Self.hotPaysafeWorld(), options: .init(seed: 3)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.unfinished == 0, "\(describe(result))")
        let purchases = result.counters.prepaidPurchases
        let approved = purchases.total(approved: true), declined = purchases.total(approved: false)
        #expect(approved > 100 && declined > 0, "approved \(approved), declined \(declined)")
        for channel in PurchaseChannel.allCases {
            #expect(purchases[.active, channel, approved: true] > 0, "no \(channel) purchase approved")
            #expect(purchases[.active, channel, approved: false] == 0)
        }
        #expect(purchases[.locked, .cardNotPresent, approved: false] > 0, "\(purchases)")
        let checked = result.monitors.first { $0.invariant == "CARD-3" }?.checked
        #expect(checked == approved + declined)
        // A declined purchase ends its lifecycle in Paysafe's words, declined.
        let card = result.flows[PaymentFlow.paysafeCard.rawValue]
        #expect(card.codes["cardNotActive", default: 0] > 0, "\(card.codes)")
    }

    @Test func aPlatformThatLetsLockedCardsPayIsCaughtByCard3() {
        let result = PaymentsWorld(configuration: Self.hotPaysafeWorld([.lockedCardPurchases]), options: .init(seed: 3)).run()
        #expect(result.violations.first?.invariant == "CARD-3", "\(result.violations.prefix(3).map(\.description))")
    }
}
