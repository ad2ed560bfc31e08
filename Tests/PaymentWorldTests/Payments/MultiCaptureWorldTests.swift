import PaymentWorld
import SimulationKernel
import Testing

/// LC-02 multi-capture in a world: merchants that ship in parcels capture in parts, the last one
/// final, on a lossy network that repeats and duplicates requests; every part applies once and
/// the holds, captures and refunds agree.
@Suite struct MultiCaptureWorldTests {
    @Test func partsAreCapturedOnceAndTheLastClosesTheHold() {
        let configuration = smallWorld {
            $0.lifecycles = 500
            $0.mix = PaymentFlow.allCases.map { $0 == .authorization ? 1 : 0 }
            $0.behaviour.captureDelay = .constant(.seconds(1))
            $0.behaviour.multiCapture = Ratio(1, 1)
            $0.behaviour.refundRatio = Ratio(1, 4)
            $0.faults = FaultProfile(loss: Ratio(3, 100), duplication: Ratio(3, 100))
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 9)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.audit.passed)
        let table = result.coverage.byLegality.first { $0.lifecycle == AuthorizationState.lifecycleName }
        let reached = Set(table?.legalReached.map { "\($0.state) × \($0.event)" } ?? [])
        for pair in ["authorized × capture", "authorized × finalCapture", "partiallyCaptured × capture",
                     "partiallyCaptured × finalCapture"] {
            #expect(reached.contains(pair), "\(pair) not reached: \(reached.sorted())")
        }
        #expect(table?.illegalTried.isEmpty == true, "\(String(describing: table?.illegalTried))")
    }
}
