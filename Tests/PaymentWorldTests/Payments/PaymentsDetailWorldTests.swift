import PaymentWorld
import SimulationKernel
import Testing

/// The sale flow's median latency in milliseconds.
func saleMedianMilliseconds(_ result: PaymentsResult) -> Double {
    Double(result.flows[PaymentFlow.sale.rawValue].latency.percentile(0.5)) / 1e6
}

/// The 3-D Secure low-value exemption, per-link latency, per-operation service times and BIN ranges.
@Suite struct PaymentsDetailWorldTests {
    @Test func lowValuePaymentsSkip3DSWithoutBreakingG9() {
        let plain = PaymentsWorld(configuration: smallWorld(), options: .init(seed: 42)).run()
        let result = PaymentsWorld(configuration: smallWorld { $0.policies.lowValueExemption = 5_000 },
                                   options: .init(seed: 42)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 3_000)
        #expect(result.audit.passed)
        #expect(plain.counters.exempted == 0)
        // Amounts are uniform in 500...15,000: about 30 % are below 5,000, of which 80 % enrolled.
        #expect(result.counters.exempted > 500 && result.counters.exempted < 1_000, "\(result.counters.exempted)")
        let authenticated = { (r: PaymentsResult) in r.counters.threeDSResults.reduce(0, +) }
        #expect(authenticated(result) + result.counters.exempted <= authenticated(plain) + 50,
                "\(authenticated(result)) authenticated + \(result.counters.exempted) exempted vs \(authenticated(plain))")
        #expect(authenticated(result) < authenticated(plain) - 400)
        #expect(result.monitors.first { $0.invariant == "G-9" }.map { $0.checked > 0 && $0.violations == 0 } == true)
    }

    /// Exempted payments never reach the ACS, so the planted defect still shows on the others.
    @Test func authorizeWithoutAuthenticationIsStillCaughtWithExemptions() {
        var configuration = PlantedDefectTests.world(.authorizeWithoutAuthentication)
        configuration.policies.lowValueExemption = 5_000
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 7)).run()
        #expect(result.violations.first?.invariant == "G-9", "\(result.violations.map(\.description))")
        #expect(result.counters.exempted > 0)
    }

    @Test func aSlowLinkRaisesLatencyDeterministically() {
        let slow = smallWorld {
            $0.links = [LinkLatency(between: [.directoryServer, .acs], latency: .constant(.milliseconds(400)))]
        }
        let plain = PaymentsWorld(configuration: smallWorld(), options: .init(seed: 3)).run()
        let first = PaymentsWorld(configuration: slow, options: .init(seed: 3)).run()
        let again = PaymentsWorld(configuration: slow, options: .init(seed: 3)).run()
        #expect(first.violations.isEmpty, "\(describe(first))")
        #expect(first.traceHash == again.traceHash && first.traceHash != plain.traceHash)
        #expect(first.flows[0].latency == again.flows[0].latency)
        // An enrolled card's sale crosses directory server → acs and back: 800 ms more, both directions.
        let enrolledShare = 0.8
        let added = saleMedianMilliseconds(first) - saleMedianMilliseconds(plain)
        #expect(added > 700 * enrolledShare && added < 900, "median rose by \(added) ms")
        // A link the payments do not use (device–issuer has none) changes nothing.
        let unused = smallWorld { $0.links = [LinkLatency(between: [.device, .issuer], latency: .constant(.seconds(5)))] }
        #expect(PaymentsWorld(configuration: unused, options: .init(seed: 3)).run().traceHash == plain.traceHash)
    }

    @Test func anOperationServiceTimeReplacesTheStationsOnlyForThatOperation() {
        // No acquirer system errors: they are unknown outcomes, which the inquiries would settle.
        let plain = PaymentsWorld(configuration: smallWorld { $0.behaviour.acquirerErrors = .zero }, options: .init(seed: 4)).run()
        let slowAuthorizations = smallWorld {
            $0.behaviour.acquirerErrors = .zero
            $0.stations.operations[.authorization] = .constant(.milliseconds(300))
        }
        let slowInquiries = smallWorld {
            $0.behaviour.acquirerErrors = .zero
            $0.stations.operations[.inquiry] = .constant(.milliseconds(300))
        }
        let authorizations = PaymentsWorld(configuration: slowAuthorizations, options: .init(seed: 4)).run()
        let inquiries = PaymentsWorld(configuration: slowInquiries, options: .init(seed: 4)).run()
        #expect(authorizations.violations.isEmpty && inquiries.violations.isEmpty)
        let added = saleMedianMilliseconds(authorizations) - saleMedianMilliseconds(plain)
        #expect(added > 200 && added < 400, "median rose by \(added) ms")
        // Without faults no outcome is unknown, so no inquiry is made: the run is the same.
        #expect(inquiries.traceHash == plain.traceHash)
        let issuer = authorizations.stations.first { $0.name == "issuer" }
        let plainIssuer = plain.stations.first { $0.name == "issuer" }
        #expect((issuer?.utilization ?? 0) > 3 * (plainIssuer?.utilization ?? 1))
    }

    @Test func cardsFollowTheirBINSharesAndEnrolment() {
        let configuration = smallWorld {
            $0.cards.count = 10_000
            $0.cards.threeDSecureEnrolled = .one
            $0.cards.bins = [
                CardBIN(prefix: "4", scheme: .visa, share: Ratio(6, 10), threeDSecureEnrolled: .zero),
                CardBIN(prefix: "51", scheme: .mastercard, share: Ratio(3, 10), threeDSecureEnrolled: .zero),
                CardBIN(prefix: "34", scheme: .amex, share: Ratio(1, 10), threeDSecureEnrolled: .zero),
            ]
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 8)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.cardsByBIN.reduce(0, +) == 10_000)
        for (cards, share) in zip(result.cardsByBIN, [6_000, 3_000, 1_000] as [UInt64]) {
            #expect(cards > share - 300 && cards < share + 300, "\(result.cardsByBIN)")
        }
        // Every range overrides the population's enrolment: no card goes through 3-D Secure.
        #expect(result.counters.threeDSResults.reduce(0, +) == 0 && result.counters.challenged == 0)
        #expect(result.approvalsByBIN.allSatisfy { $0 > 0 }, "\(result.approvalsByBIN)")
        let again = PaymentsWorld(configuration: configuration, options: .init(seed: 8)).run()
        #expect(again.cardsByBIN == result.cardsByBIN && again.traceHash == result.traceHash)
        // Without BIN ranges nothing is counted.
        #expect(PaymentsWorld(configuration: smallWorld(), options: .init(seed: 8)).run().cardsByBIN.isEmpty)
    }
}
