// Paysafe prepaid cards [S], domain.md §1.5: S1 card status, S2 SCA, S3 push provisioning, the typed errors.
extension SeedCatalogue {
    private static let protected: [SeedStep] = [
        .lockPrepaidCard, .unlockPrepaidCard, .cancelPrepaidCard, .changePrepaidCardPin, .tokenizeForWallet,
    ]
    private static let googleFlows = "one generic mobile wallet stands for Apple, Google and Samsung"

    static let paysafe: [SeedCatalogueEntry] = [
        .operation(.paysafe, "getPrograms", "the programs the customer is eligible for",
                   .notModelled("every customer is eligible; there are no programs with allowableCards")),
        .operation(.paysafe, "create(CardRequest)", "S1: a virtual (active) or physical (applied) card",
                   .answers([.createPrepaidCard], nil)),
        .operation(.paysafe, "activate(lastFourDigits, cvv)", "S1: a physical card after delivery", .answers([.activatePrepaidCard], nil)),
        .operation(.paysafe, "update(LOCKED)", "S1 behind S2: lock", .answers([.lockPrepaidCard], nil)),
        .operation(.paysafe, "update(ACTIVE)", "S1 behind S2: unlock", .answers([.unlockPrepaidCard], nil)),
        .operation(.paysafe, "update(CANCELLED)", "S1 behind S2: cancel, irreversible", .answers([.cancelPrepaidCard], nil)),
        .operation(.paysafe, "update(pin)", "S1 behind S2: set the PIN", .answers([.changePrepaidCardPin], nil)),
        .operation(.paysafe, "submitAttempt(method, channel, code)", "S2: one SCA attempt", .answers([.scaAttempt], nil)),
        .operation(.paysafe, "getAll / get", "card queries", .notModelled("queries that change nothing are not simulated")),
        .operation(.paysafe, "getSecureDetailsViews / getSecurePinView", "secure views behind SCA and pci-dss-1",
                   .notModelled("the secure views are not simulated")),
        .operation(.paysafe, "firstChipAndPinUse", "S1: a digital card becomes active at its first chip and PIN use",
                   .counter("prepaid_cards.activated_by_first_chip_and_pin")),
        .operation(.paysafe, "expiryReached", "S1: a card expires (met when a call or a platform step reaches it)",
                   .expiries(.cardValidity)),
        .operation(.paysafe, "card authorization",
                   "S1 [A], not an SDK call: a purchase with the card through the network to the platform as its issuer-processor "
                       + "(a wallet token detokenized at the token service first), decided by its status (CARD-3) and the prepaid "
                       + "balance, held, then captured to the merchant; the model's name",
                   .answers([.prepaidPurchase], nil)),
        .operation(.paysafe, "tokenize(cardId, CardTokenizationRequest)", "S3: the tokenization becomes initiated",
                   .answers([.tokenizeForWallet], nil)),
        .operation(.paysafe, "PKAddPaymentPassRequest", "S3: the pass to the mobile wallet and the PNO", .answers([.addPass], nil)),
        .operation(.paysafe, "updateTokenizationStatus(COMPLETED)", "S3: the tokenization becomes completed",
                   .answers([.updateTokenizationStatus], nil)),
        .operation(.paysafe, "Google push / manual tokenization, create wallet", "S3 Google flows", .notModelled(googleFlows)),
        .code(.paysafe, "ok", "the model's name for a flow that went through", .endCode),
        .code(.paysafe, "scaRequired", "S2: ScaRequiredException / WalletError.scaRequired", .answers(protected, [.scaRequired])),
        .code(.paysafe, "scaFailed", "S2: the SCA event failed (attempts exhausted)", .endCode),
        .code(.paysafe, "scaExpired", "S2: the SCA event expired (an attempt after its 300 s expirationTime)",
              .answers([.scaAttempt], [.expired])),
        .code(.paysafe, "invalidTransition", "an update the card's status forbids (the model: also a refused activation)",
              .endCode),
        .code(.paysafe, "notEligible", "no program, or allowableCards = 0",
              .notModelled("every customer is eligible; a customer at the limit keeps their card")),
        .code(.paysafe, "activationMismatch", "last four digits or CVV wrong", .answers([.activatePrepaidCard], [.retryLater])),
        .code(.paysafe, "alreadyActivated", "activate twice", .notModelled("reported as invalidTransition")),
        .code(.paysafe, "scopeInsufficient", "no pci-dss-1 scope", .notModelled("the secure views are not simulated")),
        .code(.paysafe, "alreadyTokenized", "the device already holds a completed token (the model: or one still in "
                  + "progress; PROV-3)", .endCode),
        .code(.paysafe, "cardNotActive",
              "the model's name for a tokenization refused because the card is not active (PROV-1) and for a purchase "
                  + "its card's status declines (CARD-3; the seed names no decline)",
              .endCode),
        .code(.paysafe, "insufficientBalance",
              "the model's name for a purchase above the card's prepaid balance (G-2): the seed names no decline for a purchase, "
                  + "and no code for the balance",
              .answers([.prepaidPurchase], [.declined])),
        .code(.paysafe, "walletUnavailable", "the mobile wallet is unavailable", .notModelled("reported as tokenizationFailed")),
        .code(.paysafe, "tokenizationFailed",
              "the PNO declined or the mobile wallet failed (the model: also a pass reported after the provisioning's 600 s)",
              .endCode),
        .code(.paysafe, "TAP_AND_PAY_NO_ACTIVE_WALLET", "Google: no active wallet", .notModelled(googleFlows)),
        .code(.paysafe, "timed_out",
              "the model's name for a step unanswered through every repeat (also a purchase the network did not answer "
                  + "within the authorization timeout, its hold voided)",
              .endCode),
    ]
}
