@testable import PaymentWorld
import SimulationKernel
import Testing

/// A prepaid purchase, decided and posted, as a table: the card's status × the channel × the
/// balance → the issuer-processor's decision, then the postings of an approval (hold, capture) on
/// a ledger; and the API face's purchase, event by event.
@Suite struct PrepaidPurchaseTableTests {
    static let amount: Int64 = 10_000
    /// No balance, one unit short, exactly the amount, plenty.
    static let balances: [Int64] = [0, amount - 1, amount, 10 * amount]

    /// Whether the status lets the channel pay (CARD-3, domain §1.5 S1 [A]), written out.
    static func statusAllows(_ state: PrepaidCardState, _ channel: PurchaseChannel) -> Bool {
        switch (state, channel) {
        case (.active, _): true
        case (.digital, .cardNotPresent), (.digital, .token): true
        default: false
        }
    }

    static let states: [PrepaidCardState] = [.notCreated, .applied, .issued, .digital, .active, .locked, .cancelled, .expired]

    @Test(arguments: states)
    func theStatusDecidesFirstThenTheBalance(state: PrepaidCardState) {
        for channel in PurchaseChannel.allCases {
            for balance in Self.balances {
                let decision = CardPlatform.decision(state, via: channel, available: balance, amount: Self.amount)
                let expected: PrepaidDecision = !Self.statusAllows(state, channel) ? .declinedByStatus
                    : balance >= Self.amount ? .approved : .insufficientBalance
                #expect(decision == expected, "\(state) \(channel) balance \(balance)")
            }
        }
    }

    @Test func theAppIsToldApprovedRefusedOrDeclined() {
        #expect(PrepaidDecision.approved.stepAnswer == .ok)
        #expect(PrepaidDecision.declinedByStatus.stepAnswer == .refused)
        #expect(PrepaidDecision.insufficientBalance.stepAnswer == .declined)
        #expect(PaymentSystem.paysafe.code(failedAt: .prepaidPurchase, .declined) == "insufficientBalance")
        #expect(PaymentSystem.paysafe.code(failedAt: .prepaidPurchase, .refused) == "cardNotActive")
    }

    /// An approval holds the amount (available → held), and its capture empties the hold into the
    /// merchant's pending balance and the gateway's fee; the sum over every account stays the same.
    @Test(arguments: balances.filter { $0 >= amount })
    func anApprovalHoldsThenCapturesToTheMerchant(balance: Int64) throws {
        var ledger = Ledger()
        let card = ledger.openCard(CardID(0))
        let merchant = ledger.openMerchant(MerchantID(0))
        try ledger.postBatch(Ledger.prepaidLoad(card: card, amount: MinorUnits(balance), lifecycle: 0))
        let fee: Int64 = Self.amount * 2 / 100
        try ledger.postBatch(Ledger.authorize(card: card, amount: MinorUnits(Self.amount), lifecycle: 1))
        #expect(ledger.balance(of: card.available).value == balance - Self.amount)
        #expect(ledger.balance(of: card.held).value == Self.amount)
        try ledger.postBatch(Ledger.capture(card: card, merchant: merchant, authorized: MinorUnits(Self.amount),
                                            captured: MinorUnits(Self.amount), fee: MinorUnits(fee), lifecycle: 1))
        #expect(ledger.balance(of: card.held).value == 0)
        #expect(ledger.balance(of: card.available).value == balance - Self.amount)
        #expect(ledger.balance(of: merchant.pending).value == Self.amount - fee)
        #expect(ledger.balance(of: AccountID.gatewayFees).value == fee)
        #expect(ledger.openHolds == .zero)
        #expect(ledger.audit().passed)
    }

    /// A hold the balance does not cover is refused by the ledger (G-2), leaving it as it was.
    @Test func aHoldAboveTheBalanceIsRefused() throws {
        var ledger = Ledger()
        let card = ledger.openCard(CardID(0))
        try ledger.postBatch(Ledger.prepaidLoad(card: card, amount: MinorUnits(Self.amount - 1), lifecycle: 0))
        #expect(throws: LedgerError.self) {
            try ledger.postBatch(Ledger.authorize(card: card, amount: MinorUnits(Self.amount), lifecycle: 1))
        }
        #expect(ledger.balance(of: card.available).value == Self.amount - 1)
        #expect(ledger.openHolds == .zero)
    }

    @Test func aCardPurchaseGoesToTheNetworkAndIsCapturedOnceApproved() {
        var purchase = PrepaidPurchase()
        #expect(purchase.apply(.call(.cardNotPresent)) == .askNetwork(first: true))
        #expect(purchase.apply(.callAgain) == .askNetwork(first: false))  // The app repeated its call: ask again.
        #expect(purchase.apply(.tokenLookedUp(found: true)) == .ignore)
        #expect(purchase.apply(.networkAnswered(.approved)) == .capture)
        #expect(purchase.apply(.networkAnswered(.approved)) == .ignore)  // A duplicate answer captures nothing.
        #expect(purchase.apply(.callAgain) == .ignore)
        #expect(purchase.apply(.timedOut) == .ignore)  // Its timer is stale once it is answered.
        #expect(purchase.stage == .answered)
    }

    /// No answer in time: the purchase is given up once (its hold voided), and the answer that
    /// comes after captures nothing.
    @Test func aPurchaseTheNetworkDoesNotAnswerInTimeIsGivenUpOnce() {
        var purchase = PrepaidPurchase()
        _ = purchase.apply(.call(.cardPresent))
        #expect(purchase.apply(.timedOut) == .giveUp)
        #expect(purchase.apply(.timedOut) == .ignore)
        #expect(purchase.apply(.networkAnswered(.approved)) == .ignore)
        #expect(!purchase.isWaiting)

        var lookingUp = PrepaidPurchase()
        _ = lookingUp.apply(.call(.token))
        #expect(lookingUp.apply(.timedOut) == .ignore)  // No ticket before the network is asked.
    }

    @Test func aTokenPurchaseIsDetokenizedBeforeTheNetwork() {
        var purchase = PrepaidPurchase()
        #expect(purchase.apply(.call(.token)) == .askTokenService)
        #expect(purchase.apply(.networkAnswered(.approved)) == .ignore)  // Not asked yet.
        #expect(purchase.apply(.callAgain) == .askTokenService)
        #expect(purchase.apply(.tokenLookedUp(found: true)) == .askNetwork(first: true))
        #expect(purchase.apply(.tokenLookedUp(found: true)) == .ignore)
        #expect(purchase.apply(.networkAnswered(.insufficientBalance)) == .answer(.declined))

        var unknown = PrepaidPurchase()
        _ = unknown.apply(.call(.token))
        #expect(unknown.apply(.tokenLookedUp(found: false)) == .answer(.refused))
    }

    @Test func aDeclineIsAnsweredWithoutACapture() {
        var purchase = PrepaidPurchase()
        _ = purchase.apply(.call(.cardPresent))
        #expect(purchase.apply(.networkAnswered(.declinedByStatus)) == .answer(.refused))
        #expect(!purchase.isWaiting)
    }
}
