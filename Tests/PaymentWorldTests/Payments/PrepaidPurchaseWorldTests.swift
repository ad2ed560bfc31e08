import PaymentWorld
import SimulationKernel
import Testing

/// Purchases with Paysafe prepaid cards in a run: the card platform approves those on active cards
/// and declines those on cards another phone of the customer locked or cancelled meanwhile (CARD-3),
/// and those its prepaid balance does not cover; an approval is held, then captured to the merchant.
@Suite struct PrepaidPurchaseWorldTests {
    /// The Paysafe flows alone, among a few hundred hot customers, so their phones race on their cards.
    static func hotPaysafeWorld(_ defects: Set<PlantedDefect> = []) -> PaymentsConfiguration {
        seedWorld([.paysafeCard, .paysafeProvisioning]) {
            $0.lifecycles = 1_500
            $0.rate = 60
            $0.customers = 200
            $0.customerSkew = 1
            $0.defects = defects
            // A digital twin is used by its details until its plastic is activated: without twins, every
            // physical card pays with the plastic once active, so each channel is seen on active cards.
            $0.seed.digitalTwins = .zero
            // Every card is issued in the run, physical ones too: none is held from before it.
            $0.seed.prepaidCardholders = .zero
        }
    }

    /// Digital twins (S1 DIGITAL): used card-not-present while the plastic travels, locked or given a PIN
    /// meanwhile, then activated in the app once the plastic came, or by its first chip-and-PIN purchase.
    @Test func digitalTwinsPayWithoutThePlasticUntilItIsActivated() {
        let configuration = seedWorld([.paysafeCard]) {
            // Five minutes of visits by 100 customers: the plastic (a minute in the post) comes mid-run.
            $0.lifecycles = 3_000
            $0.rate = 10
            $0.customers = 100
            $0.seed.physicalCards = Ratio(1, 1)
            $0.seed.digitalTwins = Ratio(1, 1)
            $0.seed.chipAndPinActivation = Ratio(1, 2)
            $0.seed.purchaseToken = .zero
            $0.seed.purchaseCardNotPresent = Ratio(1, 2)
            $0.seed.prepaidCardholders = .zero  // Every card is a new one, with its twin and its plastic.
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 4)).run()
        #expect(result.violations.isEmpty && result.unfinished == 0, "\(describe(result))")
        let reached = Set(result.coverage.byLegality.flatMap { lifecycle in
            lifecycle.legalReached.map { "\(lifecycle.lifecycle): \($0.state) × \($0.event)" }
        })
        for pair in ["digital × activate", "digital × firstChipAndPinUse", "digital × update", "digital × setPin"] {
            #expect(reached.contains("LC-09 PrepaidCard: \(pair)"), "\(pair) not reached")
        }
        let purchases = result.counters.prepaidPurchases
        #expect(purchases[.digital, .cardNotPresent, approved: true] > 0, "\(purchases)")
        #expect(purchases[.digital, .cardPresent, approved: true] + purchases[.digital, .cardPresent, approved: false] == 0,
                "a plastic used with chip and PIN is active by the time the purchase is decided: \(purchases)")
    }

    @Test func purchasesAreApprovedOnActiveCardsAndDeclinedOnLockedOnes() {
        let result = PaymentsWorld(configuration: Self.hotPaysafeWorld(), options: .init(seed: 3)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.unfinished == 0, "\(describe(result))")
        let purchases = result.counters.prepaidPurchases
        let approved = purchases.total(approved: true), declined = purchases.total(approved: false)
        #expect(approved > 100 && declined > 0, "approved \(approved), declined \(declined)")
        var activeDeclines: UInt64 = 0
        for channel in PurchaseChannel.allCases {
            #expect(purchases[.active, channel, approved: true] > 0, "no \(channel) purchase approved")
            activeDeclines += purchases[.active, channel, approved: false]
        }
        // An active card's purchase is declined only for its balance (a short-of-funds customer's).
        #expect(activeDeclines <= result.counters.prepaidInsufficientBalance, "\(purchases)")
        #expect(purchases[.locked, .cardNotPresent, approved: false] > 0, "\(purchases)")
        let checked = result.monitors.first { $0.invariant == "CARD-3" }?.checked
        #expect(checked == approved + declined)
        // A declined purchase ends its lifecycle in Paysafe's words, declined.
        let card = result.flows[PaymentFlow.paysafeCard.rawValue]
        #expect(card.codes["cardNotActive", default: 0] > 0, "\(card.codes)")
    }

    /// Every approval is held on the customer's prepaid balance and captured to the merchant, the
    /// money claims check each of them, short-of-funds customers are declined for the balance in the
    /// model's words, wallet tokens are resolved at the token service, and nothing is held at the end.
    @Test func purchasesHoldAndCaptureOnThePrepaidBalanceAndTheMoneyClaimsCheckThem() {
        let configuration = seedWorld([.paysafeCard, .paysafeProvisioning]) {
            $0.lifecycles = 1_500
            $0.rate = 60
            $0.customers = 300
            $0.cards.shortOfFunds = Ratio(1, 4)
            $0.seed.purchaseToken = Ratio(1, 2)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 5)).run()
        #expect(result.violations.isEmpty && result.unfinished == 0, "\(describe(result))")
        #expect(result.audit.passed && result.audit.openHolds == .zero, "\(result.audit)")
        let counters = result.counters, purchases = counters.prepaidPurchases
        let approved = purchases.total(approved: true)
        #expect(approved > 100)
        #expect(counters.prepaidHolds == approved && counters.prepaidCaptures == approved, "\(counters.prepaidHolds) held")
        #expect(counters.prepaidPurchasesTimedOut == 0 && counters.prepaidHoldsVoided == 0)
        #expect(counters.prepaidAccountsOpened > 0 && counters.prepaidCaptured > 0)
        #expect(counters.prepaidInsufficientBalance > 0 && counters.prepaidTopUps > 0)
        #expect(counters.prepaidTokensResolved > 0 && counters.prepaidTokensMissing == 0)
        let checked = { (id: String) in result.monitors.first { $0.invariant == id }?.checked ?? 0 }
        // G-1 sees every batch posted; G-2 every hold; G-3 every hold and every capture.
        #expect(checked("G-1") >= 2 * approved)
        #expect(checked("G-2") == approved)
        #expect(checked("G-3") == 2 * approved)
        let codes = result.flows[PaymentFlow.paysafeCard.rawValue].codes
            .merging(result.flows[PaymentFlow.paysafeProvisioning.rawValue].codes, uniquingKeysWith: +)
        let insufficient = codes["insufficientBalance", default: 0]
        #expect(insufficient > 0 && insufficient <= counters.prepaidInsufficientBalance, "\(codes)")
    }

    /// Messages lost and copied on the wire: a purchase whose approval does not come back in time
    /// is given up and its hold voided, a copy of a request or an answer moves no money twice, and
    /// every hold ends captured or voided, so nothing is held when the run goes idle.
    @Test func lostAndCopiedMessagesLeaveNoHoldBehind() {
        let configuration = seedWorld([.paysafeCard, .paysafeProvisioning]) {
            $0.lifecycles = 1_500
            $0.rate = 60
            $0.customers = 300
            $0.faults.loss = Ratio(1, 10)
            $0.faults.duplication = Ratio(1, 20)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 2)).run()
        #expect(result.violations.isEmpty && result.unfinished == 0, "\(describe(result))")
        #expect(result.audit.passed && result.audit.openHolds == .zero, "\(result.audit)")
        let counters = result.counters
        #expect(counters.prepaidPurchasesTimedOut > 0 && counters.prepaidHoldsVoided > 0,
                "timed out \(counters.prepaidPurchasesTimedOut), voided \(counters.prepaidHoldsVoided)")
        #expect(counters.prepaidHolds == counters.prepaidCaptures + counters.prepaidHoldsVoided)
        #expect(counters.duplicatesDeduped > 0)
    }

    @Test func aPlatformThatLetsLockedCardsPayIsCaughtByCard3() {
        let result = PaymentsWorld(configuration: Self.hotPaysafeWorld([.lockedCardPurchases]), options: .init(seed: 3)).run()
        #expect(result.violations.first?.invariant == "CARD-3", "\(result.violations.prefix(3).map(\.description))")
    }
}
