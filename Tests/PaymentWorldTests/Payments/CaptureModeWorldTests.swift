import PaymentWorld
import SimulationKernel
import Testing

/// LC-02's capture modes in a running world: merchants capture in parts (partial captures closed
/// by a final one), leave the capture to the platform's capture day, or capture in one go, and
/// every hold still ends with its money where the claims say.
@Suite struct CaptureModeWorldTests {
    private static func authorizationsOnly(_ configuration: inout PaymentsConfiguration) {
        configuration.mix = [0, 1] + [Double](repeating: 0, count: configuration.mix.count - 2)
        configuration.behaviour.captureInParts = Ratio(3, 10)
        configuration.behaviour.automaticCapture = Ratio(3, 10)
    }

    @Test func partialFinalAndAutomaticCapturesAreTheTablesPairsAndEveryHoldEnds() {
        let configuration = smallWorld {
            $0.lifecycles = 600
            Self.authorizationsOnly(&$0)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 11)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 600 && result.audit.passed, "\(describe(result))")
        let reached = Set(result.coverage.byLegality.flatMap { lifecycle in
            lifecycle.legalReached.map { "\(lifecycle.lifecycle): \($0.state) × \($0.event)" }
        })
        for pair in ["authorized × capture", "partiallyCaptured × capture", "partiallyCaptured × finalCapture",
                     "authorized × finalCapture", "authorized × captureDayReached"] {
            #expect(reached.contains("LC-02 Authorization: \(pair)"), "\(pair) not reached: \(reached.sorted())")
        }
        #expect(result.counters.expiries[ExpiringTimer.captureDay.rawValue] > 0)
        let checked = Dictionary(uniqueKeysWithValues: result.monitors.map { ($0.invariant, $0.checked) })
        for claim in ["AUTH-1", "AUTH-4", "AUTH-6", "RES-5"] {
            #expect(checked[claim, default: 0] > 0, "\(claim) was never checked: \(checked)")
        }
    }

    /// A capture limit inside the capture window on a lossy network: late captures, later parts and
    /// capture days meet expired holds. An expiry after partial captures gives back the rest on the
    /// ledger (it went to the issuer as a reversal of the whole authorization: AUTH-2), and an
    /// expiry's lost reversal is sent again until acknowledged (the run went idle holding it: AUTH-4).
    @Test func holdsThatExpireEndEvenWhenTheirReleaseIsLost() {
        let configuration = smallWorld {
            $0.lifecycles = 600
            Self.authorizationsOnly(&$0)
            $0.policies.captureLimit = .seconds(75)
            $0.faults.loss = Ratio(3, 100)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 5)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.audit.passed)
        let reached = Set(result.coverage.byLegality.flatMap { lifecycle in
            lifecycle.legalReached.map { "\(lifecycle.lifecycle): \($0.state) × \($0.event)" }
        })
        for pair in ["authorized × captureLimitReached", "partiallyCaptured × captureLimitReached"] {
            #expect(reached.contains("LC-02 Authorization: \(pair)"), "\(pair) not reached")
        }
    }

    /// Every copy of every capture is answered, and none is applied twice, on a network that
    /// duplicates messages (AUTH-6 per capture number, not per payment).
    @Test func duplicatedCapturesApplyOncePerPart() {
        let configuration = smallWorld {
            $0.lifecycles = 600
            Self.authorizationsOnly(&$0)
            $0.faults.duplication = Ratio(5, 100)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.counters.duplicatesDeduped > 0)
    }
}
