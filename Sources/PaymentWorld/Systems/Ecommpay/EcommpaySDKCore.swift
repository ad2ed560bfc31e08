/// ecommpay SDK Core [E], domain.md §1.2: the merchant signs the parameters, the platform inits
/// the session (LC-00), and the payment runs in the card core with EMV 3-D Secure; verification
/// with an optional saved card, and token sales with card-on-file tokens.
struct EcommpaySDKCore: PaymentSystemModel {
    let name = "ecommpay"
    let title = "ecommpay SDK Core [E]"
    let source = PaymentSystemSource.seed
    let flows = [
        // E1: the merchant signs, the platform inits the session (LC-00), and the pay request spends it.
        FlowDefinition("ecommpay_sale", steps: [.signParameters, .initSession, .payRequest], core: .sale),
        FlowDefinition("ecommpay_auth", steps: [.signParameters, .initSession, .payRequest], core: .authorization),
        FlowDefinition("ecommpay_verify", steps: [.signParameters, .initSession, .verifyCard], core: nil),
        FlowDefinition("ecommpay_token_sale", steps: [.signParameters, .initSession, .tokenizeCard, .payRequest], core: .sale,
                       traits: .paysWithSavedToken),
    ]
    /// E2: a declined payment may cascade to the next provider, asking the customer first when it
    /// needs 3-D Secure again (`isCascading`).
    let cascades = true
    let threeDSVersion = ThreeDSVersion.v2
    /// The merchant's own question, server to server under the same payment_id: the app's re-init
    /// (`appRecovery`) is the SDK's.
    let statusCheck = StatusCheckWords("payment status request (Gate API, the same payment_id)",
                                       inProgress: "status processing", final: "final status")
    /// E1/E2: after NETWORK_TIMEOUT the app inits again with the same paymentId; a payment not yet
    /// final is restored (then PaymentRestoreRequest resumes it), a final one is refused as such.
    let appRecovery = AppRecoveryWords(timeout: "NETWORK_TIMEOUT", reinit: "init with the same paymentId",
                                       inProgress: "onPaymentRestored, then PaymentRestoreRequest",
                                       final: "PAYMENT_HAS_FINAL_STATUS", secondPay: "PAYMENT_ALREADY_EXIST")
    let tokenRefusalCodes = ["3101", "PAYMENT_TOKEN_NOT_EXIST"]
    /// E2: the app names the saved card in its pay request (`account_token`, `accountId`).
    let appNamesTokens = true
    let stepTimeoutCode = "NETWORK_TIMEOUT"
    var catalogue: [SeedCatalogueEntry] { SeedCatalogue.ecommpay }
    var scenario: String? { "scenarios/ecommpay.json" }

    func code(for outcome: PaymentOutcome) -> String {
        switch outcome {
        case .succeeded, .authorized, .captured: "success"
        case .declined: "decline"
        case .authenticationFailed: "104"  // Declined by the 3DS check.
        case .failed: "fail"
        case .timedOut: "NETWORK_TIMEOUT"
        }
    }

    /// operation.code 108 for a challenge the customer did not return from: the page timed out,
    /// or they left it.
    func code(for outcome: PaymentOutcome, cause: FailureCause) -> String? {
        cause == .challengeExpired || cause == .challengeAbandoned ? "108" : nil
    }

    func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String? {
        switch answer {
        // A refused CardTokenizeRequest is the platform refusing to process it (fail); the token sale
        // after it never starts. PAYMENT_TOKEN_NOT_EXIST stays the sale's, for a token that is gone.
        case .refused: "fail"
        case .notVerified: "decline"
        default: nil
        }
    }
}

extension PaymentSystem {
    public static let ecommpay = PaymentSystem(registered: "ecommpay")
}

extension PaymentFlow {
    public static let ecommpaySale = PaymentFlow(registered: "ecommpay_sale")
    public static let ecommpayAuth = PaymentFlow(registered: "ecommpay_auth")
    public static let ecommpayVerify = PaymentFlow(registered: "ecommpay_verify")
    public static let ecommpayTokenSale = PaymentFlow(registered: "ecommpay_token_sale")
}
