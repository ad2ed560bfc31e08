import PaymentWorld
import SimulationKernel
import Testing

/// 3-D Secure in full (domain §3.1): every final transStatus a run can give, by the scenario's
/// shares, with its consequence: Y, A and I authorize (I without the shift), N and R never do,
/// U only where the policy proceeds; D runs the challenge out of band and ends in an RReq.
@Suite struct ThreeDSOutcomeTests {
    static func world(proceedOnUnavailable: Bool = false) -> PaymentsConfiguration {
        smallWorld {
            $0.behaviour.challengeRatio = Ratio(3, 10)
            $0.behaviour.decoupledRatio = Ratio(1, 2)
            $0.behaviour.frictionless.attempted = Ratio(1, 10)
            $0.behaviour.frictionless.notAuthenticated = Ratio(1, 10)
            $0.behaviour.frictionless.unavailable = Ratio(1, 10)
            $0.behaviour.frictionless.rejected = Ratio(1, 10)
            $0.behaviour.frictionless.informational = Ratio(1, 10)
            $0.policies.proceedOnUnavailable = proceedOnUnavailable
        }
    }

    @Test func everyFinalStatusHappensAtItsShareAndEveryClaimHolds() {
        let result = PaymentsWorld(configuration: Self.world(), options: .init(seed: 9)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.audit.passed)
        let counts = Dictionary(uniqueKeysWithValues: zip(["Y", "A", "N", "U", "R", "I"], result.counters.threeDSResults))
        for status in ["Y", "A", "N", "U", "R", "I"] { #expect((counts[status] ?? 0) > 0, "\(status): \(counts)") }
        // A, U, R and I come only from frictionless AReqs: each a tenth of them, within sampling error.
        let frictionless = Double(result.counters.frictionless)
        for status in ["A", "U", "R", "I"] {
            let share = Double(counts[status] ?? 0) / frictionless
            #expect(abs(share - 0.1) < 0.03, "\(status): \(share) of \(frictionless) frictionless")
        }
        #expect(result.counters.decoupled > 0 && result.counters.challenged > 0)
        let ratio = Double(result.counters.decoupled) / Double(result.counters.decoupled + result.counters.challenged)
        #expect(abs(ratio - 0.5) < 0.08, "decoupled share \(ratio)")
    }

    /// N, R and U (without the policy) decline as authentication failures; U with the policy, and
    /// I, go on to the issuer: more authentication failures without the policy than with it.
    @Test func theConsequencesFollowTheStatus() {
        let strict = PaymentsWorld(configuration: Self.world(), options: .init(seed: 9)).run()
        let lenient = PaymentsWorld(configuration: Self.world(proceedOnUnavailable: true), options: .init(seed: 9)).run()
        #expect(strict.violations.isEmpty && lenient.violations.isEmpty)
        let failed = { (result: PaymentsResult) in result.flows.reduce(UInt64(0)) { $0 + $1.outcomes[Int(PaymentOutcome.authenticationFailed.rawValue)] } }
        let rejectedOrNot = strict.counters.threeDSResults[2] + strict.counters.threeDSResults[4]  // N and R.
        #expect(failed(strict) >= rejectedOrNot, "\(failed(strict)) failed, N+R \(rejectedOrNot)")
        #expect(failed(lenient) < failed(strict), "U goes on to the issuer only with the policy")
    }
}

/// 3-D Secure 1.0 for the systems whose seed uses it: LC-06's v1 branch only, whose answers are
/// Y, A, N or U (domain §3.1), however the scenario shares R, I and D.
@Suite struct ThreeDS1WorldTests {
    @Test func mastercardPaymentsStepOnlyV1AndNeverEndROrIOrDecoupled() {
        let configuration = smallWorld {
            $0.lifecycles = 1_500
            $0.mix = PaymentFlow.allCases.map { $0 == .mastercardPay ? 1 : 0 }
            $0.behaviour.challengeRatio = Ratio(3, 10)
            $0.behaviour.decoupledRatio = Ratio(1, 2)
            $0.behaviour.challengeAbandon = Ratio(1, 10)
            $0.behaviour.frictionless.rejected = Ratio(1, 10)
            $0.behaviour.frictionless.informational = Ratio(1, 10)
            $0.behaviour.frictionless.attempted = Ratio(1, 10)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 5)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        let machine = result.coverage.machines.first { $0.lifecycle == "LC-06 ThreeDS" }
        let applied = Dictionary(uniqueKeysWithValues: (machine?.table ?? []).map { ("\($0.state) × \($0.event)", $0.applied) })
        for pair in ["start × veRes", "challengeRedirect × paResPosted", "paResReceived × paResVerified",
                     "challengeRedirect × abandon"] {
            #expect(applied[pair, default: 0] > 0, "\(pair): \(applied)")
        }
        #expect(applied["start × deviceDataCollected", default: 0] == 0, "a v2 AReq in a v1 flow")
        let counts = Dictionary(uniqueKeysWithValues: zip(["Y", "A", "N", "U", "R", "I"], result.counters.threeDSResults))
        #expect(counts["R"] == 0 && counts["I"] == 0 && result.counters.decoupled == 0, "\(counts)")
        #expect(counts["Y", default: 0] > 0 && counts["A", default: 0] > 0 && counts["U", default: 0] > 0, "\(counts)")
        // A cancelled ACS page fails the payment (LC-01 abandon) as aborted by the payer, Mastercard's ABORTED;
        // SYSTEM_ERROR is left to the gateway's own failures.
        let failed = result.flows.reduce(UInt64(0)) { $0 + $1.outcomes[Int(PaymentOutcome.failed.rawValue)] }
        #expect(failed >= applied["challengeRedirect × abandon", default: 0], "\(describe(result))")
        let codes = result.flows[PaymentFlow.mastercardPay.rawValue].codes
        #expect(codes["ABORTED", default: 0] > 0 && codes["SYSTEM_ERROR", default: 0] == 0, "\(codes)")
        // The seed's own 3DS 1.0 words are counted from the same steps: a VEReq for every authentication, a
        // PaRes for every page answered, a cancel for every page left.
        let steps = result.counters.threeDS1[PaymentFlow.mastercardPay.rawValue]
        // A payment cancelled or past its deadline while its VEReq was out never takes the VERes into LC-06.
        let answered = applied["start × veRes", default: 0] + applied["start × timeout", default: 0]
        #expect(steps[ThreeDS1Step.veReq.rawValue] >= answered
                    && steps[ThreeDS1Step.veReq.rawValue] - answered
                        <= result.counters.salesCancelled + result.counters.salesPastDeadline, "\(steps)")
        #expect(steps[ThreeDS1Step.paRes.rawValue] == applied["paResReceived × paResVerified", default: 0], "\(steps)")
        #expect(steps[ThreeDS1Step.cancelled.rawValue] == applied["challengeRedirect × abandon", default: 0], "\(steps)")
        #expect(steps[ThreeDS1Step.attempted.rawValue] > 0 && steps[ThreeDS1Step.paResY.rawValue] > 0, "\(steps)")
        #expect(result.counters.threeDS1[PaymentFlow.ecommpaySale.rawValue].allSatisfy { $0 == 0 }, "ecommpay is v2")
        // Every PaRes and every cancel of a page came back through the merchant's TermUrl and the app, by its MD;
        // the app hands on one only while its payment runs.
        let pages = steps[ThreeDS1Step.paResY.rawValue]
        #expect(result.counters.paResForwarded >= pages && pages > 0, "\(result.counters.paResForwarded) of \(pages)")
    }

    /// A 3-D Secure 1.0 page answered after the gateway's 600 s page timer changes nothing: the
    /// payment ended, so the app closed the page and hands no PaRes on (and the gateway would drop
    /// one whose MD names a payment no longer at the page).
    @Test func aPageAnsweredAfterItsTimerChangesNothing() {
        let configuration = smallWorld {
            $0.lifecycles = 1_500
            $0.mix = PaymentFlow.allCases.map { $0 == .sogenactifCardOrder ? 1 : 0 }
            $0.behaviour.challengeTime = .constant(.seconds(700))  // Past the 600 s page timer: every PaRes comes late.
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 2)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        let steps = result.counters.threeDS1[PaymentFlow.sogenactifCardOrder.rawValue]
        // The pages all timed out; the only PaRes applied are the ACS's own N for a card it refuses, at once.
        #expect(steps[ThreeDS1Step.paResY.rawValue] == 0 && steps[ThreeDS1Step.timedOut.rawValue] > 1_000, "\(steps)")
        #expect(result.counters.paResForwarded == 0, "an app handed on a PaRes after its payment ended")
    }
}
