@testable import PaymentWorld
import SimulationKernel
import Testing

/// LC-03 and LC-04 in a run: ecommpay's verifications are answered by the issuer, its token sales
/// pay with the token the token service resolves, and their claims are checked.
@Suite struct VerificationAndTokenSaleWorldTests {
    /// Verifications and token sales only, with more bad tokens than the default so each path is taken.
    static func world(_ change: (inout PaymentsConfiguration) -> Void = { _ in }) -> PaymentsConfiguration {
        seedWorld([.ecommpayVerify, .ecommpayTokenSale]) {
            $0.lifecycles = 1_200
            $0.cards.unusable = Ratio(5, 100)
            $0.seed.tokenSaleDeletedToken = Ratio(1, 10)
            $0.seed.tokenSaleForeignToken = Ratio(1, 10)
            change(&$0)
        }
    }

    static func checked(_ result: PaymentsResult) -> [String: UInt64] {
        Dictionary(uniqueKeysWithValues: result.monitors.map { ($0.invariant, $0.checked) })
    }

    /// A verification that saves an enrolled card authenticates it first (LC-03 authenticating, an
    /// EMV 3DS non-payment authentication), and the app waits out a challenge or a decoupled
    /// confirmation instead of telling the customer "timed out" while the card gets saved.
    @Test func savingAnEnrolledCardAuthenticatesItFirstAndTheAppWaitsForIt() {
        let configuration = seedWorld([.ecommpayVerify]) {
            $0.lifecycles = 800
            $0.seed.verificationSavesCard = Ratio(1, 1)
            $0.behaviour.challengeRatio = Ratio(1, 2)
            $0.behaviour.decoupledRatio = Ratio(1, 2)
            $0.behaviour.decoupledTime = .constant(.seconds(120))  // Past the app's three 30 s calls.
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 3)).run()
        #expect(result.violations.isEmpty && result.unfinished == 0, "\(describe(result))")
        let reached = Set(result.coverage.byLegality.flatMap { lifecycle in
            lifecycle.legalReached.map { "\(lifecycle.lifecycle): \($0.state) × \($0.event)" }
        })
        #expect(reached.contains("LC-03 Verification: authenticating × authResult"), "\(reached.sorted())")
        #expect(result.counters.decoupled > 0, "\(result.counters)")
        let codes = result.flows[PaymentFlow.ecommpayVerify.rawValue].codes
        #expect(codes["NETWORK_TIMEOUT", default: 0] == 0, "a customer told timed out while the card was being saved: \(codes)")
    }

    @Test func verificationsAreAnsweredByTheIssuerAndTokenSalesResolvedOrRefused() {
        let result = PaymentsWorld(configuration: Self.world(), options: .init(seed: 7)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.unfinished == 0, "\(describe(result))")
        let counters = result.counters
        // The issuer decides every verification: approved with 85, or declined (an unusable card).
        #expect(counters.verificationsVerified > 100 && counters.verificationsNotVerified > 0, "\(counters)")
        #expect(counters.verificationsVerified + counters.verificationsNotVerified
                    == UInt64(result.flows[PaymentFlow.ecommpayVerify.rawValue].codes.values.reduce(0, +)),
                "every verification that ended went to the issuer: \(counters)")
        #expect(counters.tokenSalesResolved > 100 && counters.tokenSalesNotOwned > 0 && counters.tokenSalesMissing > 0,
                "\(counters)")
        let codes = result.flows[PaymentFlow.ecommpayTokenSale.rawValue].codes
        #expect(codes["3101", default: 0] == Int(counters.tokenSalesNotOwned), "\(codes)")
        // A saved account that is gone is the "fail" status: the seed's PAYMENT_TOKEN_NOT_EXIST is a token request's.
        #expect(codes["PAYMENT_TOKEN_NOT_EXIST", default: 0] + codes["fail", default: 0] >= Int(counters.tokenSalesMissing),
                "\(codes)")
        let checked = Self.checked(result)
        for claim in ["VER-1", "VER-2", "VER-3", "TOK-1", "TOK-2", "TOK-3", "TOK-4", "TOK-5"] {
            #expect(checked[claim, default: 0] > 0, "\(claim) never checked: \(checked)")
        }
    }

    /// A customer's later token sale pays with their saved card in the seed's two ways: by the token
    /// an earlier CardTokenizeRequest made (CardSaleTokenizeRequest), or by the accountId of a card
    /// they chose to save while verifying it (SavedCardSaleRequest). Both are resolved at the vault
    /// for their own customer only.
    @Test func savedCardsArePaidWithByTokenOrByAccountAsTheySaved() {
        let configuration = seedWorld([.ecommpayVerify, .ecommpayTokenSale]) {
            $0.lifecycles = 1_500
            $0.customers = 100
            $0.seed.verificationSavesCard = Ratio(1, 2)
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 11)).run()
        #expect(result.violations.isEmpty && result.unfinished == 0, "\(describe(result))")
        let counters = result.counters
        #expect(counters.savedTokensReused > 0 && counters.savedAccountSales > 0, "\(counters)")
        let checked = Self.checked(result)
        #expect(checked["TOK-1", default: 0] > 0, "\(checked)")
        let count = { (name: String) in
            SeedCatalogue.ecommpay.first { $0.name == name }?.count(flows: result.flows, counters: counters)
        }
        #expect(count("SavedCardSaleRequest") == counters.savedAccountSales)
        #expect(count("CardSaleTokenizeRequest with a saved token") == counters.savedTokensReused)
    }

    /// MPGS M4: the merchant server keeps the card on file, a token made from the session the app
    /// updated (Create or Update Token); the customer's later pays name the token with no session.
    /// The gateway resolves it at the token service for its own customer only.
    @Test func mastercardKeepsTheCardOnFileAndLaterPaysNameTheToken() {
        let configuration = seedWorld([.mastercardTokenPay]) {
            $0.lifecycles = 1_500
            $0.customers = 200
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 4)).run()
        #expect(result.violations.isEmpty && result.unfinished == 0, "\(describe(result))")
        let counters = result.counters
        let made = counters.stepAnswers[.createToken, .ok]
        let reused = counters.savedTokenSales[PaymentFlow.mastercardTokenPay.rawValue]
        #expect(made > 0 && reused > made, "tokens made \(made), pays on a token kept \(reused)")
        // Each lifecycle opens a session, or pays with its customer's token and opens none.
        #expect(counters.stepAnswers.calls(.createSession) + reused == 1_500, "\(counters.stepAnswers.calls(.createSession)) + \(reused)")
        #expect(counters.tokenSalesNotOwned == 0 && counters.savedAccountSales == 0, "the merchant names only its customer's token")
        #expect(Self.checked(result)["TOK-1", default: 0] > 0)
        let codes = result.flows[PaymentFlow.mastercardTokenPay.rawValue].codes
        #expect(codes["APPROVED", default: 0] > 1_000 && codes["SYSTEM_ERROR", default: 0] == 0, "\(codes)")
    }

    @Test func aTokenSaleOnADeletedTokenBreaksTOK2() {
        let result = PaymentsWorld(configuration: Self.world { $0.defects = [.tokenSaleOnDeletedToken] },
                                   options: .init(seed: 7)).run()
        #expect(result.violations.first?.invariant == "TOK-2", "\(describe(result))")
    }

    @Test func aTokenRefusalTravelsWithTheOutcome() {
        for refusal in [TokenLookupWire.Result.notOwned, .missing] {
            let wire = OutcomeWire.encode(.failed, tokenRefusal: refusal)
            #expect(OutcomeWire.outcome(of: wire) == .failed && OutcomeWire.tokenRefusal(of: wire) == refusal)
        }
        #expect(OutcomeWire.tokenRefusal(of: OutcomeWire.encode(.succeeded)) == nil)
        let resolved = TokenLookupWire.encode(.resolved, card: CardID(123_456))
        #expect(TokenLookupWire.result(of: resolved) == .resolved && TokenLookupWire.card(of: resolved) == CardID(123_456))
        #expect(PaymentSystem.ecommpay.code(for: .failed, tokenRefusal: .notOwned) == "3101")
        #expect(PaymentSystem.ecommpay.code(for: .failed, tokenRefusal: .missing) == "PAYMENT_TOKEN_NOT_EXIST")
    }
}

/// The table rows the gateway's verification and the token service's lookup rely on.
@Suite struct VerificationAndTokenRowsTests {
    @Test func aZeroAmountApprovalWith85VerifiesAndStoresTheCardOnlyWhenAsked() throws {
        let asked = try VerificationState.verifying(storeCredential: true).applying(.response(code: .noReasonToDecline))
        #expect(asked.next == .verified && asked.effects.contains(.createStoredCredential))
        let notAsked = try VerificationState.verifying(storeCredential: false).applying(.response(code: .noReasonToDecline))
        #expect(notAsked.next == .verified && !notAsked.effects.contains(.createStoredCredential))
        let declined = try VerificationState.verifying(storeCredential: true).applying(.response(code: .restrictedCard))
        #expect(!declined.effects.contains(.createStoredCredential))
        #expect(declined.next == .notVerified(reason: .issuer(code: .restrictedCard)))
    }

    @Test func anUnansweredVerificationIsResolvedByInquiry() throws {
        let unknown = try VerificationState.verifying(storeCredential: false).applying(.timeout)
        #expect(unknown.next == .outcomeUnknown(storeCredential: false) && unknown.effects == [.startResolution])
        #expect(try unknown.next.applying(.resolved(.notApproved)).next == .notVerified(reason: .outcomeNotApproved))
    }

    @Test func onlyALiveTokenOfItsOwnCustomerStartsAPayment() throws {
        let active = TokenState.active(.cardOnFile)
        #expect(try active.applying(.pay(byOwner: true)).effects == [.startPayment])
        let foreign = try active.applying(.pay(byOwner: false))
        #expect(foreign.next == active && foreign.effects == [.rejectPayment(code: .tokenNotOwnedByCustomer)])
        #expect(throws: IllegalTransition.self) { try TokenState.deleted.applying(.pay(byOwner: true)) }
        #expect(throws: IllegalTransition.self) { try TokenState.requested(.cardOnFile).applying(.pay(byOwner: true)) }
    }
}
