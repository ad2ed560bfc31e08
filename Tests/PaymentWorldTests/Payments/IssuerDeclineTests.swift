import PaymentWorld
import SimulationKernel
import Testing

/// The issuer's answers beyond 05, 51, 61, 62, 65 and 91 (domain §3.2), by the scenario's shares:
/// 14, 54 and 57 end a payment declined for good; 96 is soft and cascades to the backup acquirer.
@Suite struct IssuerDeclineTests {
    static func world(_ change: (inout IssuerDeclines) -> Void) -> PaymentsConfiguration {
        smallWorld {
            $0.behaviour.issuerSoftDecline = .zero
            $0.behaviour.issuerHardDecline = .zero
            change(&$0.behaviour.issuerDeclines)
        }
    }

    static func answers(_ result: PaymentsResult) -> [String: UInt64] {
        Dictionary(uniqueKeysWithValues: result.contention.issuerAnswers.map { ($0.code, $0.count) })
    }

    @Test func eachCodeComesAtItsShare() {
        let result = PaymentsWorld(configuration: Self.world {
            $0.invalidCardNumber = Ratio(5, 100)
            $0.expiredCard = Ratio(5, 100)
            $0.notPermitted = Ratio(5, 100)
            $0.systemMalfunction = Ratio(5, 100)
        }, options: .init(seed: 4)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        let answers = Self.answers(result)
        let decisions = Double(answers.values.reduce(0, +))
        for code in ["14", "54", "57", "96"] {
            let share = Double(answers[code] ?? 0) / decisions
            #expect(abs(share - 0.05) < 0.015, "\(code): \(share) of \(decisions) decisions")
        }
    }

    /// 96 cascades (the backup acquirer's issuer answers anew); 14 never does.
    @Test func aSystemMalfunctionCascadesAndAnInvalidCardDoesNot() {
        let malfunction = PaymentsWorld(configuration: Self.world { $0.systemMalfunction = Ratio(2, 10) },
                                        options: .init(seed: 4)).run()
        let invalid = PaymentsWorld(configuration: Self.world { $0.invalidCardNumber = Ratio(2, 10) },
                                    options: .init(seed: 4)).run()
        #expect(malfunction.violations.isEmpty && invalid.violations.isEmpty)
        #expect((Self.answers(malfunction)["96"] ?? 0) > 100)
        #expect(malfunction.counters.cascades > 100 && malfunction.counters.cascadeSuccesses > 50,
                "cascades \(malfunction.counters.cascades), succeeded \(malfunction.counters.cascadeSuccesses)")
        #expect((Self.answers(invalid)["14"] ?? 0) > 100)
        // Only the few payments whose outcome was unknown and settled as not approved cascade here.
        #expect(invalid.counters.cascades * 10 < malfunction.counters.cascades, "cascades \(invalid.counters.cascades)")
    }
}
