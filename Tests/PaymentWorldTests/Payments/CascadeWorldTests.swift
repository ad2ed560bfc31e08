import PaymentWorld
import SimulationKernel
import Testing

/// LC-08 in a running world: with many soft declines, sales cascade past the first backup to the
/// third provider, and the customers of enrolled cards are asked to consent to the 3DS cascade.
@Suite struct CascadeWorldTests {
    private static func softDeclines(_ configuration: inout PaymentsConfiguration) {
        configuration.mix = [1] + [Double](repeating: 0, count: configuration.mix.count - 1)  // Sales only.
        configuration.behaviour.issuerSoftDecline = Ratio(3, 10)
    }

    @Test func salesCascadeToTheSecondAndThirdProviderWithConsentAskedRefusedAndTimedOut() {
        let configuration = smallWorld {
            $0.lifecycles = 1_000
            Self.softDeclines(&$0)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 7)).run()
        let counters = result.counters
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(counters.attemptsByProvider[1] > 100 && counters.attemptsByProvider[2] > 10, "\(counters.attemptsByProvider)")
        #expect(counters.attemptsByProvider[3...].allSatisfy { $0 == 0 }, "three providers by default: \(counters.attemptsByProvider)")
        #expect(counters.cascadeConsentsAsked > 50, "\(counters.cascadeConsentsAsked)")
        #expect(counters.cascadeConsentsGiven > 0 && counters.cascadeConsentsRefused > 0 && counters.cascadeConsentsTimedOut > 0)
        #expect(counters.cascadeConsentsGiven + counters.cascadeConsentsRefused + counters.cascadeConsentsTimedOut
                <= counters.cascadeConsentsAsked)
        let checked = Dictionary(uniqueKeysWithValues: result.monitors.map { ($0.invariant, $0.checked) })
        for claim in ["CAS-1", "CAS-2", "CAS-3", "CAS-4", "CAS-5", "CAS-6", "CAS-7", "CAS-8"] {
            #expect(checked[claim, default: 0] > 0, "\(claim) was never checked: \(checked)")
        }
    }

    @Test func oneProviderOrNoCascadingMeansNoSecondAttempt() {
        for change in [{ (c: inout PaymentsConfiguration) in c.policies.cascadeProviders = 1 },
                       { (c: inout PaymentsConfiguration) in c.policies.cascading = false }] {
            let configuration = smallWorld {
                $0.lifecycles = 300
                Self.softDeclines(&$0)
                change(&$0)
            }
            let result = PaymentsWorld(configuration: configuration, options: .init(seed: 7)).run()
            #expect(result.violations.isEmpty, "\(describe(result))")
            #expect(result.counters.attemptsByProvider[1...].allSatisfy { $0 == 0 } && result.counters.cascadeConsentsAsked == 0)
        }
    }
}
