/// Paysafe prepaid cards [S], domain.md §1.5: the customer's card (S1), its changes under strong
/// customer authentication (S2, LC-10), push provisioning to the phone's mobile wallet (S3,
/// LC-11), and purchases its status decides (CARD-3) and its prepaid balance pays.
struct PaysafePrepaidCards: PaymentSystemModel {
    let name = "paysafe"
    let title = "Paysafe prepaid cards [S]"
    let source = PaymentSystemSource.seed
    let flows = [
        // S1 the customer's card (created, or a replacement, when they have none; activated when it is
        // a new physical one), then one S2-protected change the customer picks by its status, then a
        // purchase with the card, which its status decides (CARD-3): one just locked or cancelled is
        // declined, as a lost card's would be. An allowed purchase is held on the prepaid balance
        // and captured to the merchant (`CardPlatform+Purchases.swift`).
        FlowDefinition("paysafe_card", steps: [.createPrepaidCard, .activatePrepaidCard, .managePrepaidCard, .prepaidPurchase],
                       core: nil, traits: .growsCodeSteps),
        // S1 the customer's card, then S3 push provisioning to this device (tokenize → mobile wallet →
        // PNO → updateTokenizationStatus), then a purchase, often with the new token.
        // A physical card not yet activated is refused at tokenize (PROV-1, strict default).
        FlowDefinition("paysafe_provisioning",
                       steps: [.createPrepaidCard, .tokenizeForWallet, .addPass, .updateTokenizationStatus, .prepaidPurchase],
                       core: nil, traits: [.growsCodeSteps, .provisionsToWallet]),
    ]
    /// An SCA attempt after scaRequired, and the change manageCard picks.
    let stepsInPlace: [SeedStep] = [.scaAttempt, .lockPrepaidCard, .unlockPrepaidCard, .cancelPrepaidCard, .changePrepaidCardPin]
    /// Paysafe's SCA is LC-10, not 3-D Secure; its purchases never reach LC-06.
    let threeDSVersion = ThreeDSVersion.v2
    let statusCheck = StatusCheckWords.plain
    let stepTimeoutCode = "timed_out"
    var catalogue: [SeedCatalogueEntry] { SeedCatalogue.paysafe }
    var scenario: String? { "scenarios/paysafe-prepaid.json" }

    func code(for outcome: PaymentOutcome) -> String { outcome.isSuccess ? "ok" : outcome.description }

    func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String? {
        switch answer {
        case .refused:
            switch step {
            // The seed names no decline for a purchase; its CardStatus says only an ACTIVE card "can be
            // used for transactions", so a purchase its card's status declines (CARD-3) is the model's
            // cardNotActive, the name it already gives a tokenization refused for the card's status.
            case .tokenizeForWallet, .prepaidPurchase: "cardNotActive"
            case .addPass: "tokenizationFailed"
            default: "invalidTransition"
            }
        case .scaFailed: "scaFailed"
        // The seed names no decline for a purchase over the prepaid balance either: the model's name.
        case .declined: step == .prepaidPurchase ? "insufficientBalance" : nil
        // PROV-3: the device holds a token for the card already (completed, or one in progress).
        case .alreadyDone: "alreadyTokenized"
        // A pass not activated, or not reported added, within the provisioning's 600 s.
        case .expired:
            switch step {
            case .updateTokenizationStatus, .addPass: "tokenizationFailed"
            // The purchase's hold expired before its approval came back through the network.
            case .prepaidPurchase: "timed_out"
            default: "scaExpired"
            }
        case .retryLater: "activationMismatch"
        default: nil
        }
    }
}

extension PaymentSystem {
    public static let paysafe = PaymentSystem(registered: "paysafe")
}

extension PaymentFlow {
    public static let paysafeCard = PaymentFlow(registered: "paysafe_card")
    public static let paysafeProvisioning = PaymentFlow(registered: "paysafe_provisioning")
}
