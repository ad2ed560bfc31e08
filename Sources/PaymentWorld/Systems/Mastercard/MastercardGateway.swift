/// Mastercard Gateway (MPGS) [M], domain.md §1.3: a session bound to the API version that created
/// it (M1), PAY or AUTHORIZE naming the session (M2), 3-D Secure 1.0 at the gateway (M3).
struct MastercardGateway: PaymentSystemModel {
    let name = "mastercard"
    let title = "Mastercard Gateway [M]"
    let source = PaymentSystemSource.seed
    let flows = [
        // M1: create a session (its lifetime runs from here), update it with the card (the first update
        // binds it to the API version that created it; a customer may change the card by a second one);
        // then the operation, which names the session and takes its card (M2).
        FlowDefinition("mastercard_pay", steps: [.createSession, .updateSession, .operationWithSession], core: .sale),
        FlowDefinition("mastercard_authorize", steps: [.createSession, .updateSession, .operationWithSession],
                       core: .authorization),
        // M4: the first pay of a customer keeps the card on file, a token the merchant server makes from
        // the updated session; a later one's PAY names the token (sourceOfFunds.token), with no session.
        FlowDefinition("mastercard_token_pay", steps: [.createSession, .updateSession, .createToken, .operationWithSession],
                       core: .sale, traits: .paysWithSavedToken,
                       savedCardSkips: [.createSession, .updateSession, .createToken, .operationWithSession]),
    ]
    let threeDSVersion = ThreeDSVersion.v1
    let statusCheck = StatusCheckWords("Retrieve Transaction", inProgress: "in progress", final: "final status")
    /// M2: a response's result is SUCCESS, PENDING, FAILURE, UNKNOWN or ERROR; the app learns the
    /// order's from its merchant server, which retrieves it.
    let appRecovery = AppRecoveryWords(timeout: "result UNKNOWN", reinit: "asks the merchant server for the order again",
                                       inProgress: "result PENDING", final: "result SUCCESS or FAILURE")
    let stepTimeoutCode = "TIMED_OUT"
    /// A PAY naming a token the gateway no longer has (it expired, or the issuer suspended it): M2's
    /// result ERROR, the gateway refusing the request, for the seed gives no gatewayCode for it.
    let tokenRefusalCodes = ["ERROR", "ERROR"]
    var catalogue: [SeedCatalogueEntry] { SeedCatalogue.mastercard }
    var scenario: String? { "scenarios/mastercard-gateway.json" }

    func code(for outcome: PaymentOutcome) -> String {
        switch outcome {
        case .succeeded, .authorized, .captured: "APPROVED"
        case .declined: "DECLINED"
        case .authenticationFailed: "AUTHENTICATION_FAILED"
        case .failed: "SYSTEM_ERROR"
        case .timedOut: "TIMED_OUT"
        }
    }

    /// CANCELLED for a payment the customer cancelled while it ran; ABORTED ("aborted by payer")
    /// for one whose payer left the 3-D Secure page. SYSTEM_ERROR stays the gateway's own failure.
    func code(for outcome: PaymentOutcome, cause: FailureCause) -> String? {
        switch cause {
        case .customerCancelled: "CANCELLED"
        case .challengeAbandoned: "ABORTED"
        case .unstated, .challengeExpired, .deadlinePassed: nil
        }
    }

    /// The gatewayCodes M2 gives an issuer's reason: insufficient funds and an expired card; the
    /// other reasons are DECLINED.
    func code(declinedBy reason: ResponseCode) -> String? {
        switch reason {
        case .insufficientFunds: "INSUFFICIENT_FUNDS"
        case .expiredCard: "EXPIRED_CARD"
        default: nil
        }
    }

    func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String? {
        answer == .apiVersionMismatch ? "apiVersionMismatch" : "ERROR"
    }
}

extension PaymentSystem {
    public static let mastercard = PaymentSystem(registered: "mastercard")
}

extension PaymentFlow {
    public static let mastercardPay = PaymentFlow(registered: "mastercard_pay")
    public static let mastercardAuthorize = PaymentFlow(registered: "mastercard_authorize")
    public static let mastercardTokenPay = PaymentFlow(registered: "mastercard_token_pay")
}
