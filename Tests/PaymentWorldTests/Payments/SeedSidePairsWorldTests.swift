import PaymentWorld
import SimulationKernel
import Testing

/// The seed-side pairs of issue 17 happen as behaviours of the seed systems, not forced events:
/// Paysafe answers an operation at once or refuses a redeemed one (LC-10), Masterpass answers a
/// server error to an OTP check or a delete (LC-05), an MPGS session expires before its first
/// update, has its card changed, and is used by its operation (LC-00). Each case pins its seed.
@Suite struct SeedSidePairsWorldTests {
    static func reached(_ result: PaymentsResult) -> Set<String> {
        Set(result.coverage.byLegality.flatMap { lifecycle in
            lifecycle.legalReached.map { "\(lifecycle.lifecycle): \($0.state) × \($0.event)" }
        })
    }

    @Test func paysafeAnswersOperationsAtOnceAndRefusesSomeAfterTheirRedeem() {
        // 31 of seeds 1…40 reach all of it (the app's check for a pass already on the phone moved 3's;
        // the purchases' hops through the network moved 9's).
        let result = PaymentsWorld(configuration: seedWorld([.paysafeCard, .paysafeProvisioning]), options: .init(seed: 8)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        let reached = Self.reached(result)
        for pair in ["LC-10 Sca: pending × ok", "LC-10 Sca: pending × error", "LC-10 Sca: pendingWithSca × error",
                     "LC-10 Sca: pendingWithSca × ok"] {
            #expect(reached.contains(pair), "\(pair) not reached")
        }
        #expect(result.counters.scaFreeOperations > 0 && result.counters.scaFreeRefusals > 0)
        #expect(result.counters.scaRefusedAfterRedeem > 0)
        // A refusal after a redeem is the platform's answer to the protected call: the customer is told so.
        #expect(result.flows[PaymentFlow.paysafeCard.rawValue].codes["invalidTransition", default: 0] > 0)
    }

    @Test func noTokenizationAnsweredAtOnceWhenEveryOneNeedsSca() {
        let configuration = seedWorld([.paysafeProvisioning]) {
            $0.seed.scaOnTokenize = Ratio(1, 1)
            $0.seed.provisioningInactiveCards = Ratio(0, 1)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 9)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.counters.scaFreeOperations == 0)
        #expect(!Self.reached(result).contains("LC-10 Sca: pending × ok"))
    }

    @Test func masterpassAnswersServerErrorsToAnOtpCheckAndToADelete() {
        let configuration = seedWorld([.portmoneWalletCard]) {
            $0.seed.walletServerError = Ratio(1, 10)
            $0.seed.bankOtpRequired = Ratio(1, 2)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 9)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        let reached = Self.reached(result)
        for pair in ["LC-05 WalletCard: awaitingOtp × error", "LC-05 WalletCard: deleting × error"] {
            #expect(reached.contains(pair), "\(pair) not reached")
        }
        #expect(result.counters.walletOtpServerErrors > 0 && result.counters.walletDeletesRefused > 0)
        #expect(result.counters.stepAnswers[.submitCode, .refused] > 0)
        #expect(result.counters.stepAnswers[.walletDeleteCard, .refused] > 0)
        #expect(result.flows[PaymentFlow.portmoneWalletCard.rawValue].codes["2200", default: 0] > 0)
    }

    @Test func mastercardSessionsExpireUnboundChangeCardsAndAreUsedByTheirOperation() {
        let configuration = seedWorld([.mastercardPay, .mastercardAuthorize]) {
            $0.lifecycles = 600
            $0.behaviour.walkAway = Ratio(1, 5)
            $0.behaviour.walkAwayTime = .constant(.minutes(20))
            $0.seed.sessionCardChange = Ratio(1, 5)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 17)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        let reached = Self.reached(result)
        for pair in ["LC-00 CheckoutSession: opened × expire", "LC-00 CheckoutSession: instrumentCaptured × captureInstrument",
                     "LC-00 CheckoutSession: instrumentCaptured × use", "LC-00 CheckoutSession: opened × credential"] {
            #expect(reached.contains(pair), "\(pair) not reached")
        }
        #expect(result.counters.sessionsExpiredUnbound > 0)
        #expect(result.counters.sessionCardChanges > 0)
        #expect(result.counters.sessionOperations > 0)
        // A session that expired before its first update is refused there: ERROR, never a payment.
        #expect(result.counters.stepAnswers[.updateSession, .expired] > 0)
        #expect(result.flows[PaymentFlow.mastercardPay.rawValue].codes["ERROR", default: 0] > 0)
    }

    @Test func noCardChangeWithoutTheShare() {
        let configuration = seedWorld([.mastercardPay]) { $0.seed.sessionCardChange = Ratio(0, 1) }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 17)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.counters.sessionCardChanges == 0)
        #expect(result.counters.sessionOperations > 0)
    }
}
