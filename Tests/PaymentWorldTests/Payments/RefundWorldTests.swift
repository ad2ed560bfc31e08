import PaymentWorld
import SimulationKernel
import Testing

/// LC-02 Refund in a world: the gateway steps a refund child per merchant refund, and a small run
/// with refunds in parts, refunds above what is left, acquirer declines and lost answers reaches
/// every legal pair of the table while the ledger and AUTH-3 / AUTH-6 agree.
@Suite struct RefundWorldTests {
    static func refundWorld(seed: UInt64 = 3) -> PaymentsResult {
        let configuration = smallWorld {
            $0.lifecycles = 600
            $0.mix = PaymentFlow.allCases.map { $0 == .authorization ? 1 : 0 }
            $0.behaviour.captureDelay = .constant(.seconds(1))
            $0.behaviour.refundRatio = Ratio(1, 2)
            $0.behaviour.refundInParts = Ratio(40, 100)
            $0.behaviour.refundExcess = Ratio(20, 100)
            $0.behaviour.refundDecline = Ratio(10, 100)
            $0.faults = FaultProfile(loss: Ratio(5, 100), duplication: Ratio(2, 100))
        }
        return PaymentsWorld(configuration: configuration, options: .init(seed: seed)).run()
    }

    @Test func aSmallRunReachesEveryRefundPairAndKeepsTheLedger() {
        let result = Self.refundWorld()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.audit.passed)
        let refund = result.coverage.byLegality.first { $0.lifecycle == RefundState.lifecycleName }
        #expect(refund?.legalPairs == 5)
        #expect(refund?.legalNotReached.map { "\($0.state) × \($0.event)" } == [], "\(String(describing: refund))")
        #expect(refund?.illegalTried.isEmpty == true)
        // Two refunds of one payment went through, some were refused above what was left (903),
        // some declined, some lost and settled by a status request.
        #expect(result.counters.refunds > result.counters.refundsDeclined)
        #expect(result.counters.refundsRefused > 0)
        #expect(result.counters.refundsDeclined > 0)
        #expect(result.counters.refundOutcomesUnknown > 0)
    }
}
