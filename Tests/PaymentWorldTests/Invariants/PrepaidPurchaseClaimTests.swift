@testable import PaymentWorld
import SimulationKernel
import Testing

/// CARD-3 fed by hand: a purchase decision is judged by the card's status at that instant, as the
/// claim's own copy of the card's status changes has it.
@Suite struct PrepaidPurchaseClaimTests {
    let card = PrepaidCardRef(CustomerID(3), generation: 1)
    let other = LifecycleID(slot: 1, generation: 1)

    func changed(_ from: CardStatus?, _ to: CardStatus, by lifecycle: LifecycleID = firstLifecycle) -> WorldEvent {
        .prepaidStatusChanged(lifecycle, card: card, from: from, to: to, sca: from != nil)
    }

    func decided(_ status: CardStatus, _ channel: PurchaseChannel, approved: Bool) -> WorldEvent {
        .prepaidPurchaseDecided(firstLifecycle, card: card, status: status, channel: channel, approved: approved)
    }

    @Test func activeCardsPayAnyWayAndEveryOtherStatusIsDeclined() {
        var harness = ClaimHarness<OnlyUsablePrepaidCardsPay>()
        harness.feed(changed(nil, .active))
        for channel in PurchaseChannel.allCases { harness.feed(decided(.active, channel, approved: true)) }
        harness.feed(changed(.active, .locked))
        for channel in PurchaseChannel.allCases { harness.feed(decided(.locked, channel, approved: false)) }
        harness.feed(changed(.locked, .cancelled), decided(.cancelled, .token, approved: false))
        #expect(harness.violations.isEmpty, "\(harness.violations)")
        #expect(harness.checked == 7)
    }

    @Test func digitalCardsPayOnlyWithoutThePlastic() {
        var harness = ClaimHarness<OnlyUsablePrepaidCardsPay>()
        harness.feed(changed(nil, .applied), changed(.applied, .digital),
                     decided(.digital, .cardNotPresent, approved: true), decided(.digital, .token, approved: true),
                     decided(.digital, .cardPresent, approved: false))
        #expect(harness.violations.isEmpty, "\(harness.violations)")
        harness.feed(decided(.digital, .cardPresent, approved: true))
        #expect(harness.violations == ["prepaid#3.1 DIGITAL approved a card_present purchase"])
    }

    @Test func anApprovalOnALockedAppliedOrIssuedCardIsCaught() {
        var harness = ClaimHarness<OnlyUsablePrepaidCardsPay>()
        harness.feed(changed(nil, .active), changed(.active, .locked), decided(.locked, .cardNotPresent, approved: true))
        harness.feed(changed(nil, .applied), decided(.applied, .cardNotPresent, approved: true),
                     changed(.applied, .issued), decided(.issued, .token, approved: true))
        #expect(harness.violations == ["prepaid#3.1 LOCKED approved a card_not_present purchase",
                                       "prepaid#3.1 APPLIED approved a card_not_present purchase",
                                       "prepaid#3.1 ISSUED approved a token purchase"])
    }

    /// The other phone locked the card just before the purchase: a platform that decided by what
    /// it read earlier (ACTIVE) is caught, though it approved by the rule for what it read.
    @Test func aLockFromTheOtherPhoneCountsAtTheDecision() {
        var harness = ClaimHarness<OnlyUsablePrepaidCardsPay>()
        harness.feed(changed(nil, .active), changed(.active, .locked, by: other), decided(.active, .cardNotPresent, approved: true))
        #expect(harness.violations == ["prepaid#3.1 purchase decided as ACTIVE while the card was LOCKED"])
        // A replacement card (the next generation) is judged on its own status, not the cancelled one's.
        let replacement = PrepaidCardRef(CustomerID(3), generation: 2)
        harness.feed(.prepaidStatusChanged(other, card: replacement, from: nil, to: .active, sca: false),
                     .prepaidPurchaseDecided(firstLifecycle, card: replacement, status: .active, channel: .token, approved: true))
        #expect(harness.violations.count == 1)
    }
}
