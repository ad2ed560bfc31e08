import SimulationKernel

/// How the seed systems' steps go (domain §1): the odds of each step-up, refusal and retry, and
/// how long the customer, the SMS channel and the courier take. Defaults are [A] where the seeds
/// say nothing; every field is a scenario field under `behaviour.seed`.
public struct SeedBehaviour: Sendable, Hashable {
    /// Wallet calls that need the card's bank OTP first (Portmone 2113).
    public var bankOtpRequired = Ratio(3, 10)
    /// Card adds that also need Masterpass's phone OTP (2114).
    public var phoneOtpRequired = Ratio(1, 10)
    /// Codes the customer mistypes.
    public var codeTypo = Ratio(5, 100)
    /// Time the customer takes to read and type a code.
    public var codeEntry: Distribution = .lognormal(median: .seconds(12), sigma: 0.5)
    /// SMS delivery time and loss (the MessageChannel actor).
    public var smsLatency: Distribution = .lognormal(median: .seconds(3), sigma: 0.8)
    public var smsLoss = Ratio(1, 100)
    /// How long the customer waits for an SMS before asking for a new one.
    public var smsWait: SimDuration = .seconds(60)
    /// OTP limits (LC-07 [A]): attempts and resends.
    public var otpAttempts = 3
    public var otpResends = 3
    /// Customers whose phone has no Masterpass wallet yet: their first card add creates it (P2,
    /// WAL-5). One who pays first adds their card before the bill.
    public var newWalletUsers = Ratio(1, 10)
    /// Masterpass server errors (2200 family), retried by the customer.
    public var walletServerError = Ratio(1, 100)
    /// Portmone commission, as a share of the bill.
    public var commission = Ratio(1, 100)
    /// Payees without a gate type (2013).
    public var payeeWithoutGate = Ratio(1, 200)
    /// 2D card checks that fail (2018).
    public var cardCheckFailure = Ratio(1, 100)
    /// MPGS session updates that name a stale API version, so the app must update again.
    public var apiVersionMismatch = Ratio(2, 100)
    /// MPGS payments whose customer changes the card on the session before paying: a second
    /// `updateSession` with the card they pay with (M1 lets a captured session be updated again).
    public var sessionCardChange = Ratio(3, 100)
    /// The device submissions an MPGS session takes (`authenticationLimit`, M1: default 5, at most
    /// 25): an update past it finds the session exhausted and is refused (SES-4, MPGS `ERROR`).
    public var sessionAuthenticationLimit = 5
    /// Sips calls refused for the merchant's rights (40), never retried.
    public var functionNotAllowed = Ratio(1, 500)
    /// Sips temporary problems (90 / 99), retried with a new context.
    public var temporaryError = Ratio(2, 100)
    /// Retries of a step that answered "retry later", and the first backoff (doubling).
    public var retries = 3
    public var backoff: SimDuration = .seconds(1)
    /// Card-on-file tokenizations the token service refuses.
    public var tokenizationFailure = Ratio(1, 100)
    /// ecommpay verifications (CardVerifyRequest) that ask to save the card once verified (VER-3).
    public var verificationSavesCard = Ratio(1, 2)
    /// ecommpay token sales whose customer deleted the saved card between tokenizing and paying
    /// (PAYMENT_TOKEN_NOT_EXIST), and those that name the token of the app's previous token sale,
    /// most often another customer's (3101, TOK-1).
    public var tokenSaleDeletedToken = Ratio(3, 100)
    public var tokenSaleForeignToken = Ratio(3, 100)
    /// Token sales' card-on-file tokens the issuer suspends as soon as they are provisioned (a lost-card report,
    /// a fraud hold) [A]: a sale with one is refused (PAYMENT_TOKEN_NOT_EXIST) unless the hold was
    /// lifted by then (half of them: the token resumes and pays); a deletion or expiry ends it.
    public var tokenSuspension = Ratio(0, 1)
    /// Paysafe: share of new cards that are physical (the rest are virtual and active at once).
    public var physicalCards = Ratio(3, 10)
    /// Paysafe: share of new physical cards the program issues with a digital twin at once [A]:
    /// DIGITAL until the plastic arrives and is activated (or first used with chip and PIN), usable
    /// card-not-present and by token meanwhile.
    public var digitalTwins = Ratio(1, 2)
    /// Share of customers whose digital twin's plastic has come who never activate it in the app:
    /// its first chip-and-PIN purchase activates it (S1 DIGITAL → ACTIVE) [A].
    public var chipAndPinActivation = Ratio(3, 10)
    /// Push provisionings tried on a physical card not activated yet (refused: PROV-1, strict default).
    public var provisioningInactiveCards = Ratio(5, 100)
    /// Time from a physical card's application to its issue (compressed; the seeds say days).
    public var delivery: Distribution = .lognormal(median: .seconds(60), sigma: 0.3)
    /// Activations with mistyped last four digits or CVV.
    public var activationMismatch = Ratio(5, 100)
    /// SCA attempts the customer passes, and the time each takes.
    public var scaVerified = Ratio(9, 10)
    public var scaThink: Distribution = .lognormal(median: .seconds(8), sigma: 0.5)
    public var scaAttempts = 3
    /// What the customer does with their card (S2), by share: lock it (an active card), unlock it (a
    /// locked one), change its PIN, or cancel it (either).
    public var cardLock = Ratio(45, 100)
    public var cardPinChange = Ratio(35, 100)
    public var cardCancel = Ratio(20, 100)
    /// Customers who hold a Paysafe prepaid card when the run starts (a platform running for years):
    /// a virtual card, ACTIVE, or LOCKED in the long-run share their own card changes lead to.
    public var prepaidCardholders = Ratio(9, 10)
    /// Cards a customer may hold at once in the program (S1 allowableCards, CARD-5).
    public var allowableCards = 1
    /// Tokenizations the issuer protects with SCA.
    public var scaOnTokenize = Ratio(1, 2)
    /// PNO declines and mobile-wallet errors during provisioning.
    public var pnoDecline = Ratio(2, 100)
    public var walletError = Ratio(1, 100)
    /// LC-11, by share of push provisionings: phones that cannot add the card (`canAddPaymentPass`
    /// false, or the card already in the wallet), so the app shows no button and the customer pays
    /// with the card's details; phones whose wallet is Google Pay (the rest are Apple Pay); and
    /// customers who leave the wallet's add-card sheet open and come back after `walkAwayTime`.
    public var walletIneligible = Ratio(2, 100)
    public var googleWallet = Ratio(40, 100)
    public var passSheetLeftOpen = Ratio(1, 100)
    /// Google passes whose token needs identity verification first (manual tokenization), and the
    /// time the customer takes to verify; the 600 s provisioning budget runs meanwhile.
    public var identityVerification = Ratio(20, 100)
    public var identityVerificationTime: Distribution = .lognormal(median: .seconds(120), sigma: 1)
    /// How the customer pays at a Paysafe flow's end (CARD-3), by share: with the card's details
    /// (card-not-present), with the network token of the phone's mobile wallet, and the rest with
    /// the plastic at a terminal. A token purchase from a phone that holds no completed token for
    /// the card is made with the card's details instead. The two shares add up to at most 1.
    public var purchaseCardNotPresent = Ratio(40, 100)
    public var purchaseToken = Ratio(30, 100)
    /// Per-call timeout of an SDK step, and how often the app repeats it (same idempotency key).
    public var stepCall: SimDuration = .seconds(30)
    public var stepRepeats = 2
    public init() {}
}
