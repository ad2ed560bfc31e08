import PaymentWorld
import SimulationKernel
import Testing

/// The 3-D Secure claims (3DS-1, 3, 4, 5; issue 33) are online: a clean run checks each, with
/// challenges, decoupled authentications and cascades, and none is broken. Each one's planted
/// defect is caught first by it in `PaymentsWorldTests.eachDefectIsCaughtByItsInvariant`.
@Suite struct ThreeDSClaimsWorldTests {
    @Test func aCleanRunChecksEveryThreeDSClaim() {
        let configuration = seedWorld([.sale, .ecommpaySale, .mastercardPay, .sogenactifCardOrder]) {
            $0.lifecycles = 2_000
            $0.behaviour.issuerSoftDecline = Ratio(2, 10)  // Cascades, each provider authenticating afresh.
            $0.faults = FaultProfile(loss: Ratio(1, 100), duplication: Ratio(3, 100))
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 13)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.counters.cascades > 0 && result.counters.decoupled > 0)
        for claim in ["3DS-1", "3DS-3", "3DS-4", "3DS-5"] {
            let record = result.monitors.first { $0.invariant == claim }
            #expect(record.map { $0.checked > 100 && $0.violations == 0 } == true, "\(claim): \(String(describing: record))")
        }
    }
}
