import SimulationKernel

/// A fact about the payments world that the invariant monitors check, reported by the actor (or
/// component) that caused it, at the instant it happened. Adding a claim that needs a new fact is
/// this case and the line of the actor that emits it: its ``Kind`` and `kind` are generated at
/// build time from the cases (CaseIndexGenerator, `WorldEventKinds`).
///
/// Every payload is plain data, so an event is copied as bytes on its way to each monitor: text
/// that only a failure needs (why the ledger refused, which transition was illegal) waits in the
/// observer's notes, and the event carries its ``EventNote``.
public enum WorldEvent: Sendable {
    // Money.
    /// The ledger took a batch of transfers for `subject` (G-1).
    case transfersPosted(WorldSubject)
    /// The ledger refused a batch of transfers for `subject`; the note says why (G-1).
    case transfersRefused(WorldSubject, reason: EventNote)

    // The customer's lifecycles.
    /// The device's lifecycle ended: the customer was told `told`. It had to be by `deadline` (G-7).
    case lifecycleEnded(LifecycleID, deadline: SimTime, told: PaymentOutcome)
    /// A lifecycle's budget ran out while the device still waited; the note says what it was.
    case lifecycleDeadlineReached(LifecycleID, detail: EventNote)
    /// A lifecycle's table applied the event it was offered (G-6).
    case transitionApplied(WorldSubject)
    /// A lifecycle's table rejected the event it was offered; the note names both (G-6).
    case transitionRejected(WorldSubject, illegal: EventNote)

    // Payments at the gateway.
    /// The customer's intent: one order may be retried as several gateway payments.
    case paymentCreated(PaymentID, order: LifecycleID, key: UInt64)
    /// The gateway sent an authorization; `required` tells whether the card is enrolled in 3DS,
    /// `authentication` is the 3DS result it relies on (nil when none was asked for), and
    /// `exempted` whether it claimed the low-value exemption for this `amount`.
    case authorizationSent(AttemptID, required: Bool, authentication: TransStatus?, exempted: Bool, amount: Int64,
                           liabilityShift: Bool)
    /// LC-06 began for the payment's current attempt: the gateway sent the VEReq or the AReq.
    case authenticationStarted(AttemptID)
    /// LC-06 ended for the payment's current attempt with `status`, which LC-01, LC-02 or LC-03 then
    /// takes (3DS-1: never C or D; 3DS-3: spent by one authorization; 3DS-5: once per start).
    case authenticationEnded(AttemptID, status: TransStatus)
    /// The ACS ended an EMV 3DS challenge: the transStatus it sent in the RReq to the 3DS server
    /// and in the final CRes to the cardholder's SDK (3DS-2).
    case challengeCompleted(PaymentID, rReq: TransStatus, cRes: TransStatus)
    /// The gateway took an authorization answer for an attempt of a live payment (G-8, G-11).
    case authorizationAnswered(AttemptID, approved: Bool)
    /// The issuer (or the network standing in) approved `attempt` and placed a hold.
    case holdPlaced(PaymentID, card: CardID, amount: Int64, attempt: Int, standIn: Bool, usableCard: Bool)
    /// A hold was released (reversal, void, expiry, or the rest after a capture).
    case holdReleased(PaymentID, card: CardID, amount: Int64)
    /// The gateway is about to capture `amount` (checked before the money moves: AUTH-1).
    case captureAttempted(PaymentID, amount: Int64)
    case captured(PaymentID, card: CardID, amount: Int64)
    /// The gateway is about to refund `amount` (checked before the money moves: AUTH-3).
    case refundAttempted(PaymentID, amount: Int64)
    case refunded(PaymentID, amount: Int64)
    /// The gateway sent a refund of `amount` to the acquirer: in flight until it is refunded or
    /// ends not made (AUTH-3 counts it meanwhile).
    case refundRequested(PaymentID, amount: Int64)
    /// A refund in flight ended without moving money: declined, or found not made (LC-12).
    case refundNotMade(PaymentID, amount: Int64)
    /// An unknown outcome was settled (LC-12); a not-approved one must leave no hold (RES-2).
    case outcomeResolved(PaymentID, approved: Bool)
    /// The gateway settled a payment's status for good.
    case paymentFinal(PaymentID, order: LifecycleID, succeeded: Bool)
    /// The gateway forgot a finished payment: nothing more can happen to it.
    case paymentRetired(PaymentID, order: LifecycleID)
    /// The merchant learnt how its order's payment ended (RES-4).
    case merchantOrderFinal(LifecycleID, succeeded: Bool)
    /// The run went idle with `openHolds` minor units still held on cards (AUTH-4).
    case holdsAtEnd(openHolds: Int64)
    /// The run went idle with this payment's final status (the end-of-run checks).
    case paymentStatusAtEnd(PaymentID, succeeded: Bool)
    /// The run went idle with this payment neither final nor retired: nothing is left to finish it.
    case paymentOpenAtEnd(PaymentID)

    // Seed-system steps.
    /// A server checked a submitted OTP; `submissions` counts every code checked for this OTP.
    case otpChecked(LifecycleID, submissions: Int, maxAttempts: Int)
    /// A wallet ran the action an OTP protects (store a card, open a session, 2D debit): that of
    /// `operation` (a `SeedStep`'s raw value), `verified` by the wallet's word (OTP-5).
    case otpProtectedActionRan(LifecycleID, verified: Bool, operation: UInt8)
    /// A prepaid card's status changed; `sca` tells whether a verified SCA event backed it. The
    /// lifecycle is the one whose call changed it (`LifecycleID.none` for the bureau's issue).
    case prepaidStatusChanged(LifecycleID, card: PrepaidCardRef, from: CardStatus?, to: CardStatus, sca: Bool)
    /// A prepaid card was activated; `physical` and how many activations it has had.
    case prepaidActivated(card: PrepaidCardRef, physical: Bool, activations: Int)
    /// The platform issued the customer a new prepaid card (a first one, or a replacement) (CARD-5).
    case prepaidCardCreated(LifecycleID, card: PrepaidCardRef)
    /// Cancelling a prepaid card deactivated all its tokens (CARD-6).
    case tokensDeactivated(LifecycleID, card: PrepaidCardRef)
    /// The app got an answer naming call `answered` of a lifecycle that has made `made` calls (G-8).
    case answerReceived(LifecycleID, answered: Int, made: Int)
    /// A wallet tokenization of `card` for the customer's `device` completed while the card had
    /// `cardStatus` (PROV-1, PROV-3).
    case tokenizationCompleted(LifecycleID, card: PrepaidCardRef, device: Int, cardStatus: CardStatus)
    /// An actor stored a card in its records, in the form `form` (G-12).
    case cardDataKept(WorldSubject, holder: PaymentActorKind, form: CardDataForm)

    // The customers' shared things.
    /// A lifecycle stored card `name` in its customer's wallet, which now lists `wallet` (WAL-1, WAL-3).
    case walletCardStored(LifecycleID, wallet: WalletList, name: UInt8)
    /// A lifecycle's card add created its customer's wallet, which they had none of (WAL-5).
    case walletCreated(LifecycleID)
    /// A lifecycle deleted card `name` from its customer's wallet, which now lists `wallet` (WAL-3).
    case walletCardRemoved(LifecycleID, wallet: WalletList, name: UInt8)
    /// A lifecycle read its customer's wallet list (WAL-3).
    case walletListed(LifecycleID, wallet: WalletList)
    /// A payment took card `name` from its customer's wallet, which lists `wallet` (WAL-4).
    case walletCardUsed(LifecycleID, wallet: WalletList, name: UInt8)

    // Unknown outcomes, reversals and voids.
    /// The gateway lost an authorization's answer: the payment's outcome is unknown until LC-12 settles it (RES-1).
    case outcomeUnknown(PaymentID)
    /// The issuer applied a reversal of `attempt`; `arrived` tells whether the authorization had
    /// reached it, `released` what the reversal gave back to the card (RES-3).
    case reversalApplied(AttemptID, arrived: Bool, released: Int64)
    /// An authorization closed without a capture: voided by the merchant, or expired at its limit (AUTH-2).
    case authorizationClosed(PaymentID, expired: Bool)
    /// The gateway reversed (or had already sent the reversal of) an approval its payment will not use (SALE-4).
    case lateApprovalReversed(AttemptID)
    /// The gateway applied the merchant's capture or refund number `number` of the payment (AUTH-6).
    case moneyOperationApplied(PaymentID, MoneyOperation, number: Int)

    // Checkout sessions and SCA events.
    /// The platform bound a session to its credential: a session of `apiVersion` taking `limit`
    /// device submissions (0 for none of either), or a one-shot signature or context (SES-1 … SES-5).
    case sessionBound(LifecycleID, apiVersion: Int, limit: Int, oneShot: Bool)
    /// The platform ran an operation on the lifecycle's session, naming `apiVersion` (0 for none):
    /// one the device submitted (an MPGS `updateSession`), or the merchant server's (PAY).
    case sessionUsed(LifecycleID, apiVersion: Int, deviceSubmission: Bool)
    /// The session's lifetime (or a Sips context's inactivity limit) ran out.
    case sessionExpired(LifecycleID)
    /// The platform received an init whose parameters digest to `digest` under the signature
    /// `signature` the merchant gave (SES-3).
    case parametersReceived(LifecycleID, digest: UInt64, signature: UInt64)
    /// The SCA authority opened an event for `operation` (a `SeedStep`'s raw value) allowing
    /// `allowableAttempts` attempts (SCA-1 … SCA-3).
    case scaEventOpened(LifecycleID, operation: UInt8, allowableAttempts: Int)
    /// The event's expirationTime passed.
    case scaEventExpired(LifecycleID)
    /// The authority decided an attempt of the lifecycle's event: the attempt's own status, and
    /// whether the event is verified now (SCA-3, SCA-4).
    case scaAttemptDecided(LifecycleID, attemptVerified: Bool, verified: Bool)
    /// The card platform redeemed the lifecycle's verified event for `operation`'s effect.
    case scaEventRedeemed(LifecycleID, operation: UInt8)
    /// The card platform answered `operation`'s first call `scaRequired` (SCA-1).
    case scaRequested(LifecycleID, operation: UInt8)
    /// The card platform ran `operation`'s effect for the lifecycle (SCA-1).
    case scaProtectedEffect(LifecycleID, operation: UInt8)
    /// The card platform set the card's PIN for the lifecycle: a PIN change's effect (SCA-5).
    case prepaidPinSet(LifecycleID, card: PrepaidCardRef)

    // One-time codes.
    /// A wallet started an OTP for the lifecycle (OTP-1, OTP-2, OTP-4, WAL-2).
    case otpStarted(LifecycleID)
    /// It sent the OTP's code `code`, the first or a resent one that kills the one before.
    case otpCodeSent(LifecycleID, code: UInt64)
    /// The OTP's validity ran out.
    case otpCodeExpired(LifecycleID)
    /// It accepted the submitted `code`: the OTP is verified.
    case otpCodeAccepted(LifecycleID, code: UInt64)

    // Push provisioning.
    /// The card platform initiated the lifecycle's wallet tokenization (PROV-2).
    case tokenizationInitiated(LifecycleID)
    /// It answered the tokenization with `data`, the activation data for `card` and the wallet's `nonce` (PROV-5).
    case activationDataIssued(LifecycleID, data: UInt64, card: PrepaidCardRef, nonce: UInt64)
    /// The PNO activated the lifecycle's token with the pass request's activation data and nonce (PROV-5).
    case activationDataRedeemed(LifecycleID, data: UInt64, nonce: UInt64)
    /// The customer's mobile wallet added the lifecycle's pass, holding its DPAN (PROV-2).
    case passAdded(LifecycleID)
    /// The lifecycle's tokenization lapsed at its completion time: the device holds no token now (PROV-4).
    case tokenizationLapsed(LifecycleID)
    // Verification and token sales.
    /// The gateway opened a zero-amount verification (LC-03) for `lifecycle`; `storeCredential` is
    /// whether the request asked to save the card (VER-1 … VER-3).
    case verificationStarted(PaymentID, lifecycle: LifecycleID, storeCredential: Bool)
    /// A verification ended, on the issuer's answer (or LC-12's): verified or not.
    case verificationEnded(PaymentID, lifecycle: LifecycleID, verified: Bool)
    /// The token service stored a credential (a card-on-file token) for a verification's lifecycle (VER-3).
    case storedCredentialCreated(LifecycleID, verification: PaymentID)
    /// The token service created a card-on-file token in `lifecycle` for `card` and `customer` (TOK-1).
    case tokenCreated(LifecycleID, card: CardID, customer: CustomerID)
    /// The token created in `lifecycle` was deleted (TOK-2).
    case tokenDeleted(LifecycleID)
    /// The gateway started a token payment: the token service resolved the token created in `token`
    /// to `card` for the paying `customer`; `usableCard` is the card's status (TOK-1, TOK-2, TOK-4).
    case tokenPaymentStarted(PaymentID, token: LifecycleID, card: CardID, customer: CustomerID, usableCard: Bool)
    /// The gateway refused a token payment before it started: another customer's token (3101) or
    /// no live token (PAYMENT_TOKEN_NOT_EXIST).
    case tokenPaymentRejected(PaymentID, token: LifecycleID, customer: CustomerID, notOwned: Bool)

    // Cascades.
    /// The gateway sent attempt `attempt` of a sale to provider `attempt.index + 1` of `providers` in
    /// routing order (LC-08); `needs3DS`: that provider asked for a fresh 3-D Secure authentication.
    case cascadeAttemptStarted(AttemptID, providers: Int, needs3DS: Bool)
    /// LC-08 took how a sale's attempt ended: approved, or definitively not approved (declined, or
    /// settled by LC-12), `cascadable` when the reason lets the cascade go on.
    case cascadeAttemptEnded(AttemptID, approved: Bool, cascadable: Bool)
    /// The gateway asked the customer to consent to `attempt`, which needs 3-D Secure (ecommpay `isCascading`).
    case cascadeConsentAsked(AttemptID)
    /// The customer consented or refused, or the consent timer ran out (`timedOut`, a refusal).
    case cascadeConsentAnswered(PaymentID, consented: Bool, timedOut: Bool)

    // Prepaid purchases.
    /// The card platform decided a purchase with `card` through `channel`, while the card had
    /// `status` at the instant of the decision: approved or declined (CARD-3).
    case prepaidPurchaseDecided(LifecycleID, card: PrepaidCardRef, status: CardStatus, channel: PurchaseChannel, approved: Bool)
    /// The platform, as the prepaid card's issuer-processor, held `amount` of the customer's prepaid
    /// balance (`card` is its ledger account) for the purchase of `lifecycle` (G-2, G-3).
    case prepaidHoldPlaced(LifecycleID, card: CardID, amount: Int64)
    /// The platform captured a purchase's hold to the merchant (G-3).
    case prepaidCaptured(LifecycleID, card: CardID, amount: Int64)
    /// A purchase the network did not answer in time was given up: its hold went back to the balance (G-3).
    case prepaidHoldReleased(LifecycleID, card: CardID, amount: Int64)
}

/// Text that goes with an event, kept by the observer until a monitor needs it for a violation's
/// detail: a handle, so events stay plain data.
public struct EventNote: Hashable, Sendable {
    let index: Int
}

/// What a fact or a violation is about: a device lifecycle or a gateway payment.
public enum WorldSubject: Hashable, Sendable, CustomStringConvertible {
    case lifecycle(LifecycleID)
    case payment(PaymentID)
    /// A customer's prepaid card, when no lifecycle's call changed it (the bureau).
    case prepaidCard(PrepaidCardRef)
    /// Money that moves for no lifecycle: the opening balances.
    case world

    /// The subject as the trace records it, so a violation finds its trace records.
    public var traceSubject: UInt64 {
        switch self {
        case .lifecycle(let id): id.rawValue
        case .payment(let id): id.rawValue
        case .prepaidCard(let card): UInt64(card.customer.rawValue)
        case .world: 0
        }
    }

    public var description: String {
        switch self {
        case .lifecycle(let id): id.description
        case .payment(let id): id.description
        case .prepaidCard(let card): card.description
        case .world: "world"
        }
    }
}

/// A merchant's operation on a payment's money, each applied once per its number (AUTH-6).
public enum MoneyOperation: UInt8, Sendable, Hashable {
    case capture, refund
}

/// The form in which an actor keeps a card (G-12). No card numbers are simulated: each store of
/// card data names its form instead, which is what PCI scope and the invariant are about.
public enum CardDataForm: String, Sendable, Hashable {
    /// The full card number (PAN).
    case pan
    /// First six and last four digits, for receipts and card lists.
    case maskedPAN = "masked_pan"
    /// A gateway token or a network token (DPAN): useless outside its domain.
    case token
}

/// A broken invariant: which claim, about what, when, and why.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    public var invariant: String
    public var claim: String
    public var subject: WorldSubject
    public var time: SimTime
    public var detail: String
    /// Liveness violations end a run with exit 2, safety violations with exit 1.
    public var isLiveness: Bool

    public init(invariant: String, claim: String, subject: WorldSubject, time: SimTime, detail: String, isLiveness: Bool) {
        self.invariant = invariant
        self.claim = claim
        self.subject = subject
        self.time = time
        self.detail = detail
        self.isLiveness = isLiveness
    }

    /// The subject as the trace records it.
    public var traceSubject: UInt64 { subject.traceSubject }

    public var description: String { "\(invariant) \(claim)  \(subject)  t=\(time): \(detail)" }
}
