/// Sogenactif In-App (Worldline Sips) [W], domain.md §1.4: orderInitialize returns a one-shot
/// context, which the cardOrder or walletOrder spends; the authorization runs in the card core
/// with the seed's 3-D Secure 1.0 (checkEnrollment → PaReq → ACS → PaRes: LC-06 v1 at the
/// gateway); the wallet order first reads the Sips wallet under a context of its own (W5).
struct SogenactifInApp: PaymentSystemModel {
    let name = "sogenactif"
    let title = "Sogenactif In-App [W]"
    let source = PaymentSystemSource.seed
    let flows = [
        // Each SDK call spends the context its initialize call opened (W1, W5).
        FlowDefinition("sogenactif_card_order", steps: [.orderInitialize, .cardOrder], core: .sale),
        FlowDefinition("sogenactif_wallet_order", steps: [.walletInitialize, .getWalletData, .orderInitialize, .walletOrder],
                       core: .sale),
    ]
    let threeDSVersion = ThreeDSVersion.v1
    let statusCheck = StatusCheckWords("getTransactionData", inProgress: "transactionStatus pending",
                                       final: "transactionStatus final")
    /// Domain §2.6: Sips's unknown is "no response".
    let appRecovery = AppRecoveryWords(timeout: "no response", reinit: "asks the merchant server for the order again",
                                       inProgress: "transactionStatus pending", final: "transactionStatus final")
    /// A call the Sips server never answered through every repeat gives no responseCode: the model
    /// says so, where 97 is the seed's session expiry.
    let stepTimeoutCode = "no response"
    var catalogue: [SeedCatalogueEntry] { SeedCatalogue.sogenactif }
    var scenario: String? { "scenarios/sogenactif.json" }

    func code(for outcome: PaymentOutcome) -> String {
        switch outcome {
        case .succeeded, .authorized, .captured: "00"
        case .declined: "05"
        case .authenticationFailed: "05"  // holderAuthentStatus FAILURE, refused.
        case .failed: "99"
        case .timedOut: "97"
        }
    }

    /// 17 (cancelled by the buyer) for a payment the customer cancelled, in the app or on the ACS
    /// page (W2: a cancel ends 17); 97 (no customer action in time) for one whose deadline passed,
    /// or whose ACS page was left until its timer (W2: an ACS timeout ends CANCEL with 17 or 97).
    func code(for outcome: PaymentOutcome, cause: FailureCause) -> String? {
        switch cause {
        case .customerCancelled, .challengeAbandoned: "17"
        case .deadlinePassed, .challengeExpired: "97"
        case .unstated: nil
        }
    }

    /// The issuer's own answer, which Sips passes on beside its responseCode: 00 on an approval,
    /// the decline's code on a refusal.
    func detailCode(for outcome: PaymentOutcome, declinedBy reason: ResponseCode?) -> String? {
        if outcome.isSuccess { return "acquirerResponseCode 00" }
        return reason.map { "acquirerResponseCode \($0)" }
    }

    func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String? {
        switch answer {
        // 40 is orderInitialize's "function not allowed"; a spent context's refusal has no code in the seed.
        case .refused: step == .orderInitialize ? "40" : nil
        // W: 90 and 99 are both "temporary technical problem, try again later". The model gives 90
        // ("service temporarily unavailable") where the app opens a context, and 99 ("temporary
        // problem when the function was processed") to the wallet read processed under one.
        case .retryLater: step == .getWalletData ? "99" : "90"
        case .expired: "97"  // 15 minutes without a customer action.
        default: nil
        }
    }
}

extension PaymentSystem {
    public static let sogenactif = PaymentSystem(registered: "sogenactif")
}

extension PaymentFlow {
    public static let sogenactifCardOrder = PaymentFlow(registered: "sogenactif_card_order")
    public static let sogenactifWalletOrder = PaymentFlow(registered: "sogenactif_wallet_order")
}
