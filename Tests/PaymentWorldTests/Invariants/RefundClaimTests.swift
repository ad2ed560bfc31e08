@testable import PaymentWorld
import SimulationKernel
import Testing

/// AUTH-3 with refunds in flight: a refund sent while another is still with the acquirer counts
/// it, one that ends not made frees its share, and one that would promise more than was captured
/// is caught when it goes out, before any money moves.
@Suite struct RefundClaimTests {
    private let payment = firstPayment

    @Test func refundsInFlightCountAgainstWhatWasCaptured() {
        var harness = ClaimHarness<RefundsNeverExceedCaptures>()
        harness.feed(.captured(payment, card: CardID(0), amount: 1_000),
                     .refundRequested(payment, amount: 600),
                     .refundNotMade(payment, amount: 600),
                     .refundRequested(payment, amount: 500),
                     .refundRequested(payment, amount: 500),
                     .refundAttempted(payment, amount: 500),
                     .refunded(payment, amount: 500))
        #expect(harness.violations.isEmpty, "\(harness.violations)")

        // 500 refunded and 500 in flight: nothing is left for another.
        harness.feed(.refundRequested(payment, amount: 1))
        #expect(harness.violations == ["a refund of 1 sent with 500 refunded and 500 in flight of 1000 captured"])
    }
}
