import SimulationKernel

/// The messages and timers of the payments world, as event kinds. Requests and responses come
/// in pairs. `subject` is the identity of the record the event is about, slot | generation << 32
/// (`SlotLayout`): the device's `LifecycleID` up to the gateway's front door, the gateway's
/// `PaymentID` behind it (`subjectName`), so a message for a slot that has since been reused is
/// recognised as stale and dropped.
enum PaymentMessage: UInt32, CaseIterable {
    // Device and merchant.
    case lifecycleDue = 1          // Device to itself: the next arrival.
    case checkoutRequest           // Device → merchant; argument: CheckoutWire (the call's serial, a re-init).
    case checkoutResponse          // Merchant → device; argument: OutcomeWire.
    case lifecycleDeadline         // Device to itself: the earliest budget in flight ran out.
    case merchantCallTimedOut      // Merchant to itself; argument: try number.
    case captureDue                // Merchant to itself; also its capture retry.
    case checkoutTimedOut          // Device to itself: its call went unanswered; argument: the call's serial.
    // Merchant and gateway.
    case paymentRequest            // argument: idempotency key.
    case paymentResponse           // argument: PaymentOutcome (callbacks arrive at least once).
    case captureRequest            // argument: CaptureWire (amount, the merchant's capture number, final).
    case captureResponse           // argument: CaptureWire answer (1 captured, 0 refused; the capture number).
    case refundRequest             // argument: RefundWire (amount, the merchant's refund number).
    case refundResponse
    // 3-D Secure.
    case authenticationRequest     // Gateway → directory server → ACS (AReq).
    case challengeRequest          // ACS → device (CReq).
    case challengeResponse         // Device → ACS (CRes); argument: ChallengeAnswer.
    case authenticationResult      // ACS → directory server → gateway (ARes or RReq); argument: TransStatus index.
    case authenticationTimedOut    // Gateway to itself; argument: timer generation.
    // Authorization, over acquirer → network → issuer and back. argument: attempt | code << 8.
    case authorizationRequest
    case authorizationResponse
    case authorizationTimedOut     // Gateway to itself; argument: timer generation.
    case standInDue                // Network to itself; argument: attempt.
    case standInAdvice             // Network → issuer: it approved on the issuer's behalf.
    // Outcome resolution (LC-12).
    case inquiryRequest
    case inquiryResponse           // argument: attempt | resolution << 8.
    case reversalRequest
    case reversalResponse
    case resolutionTimedOut        // Gateway to itself; argument: timer generation.
    case challengeTimedOut         // Gateway to itself; argument: timer generation.
    case recordRetired             // Gateway to itself: a finished payment's record can go.
    // Seed-system steps (argument: StepWire).
    case stepRequest               // Device → the step's server.
    case stepAnswer                // Server → device.
    case stepTimedOut              // Device to itself; argument: the call's serial.
    case stepRetryDue              // Device to itself: the backoff after "retry later" ended.
    case codeSent                  // Wallet → message channel; argument: the code.
    case codeDelivered             // Message channel → device; argument: the code.
    case codeTyped                 // Device to itself: the customer typed the code (argument).
    case scaReady                  // Device to itself: the customer is ready for an SCA attempt.
    case scaRedeem                 // Card platform → SCA authority: is the event verified and unused?
    case scaRedeemed               // SCA authority → card platform; argument: step | 1 << 8 when it was.
    case cardIssued                // Card platform to itself: a physical card came back from the bureau.
    case pnoRequest                // Mobile wallet → token service (the PNO): activate the pass.
    case pnoAnswer                 // Token service → mobile wallet; argument: 1 approved.
    case otpExpired                // Wallet to itself: an OTP's validity ran out; argument: timer generation.
    case holdBooked                // Issuer to itself: a decision taken, its hold booked (a planted race only).
    case voidRequest               // Merchant → gateway: release an authorization it will not capture.
    case voidResponse              // Gateway → merchant; argument: 1 voided (or nothing left to void).
    case voidDue                   // Merchant to itself: ask for the void again until answered.
    case captureAdvice             // Gateway → issuer: an approval was captured (clearing); argument: attempt.
    case decoupledAnswered         // ACS to itself: the cardholder answered out of band (ARes D); argument: 1 passed.
    case sessionExpired            // Platform to itself: a checkout session's lifetime ran out; argument: timer generation.
    case scaOpened                 // Card platform → SCA authority: an operation answered scaRequired; argument: step.
    case scaEventExpired           // SCA authority to itself: the event's expirationTime passed; argument: timer generation.
    case provisioningExpired       // Card platform to itself: a push provisioning's completion time ran out; argument: timer generation.
    // Verification and token sales.
    case verificationRequest       // Platform → gateway: verify the lifecycle's card for 0 (LC-03); argument: 1 to save it.
    case verificationResponse      // Gateway → platform; argument: 1 verified.
    case storeCredentialRequest    // Gateway → token service: save the verified card as a token (VER-3).
    case tokenLookupRequest        // Gateway → token service; subject: the token's lifecycle; argument: the payment.
    case tokenLookupResponse       // Token service → gateway; argument: TokenLookupWire.
    case tokenLookupTimedOut       // Gateway to itself; argument: timer generation.
    // Cascades (LC-08).
    case cascadeConsentRequest     // Gateway → device: the next provider needs 3DS, may it go on? subject: order; argument: payment.
    case cascadeConsentGiven       // Device to itself: the customer answered; then device → gateway, subject: payment; argument: 1 consents.
    case cascadeConsentTimedOut    // Gateway to itself; argument: timer generation.
    // Capture modes (LC-02).
    case captureDayDue             // Gateway to itself: an automatic-capture authorization's capture day; argument: timer generation.
    // Refunds (LC-02 Refund): merchant → gateway → acquirer and back.
    case refundDue                 // Merchant to itself: ask for a refund again until answered; argument: its number.
    case refundTimedOut            // Gateway to itself; argument: RefundTimerWire.
    // Push provisioning (LC-11) at the app.
    case identityVerificationRequired  // Mobile wallet → device: the Google token needs identity verification first.
    case identityVerified          // Device to itself: the customer verified; argument: the call's serial.
    case provisioningTimedOut      // Device to itself: the 600 s provisioning budget ran out; argument: its serial.
    // LC-01's own ends at the gateway, and LC-12's wait before it asks.
    case paymentCancelDue          // Device to itself: the customer taps cancel on the progress screen.
    case paymentCancel             // Device → merchant → gateway: the customer cancelled the order's payment.
    case paymentDeadlinePassed     // Gateway to itself: the earliest sale deadline in flight passed; argument: its serial.
    case inquiryDue                // Gateway to itself: the inquiry delay ended; argument: timer generation.
    // SCA (LC-10), after a redeem.
    case scaApplied                // Card platform → SCA authority: the redeemed operation's own answer; argument: ScaRedeemWire (1 << 8 applied).
    // The app's side of a payment whose answer went missing (E1/E2).
    case checkoutRestored          // Merchant → device: a re-init found the payment still running; argument: the call's serial.
    case appReinitDue              // Device to itself: ask again for the same payment; argument: the call's serial.
    case secondTapDue              // Device to itself: the customer taps pay again.
    case decoupledStarted          // Gateway → device: ARes D, the cardholder approves in their banking app.
    // 3-D Secure 1.0's way back from the ACS page: the PaRes and MD posted to the merchant's TermUrl.
    case paResPosted               // ACS → device (the TermUrl page passes it into the app); subject: MD, the payment; argument: WireTransStatus.
    case paResForwarded            // Device → gateway, the PaRes the app hands on; subject: MD; argument: WireTransStatus.
    // A prepaid purchase: the card platform's API face, the token service, the network, and the platform as the card's issuer-processor.
    case prepaidDetokenizeRequest  // Card platform → token service: the wallet token's card; argument: PrepaidTokenWire.
    case prepaidDetokenizeResponse // Token service → card platform; argument: 1 when the token is the customer's card's.
    case prepaidAuthorizationRequest   // Card platform → network → card platform (issuer-processor); argument: the channel.
    case prepaidAuthorizationResponse  // Card platform (issuer-processor) → network → card platform; argument: PrepaidDecision.
    case prepaidPurchaseTimedOut   // Card platform to itself: the network did not answer a purchase in time; argument: its ticket.

    /// A served copy of a message: delivered to the actor itself when its station finishes it.
    static let servedFlag: UInt32 = 0x8000_0000

    /// The subject of an event at an actor as the identity it is, for traces: `payment#2.1`,
    /// `lifecycle#2.1`, or `-` for the device's arrival timer, which is about no record yet, and the
    /// device's and the gateway's deadline checks, which are about everything in flight.
    static func subjectName(_ kind: UInt32, _ subject: UInt64, at actor: PaymentActorKind) -> String {
        let message = PaymentMessage(rawValue: kind & ~servedFlag)
        if message == .lifecycleDue || message == .lifecycleDeadline || message == .paymentDeadlinePassed { return "-" }
        return namesPayment(message, at: actor)
            ? PaymentID(rawValue: subject).description : LifecycleID(rawValue: subject).description
    }

    /// Whether the actor keys this message by the gateway's payment rather than the device's lifecycle.
    private static func namesPayment(_ message: PaymentMessage?, at actor: PaymentActorKind) -> Bool {
        switch actor {
        case .network: message != .prepaidAuthorizationRequest && message != .prepaidAuthorizationResponse
        case .directoryServer, .acquirer, .backupAcquirer, .issuer: true
        case .acs: message == .authenticationRequest
        case .gateway:
            switch message {
            case .paymentRequest, .captureRequest, .voidRequest, .refundRequest, .verificationRequest, .paymentCancel: false
            default: true
            }
        case .device: message == .cascadeConsentGiven || message == .paResPosted  // Addressed to the gateway's payment.
        case .merchant, .platform, .wallet, .messageChannel, .tokenService, .cardPlatform, .scaAuthority, .mobileWallet: false
        }
    }

    static func name(_ kind: UInt32) -> String {
        let served = kind & servedFlag != 0
        guard let message = PaymentMessage(rawValue: kind & ~servedFlag) else { return "kind\(kind)" }
        return "\(message)" + (served ? "·served" : "")
    }
}

/// Why a payment failed, when a system's code says more than "failed": the customer left the ACS
/// page until the challenge expired (ecommpay operation.code 108), cancelled the payment while it
/// ran (Sips 17, "aborted by the buyer"), or the gateway's payment deadline passed (Sips 97, its
/// 15 minutes without an answer).
public enum FailureCause: UInt64, Sendable, Hashable, CaseIterable {
    case unstated = 0, challengeExpired, customerCancelled, deadlinePassed
    /// The cardholder left the 3-D Secure page (LC-06 abandon): not the system's error.
    case challengeAbandoned
}

/// A payment's outcome on the wire (gateway → merchant → device): the outcome, why it failed when
/// that has a code of its own, why a token payment was refused before it started, and the
/// issuer's reason for a decline, which each system reports in its own words.
enum OutcomeWire {
    static let cause = WireField(from: 8, bits: 3)

    /// A token payment refused before it started: why (`TokenLookupWire.Result`, 0 when it was not).
    static let tokenRefusal = WireField(from: 11, bits: 2)

    /// The issuer's answer that declined the payment (`IssuerAnswer`, 0 when no issuer declined it).
    static let declinedBy = WireField(from: 13, bits: 4)

    /// Set on the merchant's answer to the app's re-init of a payment already final (ecommpay
    /// PAYMENT_HAS_FINAL_STATUS, with the final status).
    static let foundFinal = WireField(from: 17, bits: 1)

    static func encode(_ outcome: PaymentOutcome, cause: FailureCause = .unstated,
                       tokenRefusal: TokenLookupWire.Result? = nil, declinedBy: IssuerAnswer? = nil,
                       foundFinal: Bool = false) -> UInt64 {
        outcome.rawValue | Self.cause.write(outcome.isSuccess ? 0 : cause.rawValue)
            | Self.tokenRefusal.write(tokenRefusal?.rawValue ?? 0)
            | Self.declinedBy.write(outcome == .declined ? declinedBy?.rawValue ?? 0 : 0)
            | Self.foundFinal.write(foundFinal ? 1 : 0)
    }

    static func isFoundFinal(_ argument: UInt64) -> Bool { foundFinal.read(argument) == 1 }

    static func declinedBy(of argument: UInt64) -> IssuerAnswer? {
        let answer = IssuerAnswer(rawValue: declinedBy.read(argument))
        return answer == .approved ? nil : answer
    }

    static func tokenRefusal(of argument: UInt64) -> TokenLookupWire.Result? {
        let refusal = TokenLookupWire.Result(rawValue: tokenRefusal.read(argument))
        return refusal == .resolved ? nil : refusal
    }

    static func outcome(of argument: UInt64) -> PaymentOutcome { PaymentOutcome(rawValue: argument & 0xFF) ?? .failed }

    static func cause(of argument: UInt64) -> FailureCause { FailureCause(rawValue: cause.read(argument)) ?? .unstated }
}

/// The app's call to the merchant for a payment (`checkoutRequest`): the call's serial, which the
/// merchant's "still running" answer carries back so a copy of an old answer is known as old, and
/// whether it is a re-init of a payment the app asked for before.
enum CheckoutWire {
    static let serial = WireField(from: 0, bits: 32)
    static let reinit = WireField(from: 32, bits: 1)

    static func encode(serial: UInt32, reinit: Bool) -> UInt64 {
        Self.serial.write(UInt64(serial)) | Self.reinit.write(reinit ? 1 : 0)
    }

    /// Set on the merchant's `checkoutRestored` that says the payment is authorized and waits for
    /// the merchant's capture, which the lifecycle ends with.
    static let held = WireField(from: 33, bits: 1)
    /// Set on a second pay of the same payment (a double tap), and on the merchant's refusal of it.
    static let secondPay = WireField(from: 34, bits: 1)

    static func serial(of argument: UInt64) -> UInt32 { UInt32(serial.read(argument)) }
    static func isReinit(_ argument: UInt64) -> Bool { reinit.read(argument) == 1 }
}

/// How a payment ended, as the gateway reports it to the merchant and the merchant to the device.
public enum PaymentOutcome: UInt64, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case succeeded = 0
    case authorized = 1
    case captured = 2
    case declined = 3
    case authenticationFailed = 4
    case failed = 5
    case timedOut = 6

    public var description: String {
        switch self {
        case .succeeded: "succeeded"
        case .authorized: "authorized"
        case .captured: "captured"
        case .declined: "declined"
        case .authenticationFailed: "authentication_failed"
        case .failed: "failed"
        case .timedOut: "timed_out"
        }
    }

    var isSuccess: Bool { self == .succeeded || self == .authorized || self == .captured }

    /// Whether reports count this outcome as a success.
    public var isSuccessForReports: Bool { isSuccess }
}

/// A field of a message's 64-bit `argument`: `width` bits from bit `shift`. Every layout below is
/// built from these, so no shift or mask is written twice and a value too wide for its field is
/// caught where it is packed.
struct WireField {
    let shift: UInt64
    let width: UInt64

    init(from shift: UInt64, bits width: UInt64) {
        self.shift = shift
        self.width = width
    }

    var mask: UInt64 { width >= 64 ? .max : (1 << width) - 1 }
    /// The largest value the field holds.
    var limit: UInt64 { mask }

    @inline(__always) func read(_ word: UInt64) -> UInt64 { word >> shift & mask }

    @inline(__always) func write(_ value: UInt64) -> UInt64 {
        assert(value <= mask, "\(value) does not fit in \(width) bits")
        return (value & mask) << shift
    }
}

/// An authorization attempt and a small code, through acquirer → network → issuer and back:
/// which attempt a request, answer, inquiry or reversal is about, and the issuer's answer or the
/// inquiry's finding.
/// A refund request on the wire: the amount and the merchant's number for this refund of the order,
/// so that a copy of the request (a duplicate on the network) is known for the same operation (AUTH-6).
enum RefundWire {
    static let amount = WireField(from: 0, bits: 56)
    static let operation = WireField(from: 56, bits: 8)

    static func encode(amount: Int64, operation: Int) -> UInt64 {
        Self.amount.write(UInt64(amount)) | Self.operation.write(UInt64(operation))
    }
    static func amount(of argument: UInt64) -> Int64 { Int64(Self.amount.read(argument)) }
    static func operation(of argument: UInt64) -> Int { Int(Self.operation.read(argument)) }
}

/// A capture on the wire: its amount, the merchant's number for it (1 for the first part), and
/// whether it is the final capture of a multi-capture authorization. The answer carries the
/// number back, so the merchant can tell which part it answers.
enum CaptureWire {
    static let amount = WireField(from: 0, bits: 48)
    static let operation = WireField(from: 48, bits: 8)
    static let final = WireField(from: 56, bits: 1)
    static let ok = WireField(from: 57, bits: 1)

    static func encode(amount: Int64, operation: Int, final: Bool) -> UInt64 {
        Self.amount.write(UInt64(amount)) | Self.operation.write(UInt64(operation)) | Self.final.write(final ? 1 : 0)
    }
    static func answer(ok: Bool, operation: Int) -> UInt64 {
        Self.operation.write(UInt64(operation)) | Self.ok.write(ok ? 1 : 0)
    }
    static func amount(of argument: UInt64) -> Int64 { Int64(Self.amount.read(argument)) }
    static func operation(of argument: UInt64) -> Int { Int(Self.operation.read(argument)) }
    static func isFinal(_ argument: UInt64) -> Bool { Self.final.read(argument) == 1 }
    static func isOK(_ argument: UInt64) -> Bool { Self.ok.read(argument) == 1 }
}

/// A refund's answer on the wire (acquirer → gateway, gateway → merchant): which refund of the
/// order, how it ended, and the code of a decline.
enum RefundAnswerWire {
    enum Result: UInt64 {
        /// The money went back to the card.
        case refunded = 1
        /// The acquirer declined it, or it was found not made.
        case declined = 2
        /// Above what is left to refund (ecommpay 903): the gateway refused it before sending it.
        case exceedsPayment = 3
    }

    static let operation = WireField(from: 0, bits: 8)
    static let result = WireField(from: 8, bits: 8)
    static let code = WireField(from: 16, bits: 16)

    static func encode(operation: Int, _ result: Result, code: ResponseCode = .approved) -> UInt64 {
        Self.operation.write(UInt64(operation)) | Self.result.write(result.rawValue)
            | Self.code.write(UInt64(refundCodes.firstIndex(of: code) ?? 0))
    }
    static func operation(of argument: UInt64) -> Int { Int(Self.operation.read(argument)) }
    static func result(of argument: UInt64) -> Result? { Result(rawValue: Self.result.read(argument)) }
    static func code(of argument: UInt64) -> ResponseCode {
        let index = Int(Self.code.read(argument))
        return index < refundCodes.count ? refundCodes[index] : .error
    }

    /// The codes a refund's answer carries, by index on the wire.
    private static let refundCodes: [ResponseCode] = [.approved, .invalidCardNumber, .refundsExceedPayment]
}

/// A refund's response timer at the gateway: which refund of the payment, and its serial, so a
/// timer whose wait was answered is told from the live one.
enum RefundTimerWire {
    static let operation = WireField(from: 0, bits: 8)
    static let serial = WireField(from: 8, bits: 32)

    static func encode(operation: Int, serial: UInt32) -> UInt64 {
        Self.operation.write(UInt64(operation)) | Self.serial.write(UInt64(serial))
    }
    static func operation(of argument: UInt64) -> Int { Int(Self.operation.read(argument)) }
    static func serial(of argument: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: Self.serial.read(argument)) }
}

enum AttemptWire {
    static let attempt = WireField(from: 0, bits: 8)
    static let code = WireField(from: 8, bits: 56)

    static func encode(_ attempt: Int, code: UInt64 = 0) -> UInt64 {
        Self.attempt.write(UInt64(attempt)) | Self.code.write(code)
    }
    static func attempt(of argument: UInt64) -> Int { Int(Self.attempt.read(argument)) }
    static func code(of argument: UInt64) -> UInt64 { Self.code.read(argument) }
}

/// A seed step on the wire. A request carries the step, the call's number and a payload (a code,
/// an API version, the operation an SCA attempt is for); an answer the step, the answer, the call
/// it answers (so the app can tell a duplicate of an earlier answer) and a payload.
enum StepWire {
    static let step = WireField(from: 0, bits: 8)
    static let call = WireField(from: 8, bits: 16)
    static let requestPayload = WireField(from: 24, bits: 40)
    static let answer = WireField(from: 8, bits: 8)
    static let answeredCall = WireField(from: 16, bits: 16)
    static let answerPayload = WireField(from: 32, bits: 32)
    /// Calls are numbered in 16 bits: a lifecycle that makes more wraps around.
    static let callMask = Int(call.mask)

    static func request(_ step: SeedStep, try attempt: Int, payload: UInt64 = 0) -> UInt64 {
        Self.step.write(UInt64(step.rawValue)) | call.write(UInt64(attempt & callMask)) | requestPayload.write(payload)
    }
    /// An answer's word; a step of nil (an answer to a call whose step the server could not read) is 0.
    static func answer(_ step: SeedStep?, _ answer: StepAnswer, call: Int, payload: UInt64 = 0) -> UInt64 {
        Self.step.write(UInt64(step?.rawValue ?? 0)) | Self.answer.write(UInt64(answer.rawValue))
            | answeredCall.write(UInt64(call & callMask)) | answerPayload.write(payload)
    }
    static func step(of argument: UInt64) -> SeedStep? { SeedStep(rawValue: UInt8(Self.step.read(argument))) }
    /// The call's number: a lifecycle numbers its calls 1, 2, 3… so a server tells a new call from a late copy.
    static func attempt(of request: UInt64) -> Int { Int(call.read(request)) }
    static func payload(of request: UInt64) -> UInt64 { requestPayload.read(request) }
    static func call(of answer: UInt64) -> Int { Int(answeredCall.read(answer)) }
    static func answer(of argument: UInt64) -> StepAnswer { StepAnswer(rawValue: UInt8(Self.answer.read(argument))) ?? .refused }
    static func answerPayload(of answer: UInt64) -> UInt64 { answerPayload.read(answer) }
}

/// The payload of a wallet `tokenize` call: the wallet's nonce the activation data is bound to
/// (PROV-5), and whether the call carries a verified SCA event's details (the second call).
enum TokenizeWire {
    static let withSca = WireField(from: 0, bits: 1)
    static let nonce = WireField(from: 1, bits: 14)

    static func request(nonce: UInt64, withSca: Bool) -> UInt64 { Self.nonce.write(nonce) | Self.withSca.write(withSca ? 1 : 0) }
    static func nonce(of payload: UInt64) -> UInt64 { nonce.read(payload) }
}

/// The payload of an MPGS `updateSession`: whether the app names the API version before the
/// session's (bit 0), and whether the customer will change this card for another (bit 1).
enum SessionUpdateWire {
    static func request(stale: Bool, cardToChange: Bool) -> UInt64 { (stale ? 1 : 0) | (cardToChange ? 2 : 0) }
    static func isStale(_ payload: UInt64) -> Bool { payload & 1 == 1 }
    static func cardToChange(_ payload: UInt64) -> Bool { payload & 2 == 2 }
}

/// The card platform's redemption of an SCA event at the SCA authority: the protected operation,
/// and in the answer whether a verified event was redeemed for it.
enum ScaRedeemWire {
    static let operation = WireField(from: 0, bits: 8)
    static let verified = WireField(from: 8, bits: 1)

    static func answer(_ operation: UInt64, verified: Bool) -> UInt64 {
        Self.operation.write(operation) | Self.verified.write(verified ? 1 : 0)
    }
    static func operation(of argument: UInt64) -> UInt64 { Self.operation.read(argument) }
    static func isVerified(_ argument: UInt64) -> Bool { verified.read(argument) == 1 }
}

/// The payload of a prepaid card's creation answer: whether a new card is physical, and if so in
/// how many milliseconds the bureau delivers it; for a card the customer already has, its status,
/// which the app shows and picks the customer's next action by.
enum CardCreatedWire {
    static let physical = WireField(from: 0, bits: 1)
    static let deliveryMilliseconds = WireField(from: 1, bits: 28)
    static let status = WireField(from: 29, bits: 3)
    static let statuses: [CardStatus?] = [nil, .applied, .issued, .digital, .active, .locked, .cancelled, .expired]

    static func encode(physical: Bool, delivery: SimDuration, status: CardStatus? = nil) -> UInt64 {
        let milliseconds = UInt64(max(0, min(delivery.nanoseconds / 1_000_000, Int64(deliveryMilliseconds.limit))))
        return Self.physical.write(physical ? 1 : 0) | deliveryMilliseconds.write(physical ? milliseconds : 0)
            | Self.status.write(UInt64(statuses.firstIndex(of: status) ?? 0))
    }
    static func isPhysical(_ payload: UInt64) -> Bool { physical.read(payload) == 1 }
    static func delivery(_ payload: UInt64) -> SimDuration { .milliseconds(Int64(deliveryMilliseconds.read(payload))) }
    static func status(_ payload: UInt64) -> CardStatus? { statuses[Int(status.read(payload))] }
}

/// Issuer answers as small codes on the wire, mapped to ISO response codes at the gateway.
enum IssuerAnswer: UInt64, CaseIterable {
    /// The codes the issuer answers a payment with: its approval and its decline reasons (not the
    /// verification's 85, nor the acquirer's system error, which is not an issuer's answer).
    static let payments: [String] = allCases.filter { $0 != .noReasonToDecline && $0 != .acquirerSystemError }
        .map(\.responseCode.rawValue).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }

    /// The answer that declines with `code`, for telling the merchant why; nil for an approval or
    /// a code no issuer answer gives.
    static func declining(_ code: ResponseCode) -> IssuerAnswer? {
        allCases.first { $0.responseCode == code && $0.responseCode != .approved && $0 != .noReasonToDecline }
    }

    case approved = 0, insufficientFunds, doNotHonor, issuerUnavailable, restrictedCard, standInApproved
    case exceedsAmountLimit, exceedsFrequencyLimit
    case invalidCardNumber, expiredCard, notPermittedToCardholder, systemMalfunction
    /// 85: a zero-amount verification approved (ISO "no reason to decline").
    case noReasonToDecline
    /// Not the issuer's: the acquirer's host lost the issuer's answer to a system error of its own
    /// (MPGS `ACQUIRER_SYSTEM_ERROR`), so nobody at the gateway knows what the issuer decided.
    case acquirerSystemError

    var responseCode: ResponseCode {
        switch self {
        case .approved, .standInApproved: .approved
        case .insufficientFunds: .insufficientFunds
        case .doNotHonor: .doNotHonor
        case .issuerUnavailable: .issuerInoperative
        case .restrictedCard: .restrictedCard
        case .exceedsAmountLimit: .exceedsAmountLimit
        case .exceedsFrequencyLimit: .exceedsFrequencyLimit
        case .invalidCardNumber: .invalidCardNumber
        case .expiredCard: .expiredCard
        case .notPermittedToCardholder: .notPermittedToCardholder
        case .systemMalfunction: .systemMalfunction
        case .noReasonToDecline: .noReasonToDecline
        case .acquirerSystemError: .systemMalfunction
        }
    }
}

/// TransStatus on the wire: an ARes's or RReq's result by its index, and a challenge (ARes C,
/// which only extends the gateway's wait) by a code of its own.
enum WireTransStatus {
    /// The final statuses, in the order summary.json counts them.
    static let all: [TransStatus] = [.authenticated, .attempted, .notAuthenticated, .unavailable, .rejected, .informational]
    /// An ARes that asks for a challenge: the result comes later, in the RReq.
    static let challengeRequired: UInt64 = 99
    /// An ARes that asks for a decoupled authentication: the result comes later, in the RReq.
    static let decoupled: UInt64 = 98
    /// The cardholder cancelled the challenge: an RReq N with `challengeCancel` (EMV 3DS 2), or the
    /// ACS page's cancel (3DS 1.0), which the gateway takes as the customer abandoning the payment.
    static let cancelled: UInt64 = 97
    /// The directory server's `Erro`: it could not route the AReq to an ACS.
    static let erro: UInt64 = 96
    /// 3-D Secure 1.0's VERes N for a card outside 3-D Secure, no attempt credited (NOT_ENROLLED).
    static let notEnrolled: UInt64 = 95

    static func encode(_ status: TransStatus) -> UInt64 {
        switch status {
        case .challengeRequired: challengeRequired
        case .decoupled: decoupled
        default: UInt64(all.firstIndex(of: status) ?? 3)
        }
    }
    /// What the 3DS server hears: a status, the cardholder's cancellation, or the DS's `Erro`.
    static func answer(_ value: UInt64) -> ThreeDSAnswer {
        switch value {
        case cancelled: .cancelled
        case erro: .erro
        case notEnrolled: .notEnrolled
        default: .status(decode(value))
        }
    }

    static func decode(_ value: UInt64) -> TransStatus {
        if value == challengeRequired { return .challengeRequired }
        if value == decoupled { return .decoupled }
        return value < UInt64(all.count) ? all[Int(value)] : .unavailable
    }
}

/// An answer that reaches the gateway about a payment's 3-D Secure (through the directory server).
enum ThreeDSAnswer: Hashable {
    case status(TransStatus)
    case cancelled
    case erro
    /// VERes N: the card takes no part in 3-D Secure 1.0.
    case notEnrolled
}

/// The cardholder's answer to a challenge, device → ACS (CRes, or the ACS page's form).
enum ChallengeAnswer: UInt64 {
    case failed = 0
    case passed = 1
    case cancelled = 2
}

/// The token service's answer to a token lookup: the token's card, or why the payment may not use it.
enum TokenLookupWire {
    enum Result: UInt64 {
        case resolved = 0
        /// Another customer's token (ecommpay 3101).
        case notOwned
        /// No live token: never created, refused, deleted or expired (PAYMENT_TOKEN_NOT_EXIST).
        case missing
    }

    static let result = WireField(from: 0, bits: 8)
    static let card = WireField(from: 8, bits: 32)

    static func encode(_ result: Result, card: CardID = CardID(0)) -> UInt64 {
        Self.result.write(result.rawValue) | Self.card.write(UInt64(card.rawValue))
    }
    static func result(of argument: UInt64) -> Result { Result(rawValue: Self.result.read(argument)) ?? .missing }
    static func card(of argument: UInt64) -> CardID { CardID(UInt32(Self.card.read(argument))) }
}
