import SimulationKernel

/// What finished in one reporting interval (measured lifecycles only).
public struct IntervalFigures: Sendable {
    public var completed: UInt64 = 0
    public var succeeded: UInt64 = 0
    public var latency = LatencyHistogram()
}

/// Per-flow figures: `summary.json`'s `flows` entries.
public struct FlowMetrics: Sendable {
    public var flow: PaymentFlow
    public var started: UInt64 = 0
    public var completed: UInt64 = 0
    public var outcomes = [UInt64](repeating: 0, count: PaymentOutcome.allCases.count)
    /// Outcomes in the source system's own codes (Portmone 2113, Sips 00 / 05, MPGS APPROVED…).
    /// Reports sort the keys; nothing in the simulation reads this dictionary's order.
    public var codes: [String: UInt64] = [:]
    /// The detail codes some systems add to a lifecycle's code (Sips acquirerResponseCode 51, Stripe
    /// decline_code insufficient_funds), as `PaymentSystemModel.detailCode` names them.
    public var details: [String: UInt64] = [:]
    public var latency = LatencyHistogram()
    /// Each measured lifecycle's latency less its people's time: queues, service, network, timeouts.
    public var systemLatency = LatencyHistogram()
    /// Each measured lifecycle's people's time: typing codes, challenges, SCA prompts, the merchant's
    /// capture delay, a physical card's delivery.
    public var peopleLatency = LatencyHistogram()
}

/// Failure-handling counters (domain §2.8).
public struct PaymentCounters: Sendable {
    public var frictionless: UInt64 = 0
    /// Authorizations sent with the liability shift a Y or an A earns (3DS-6).
    public var liabilityShifted: UInt64 = 0
    /// Inits the platform refused because their parameters were not the ones signed (SES-3).
    public var signaturesRefused: UInt64 = 0
    /// Masterpass wallets a first card add created, and wallets left with no card (WAL-5).
    public var walletsCreated: UInt64 = 0
    public var walletsEmptied: UInt64 = 0
    /// Payments of enrolled cards that skipped 3-D Secure under the low-value exemption.
    public var exempted: UInt64 = 0
    public var challenged: UInt64 = 0
    /// ARes D: challenges the issuer ran out of band.
    public var decoupled: UInt64 = 0
    /// Final 3DS results by TransStatus: Y, A, N, U, R.
    public var threeDSResults = [UInt64](repeating: 0, count: WireTransStatus.all.count)
    public var cascades: UInt64 = 0
    public var cascadeSuccesses: UInt64 = 0
    /// Attempts started by provider position in routing order (index 0: the primary), sales only.
    public var attemptsByProvider = [UInt64](repeating: 0, count: PaymentCounters.providerPositions)
    /// Consent questions for cascades that need 3-D Secure, and how they ended.
    public var cascadeConsentsAsked: UInt64 = 0
    public var cascadeConsentsGiven: UInt64 = 0
    public var cascadeConsentsRefused: UInt64 = 0
    public var cascadeConsentsTimedOut: UInt64 = 0
    /// Customers who tapped cancel while their payment ran (`behaviour.paymentCancel`); sales the
    /// gateway failed on that cancel (LC-01 `abandon`) or at its payment deadline (LC-01 `deadline`);
    /// authorization answers the acquirer lost to a system error of its own (LC-01 `technicalError`).
    public var paymentCancels: UInt64 = 0
    public var salesCancelled: UInt64 = 0
    public var salesPastDeadline: UInt64 = 0
    public var acquirerErrors: UInt64 = 0
    /// Authorizations the merchant voided because the customer cancelled before it captured.
    public var ordersCancelledBeforeCapture: UInt64 = 0
    public var unknownOutcomes: UInt64 = 0
    public var resolvedByInquiry: UInt64 = 0
    public var resolvedByReversal: UInt64 = 0
    public var resolvedByLateReply: UInt64 = 0
    public var lateApprovalsReversed: UInt64 = 0
    public var merchantRetries: UInt64 = 0
    /// SDK steps the app repeated after a timeout (same idempotency key).
    public var stepRepeats: UInt64 = 0
    public var duplicatesDeduped: UInt64 = 0
    public var staleMessages: UInt64 = 0
    public var standIns: UInt64 = 0
    /// Income credits a card received before an authorization it needed them for, and the minor
    /// units they brought (`CardPopulation.income`).
    public var incomeCredits: UInt64 = 0
    public var incomeCredited: UInt64 = 0
    public var captures: UInt64 = 0
    public var refunds: UInt64 = 0
    /// Refunds the acquirer declined (or LC-12 found not made), those the gateway refused as above
    /// what was left (ecommpay 903), and those whose answer went missing (LC-02 Refund `outcomeUnknown`).
    public var refundsDeclined: UInt64 = 0
    public var refundsRefused: UInt64 = 0
    public var refundOutcomesUnknown: UInt64 = 0
    /// Push provisionings (LC-11) the app did not offer (the phone cannot add the card), those whose
    /// wallet sheet the customer left open, and Google passes that needed identity verification.
    public var provisioningsNotOffered: UInt64 = 0
    /// Provisionings not offered because the phone's wallet holds the card already (LC-11 notEligible).
    public var passesAlreadyOnPhone: UInt64 = 0
    /// Prepaid cards customers held when the run started (`behaviour.seed.prepaidCardholders`).
    public var prepaidCardsAtStart: UInt64 = 0
    public var passSheetsLeftOpen: UInt64 = 0
    public var identityVerifications: UInt64 = 0
    public var droppedByOutage: UInt64 = 0
    public var rejectedByQueue: UInt64 = 0
    /// Calls refused because another lifecycle of the same customer changed a shared thing first:
    /// a wallet card's name taken, a card deleted under a payment.
    public var walletConflicts: UInt64 = 0
    /// Calls refused because another lifecycle of the same customer changed their prepaid card first
    /// (a lock after a cancel, a second token for one device, a token whose card was locked meanwhile).
    public var cardConflicts: UInt64 = 0
    public var prepaidCardsIssued: UInt64 = 0
    public var prepaidCardsShipped: UInt64 = 0
    public var prepaidPinsSet: UInt64 = 0
    /// Digital prepaid cards a first chip-and-PIN purchase made active (LC-09 `digital × firstChipAndPinUse`).
    public var prepaidChipAndPinActivations: UInt64 = 0
    /// LC-10: operations the card platform answered at their first call without asking for SCA,
    /// applied (`pending × ok`) and refused (`pending × error`), and redeemed operations it refused
    /// after all (`pendingWithSca × error`: the card changed while the customer did the SCA).
    public var scaFreeOperations: UInt64 = 0
    public var scaFreeRefusals: UInt64 = 0
    public var scaRefusedAfterRedeem: UInt64 = 0
    /// LC-05: Masterpass server errors (2200) answering an OTP of a card add (`awaitingOtp × error`),
    /// and deletes Masterpass refused (`deleting × error`: a server error, or a card already gone).
    public var walletOtpServerErrors: UInt64 = 0
    public var walletDeletesRefused: UInt64 = 0
    /// LC-00: MPGS sessions whose lifetime ran out before their first update bound them (`opened ×
    /// expire`), cards changed on a session (`instrumentCaptured × captureInstrument`), and
    /// operations that read their card from the session (`use`).
    public var sessionsExpiredUnbound: UInt64 = 0
    public var sessionCardChanges: UInt64 = 0
    /// LC-00: MPGS updates refused because the session had taken its authenticationLimit (SES-4).
    public var sessionsExhausted: UInt64 = 0
    public var sessionOperations: UInt64 = 0
    public var holdsPlaced: UInt64 = 0
    /// Status requests the merchant made after its retries, instead of giving up (restore).
    public var statusRecoveries: UInt64 = 0
    public var voids: UInt64 = 0
    /// Holds the network booked for its stand-ins (STIP).
    public var standInHolds: UInt64 = 0
    /// The issuer's decisions by ISO code (`issuerCodes`): declines by reason.
    public var issuerAnswers = [UInt64](repeating: 0, count: PaymentCounters.issuerCodes.count)
    /// Status checks the merchant made after its retries ran out, by source system (in
    /// `PaymentSystem.allCases` order): ecommpay's restore, MPGS's Retrieve Transaction, Sips's
    /// getTransactionData, a status check elsewhere.
    public var statusChecks = [UInt64](repeating: 0, count: PaymentSystem.allCases.count)
    /// The gateway's answers to a repeated payment request (a retry or a status check) by system:
    /// the payment still in progress (ecommpay `onPaymentRestored`), or final (ecommpay
    /// PAYMENT_HAS_FINAL_STATUS, with its status).
    public var repeatsInProgress = [UInt64](repeating: 0, count: PaymentSystem.allCases.count)
    public var repeatsFinal = [UInt64](repeating: 0, count: PaymentSystem.allCases.count)
    /// The app's side of a payment whose answer went missing, by system (E1/E2, domain §2.2).
    public var appRecovery = AppRecoveryCounts()
    /// The seed servers' answers to the app's SDK steps, by step and answer (`paystorm coverage`).
    public var stepAnswers = StepAnswerCounts()
    /// Customers who walked away at a wait (`behaviour.walkAway`), at most one per lifecycle.
    public var walkAways: UInt64 = 0
    /// 3-D Secure 1.0 at the gateway, by flow (`PaymentFlow.rawValue`) and `ThreeDS1Step.rawValue`.
    public var threeDS1 = [[UInt64]](repeating: [UInt64](repeating: 0, count: ThreeDS1Step.allCases.count),
                                     count: PaymentFlow.allCases.count)
    /// Timers of domain §2.7 that ran out and moved their lifecycle, by `ExpiringTimer.rawValue`.
    public var expiries = [UInt64](repeating: 0, count: ExpiringTimer.allCases.count)
    /// Zero-amount verifications the issuer's answer (or LC-12) ended verified, and not verified (LC-03).
    public var verificationsVerified: UInt64 = 0
    public var verificationsNotVerified: UInt64 = 0
    /// Token sales whose token the token service resolved, and those refused before they started:
    /// another customer's token (3101), no live token (PAYMENT_TOKEN_NOT_EXIST) (LC-04).
    public var tokenSalesResolved: UInt64 = 0
    public var tokenSalesNotOwned: UInt64 = 0
    public var tokenSalesMissing: UInt64 = 0
    /// Token sales that paid with the customer's saved token (CardSaleTokenizeRequest), made by an
    /// earlier sale's CardTokenizeRequest, not a new one.
    public var savedTokensReused: UInt64 = 0
    /// Sales paid with the customer's saved token, by flow (`PaymentFlow.rawValue`): the seed's own
    /// card-on-file payment (ecommpay CardSaleTokenizeRequest, MPGS PAY with sourceOfFunds.token).
    public var savedTokenSales = [UInt64](repeating: 0, count: PaymentFlow.allCases.count)
    /// 3-D Secure 1.0 PaRes the app handed to the gateway, posted with their MD to the merchant's TermUrl.
    public var paResForwarded: UInt64 = 0
    /// Token sales that paid with the customer's saved account by its accountId (ecommpay
    /// SavedCardSaleRequest): a card they chose to save while verifying it.
    public var savedAccountSales: UInt64 = 0
    /// Card-on-file tokens the issuer suspended (`behaviour.seed.tokenSuspension`), and those a later sale found lifted.
    public var tokensSuspended: UInt64 = 0
    public var tokensResumed: UInt64 = 0
    /// The card platform's decisions on purchases with prepaid cards, by the card's status, the
    /// channel and the answer (CARD-3).
    public var prepaidPurchases = PrepaidPurchaseCounts()
    /// The prepaid money (the card platform as issuer-processor): accounts opened at customers'
    /// first cards, holds placed and captured (and the minor units captured), purchases the network
    /// did not answer in time and the holds voided with them, purchases declined for the balance,
    /// top-ups (and their minor units), and wallet-token purchases the token service resolved or
    /// did not find.
    public var prepaidAccountsOpened: UInt64 = 0
    public var prepaidHolds: UInt64 = 0
    public var prepaidCaptures: UInt64 = 0
    public var prepaidCaptured: UInt64 = 0
    public var prepaidPurchasesTimedOut: UInt64 = 0
    public var prepaidHoldsVoided: UInt64 = 0
    public var prepaidInsufficientBalance: UInt64 = 0
    public var prepaidTopUps: UInt64 = 0
    public var prepaidToppedUp: UInt64 = 0
    public var prepaidTokensResolved: UInt64 = 0
    public var prepaidTokensMissing: UInt64 = 0

    mutating func count(expiry timer: ExpiringTimer) { expiries[timer.rawValue] &+= 1 }

    /// The most providers a scenario may route a cascade through (`policies.cascadeProviders`).
    public static let providerPositions = 8

    /// The codes `issuerAnswers` counts, in its order.
    public static let issuerCodes = ["00", "05", "14", "51", "54", "57", "61", "62", "65", "91", "96"]

    /// `issuerCodes` as codes: an answer is found by comparing two words, not by spelling it out.
    private static let issuerCodeValues = issuerCodes.map(ResponseCode.init)

    mutating func count(issuerAnswer code: ResponseCode) {
        if let index = Self.issuerCodeValues.firstIndex(of: code) { issuerAnswers[index] &+= 1 }
    }
}
