@testable import PaymentWorld
import Testing

/// The inline legs of a business event behave as the list they replace.
@Suite struct TransferLegsTests {
    static let card = CardAccounts(available: AccountID(3), held: AccountID(4))

    static func leg(_ amount: Int64, _ reason: TransferReason) -> Transfer {
        Transfer(from: card.available, to: card.held, amount: MinorUnits(amount), reason: reason, lifecycle: 1)
    }

    @Test func holdsUpToThreeLegsInOrder() {
        var legs = TransferLegs()
        #expect(legs.isEmpty)
        legs.append(Self.leg(1, .authorization))
        legs.append(Self.leg(2, .fee))
        legs.append(Self.leg(3, .holdRelease))
        #expect(legs.count == TransferLegs.capacity)
        #expect(legs.map(\.amount) == [MinorUnits(1), MinorUnits(2), MinorUnits(3)])
        legs[1].allowOverdraft = true
        #expect(legs.map(\.allowOverdraft) == [false, true, false])
    }

    @Test func equalityComparesOnlyTheLegs() {
        var one = TransferLegs()
        one.append(Self.leg(5, .authorization))
        var other = TransferLegs()
        other.append(Self.leg(5, .authorization))
        #expect(one == other)
        other.append(Self.leg(6, .fee))
        #expect(one != other)
    }

    /// A zero leg is left out, so a capture without a fee or a release has one leg only.
    @Test func aFullCaptureWithoutFeeIsOneLeg() {
        let merchant = MerchantAccounts(pending: AccountID(5), settled: AccountID(6))
        let legs = Ledger.capture(card: Self.card, merchant: merchant, authorized: MinorUnits(100),
                                  captured: MinorUnits(100), fee: .zero, lifecycle: 2)
        #expect(Array(legs) == [Transfer(from: Self.card.held, to: merchant.pending, amount: MinorUnits(100),
                                         reason: .capture, lifecycle: 2)])
    }
}
