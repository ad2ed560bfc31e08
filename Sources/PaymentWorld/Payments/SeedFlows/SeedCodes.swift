/// The result codes each source system reports (domain §1), so `summary.json` shows a run's
/// outcomes in the vocabulary of the SDK it models.
extension SeedSystem {
    /// Whether a code of this system reports a success.
    public func isSuccessCode(_ code: String) -> Bool {
        [PaymentOutcome.succeeded, .authorized, .captured].contains { self.code(for: $0) == code }
    }

    /// The code for a lifecycle that ended in the card core.
    package func code(for outcome: PaymentOutcome) -> String {
        switch self {
        case .generic: outcome.description
        case .portmone:
            switch outcome {
            case .succeeded, .authorized, .captured: "paid"
            case .declined: "2200"
            case .authenticationFailed: "2110"  // 3-D Secure not validated.
            case .failed: "2100"
            case .timedOut: "2101"
            }
        case .ecommpay:
            switch outcome {
            case .succeeded, .authorized, .captured: "success"
            case .declined: "decline"
            case .authenticationFailed: "104"  // Declined by the 3DS check.
            case .failed: "fail"
            case .timedOut: "NETWORK_TIMEOUT"
            }
        case .mastercard:
            switch outcome {
            case .succeeded, .authorized, .captured: "APPROVED"
            case .declined: "DECLINED"
            case .authenticationFailed: "AUTHENTICATION_FAILED"
            case .failed: "SYSTEM_ERROR"
            case .timedOut: "TIMED_OUT"
            }
        case .sogenactif:
            switch outcome {
            case .succeeded, .authorized, .captured: "00"
            case .declined: "05"
            case .authenticationFailed: "05"  // holderAuthentStatus FAILURE, refused.
            case .failed: "99"
            case .timedOut: "97"
            }
        case .paysafe:
            outcome.isSuccess ? "ok" : outcome.description
        }
    }

    /// The code for a payment that failed for a cause with a code of its own: ecommpay's
    /// operation.code 108 for a challenge the customer did not return from; Sips 17 and MPGS
    /// CANCELLED for a payment the customer cancelled, Sips 97 for one whose deadline passed.
    /// The other systems report these as their failure, authentication failure or decline.
    package func code(for outcome: PaymentOutcome, cause: FailureCause) -> String {
        guard !outcome.isSuccess else { return code(for: outcome) }
        switch (self, cause) {
        case (.ecommpay, .challengeExpired): return "108"
        case (.sogenactif, .customerCancelled): return "17"
        case (.mastercard, .customerCancelled): return "CANCELLED"
        case (.sogenactif, .deadlinePassed): return "97"
        default: return code(for: outcome)
        }
    }

    /// The code for a token payment the gateway refused before it started: ecommpay's 3101 (another
    /// customer's token) or PAYMENT_TOKEN_NOT_EXIST (no live token); the others' refusal.
    func code(for outcome: PaymentOutcome, tokenRefusal: TokenLookupWire.Result) -> String {
        guard self == .ecommpay else { return code(for: outcome) }
        return tokenRefusalCodes[tokenRefusal == .notOwned ? 0 : 1]
    }

    /// The codes of a token payment refused as another customer's and as missing; none for a
    /// system without token sales.
    package var tokenRefusalCodes: [String] { self == .ecommpay ? ["3101", "PAYMENT_TOKEN_NOT_EXIST"] : [] }

    /// The code for a lifecycle that ended at a step, with the step's last answer.
    package func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String {
        switch (self, answer) {
        case (.portmone, .refused):
            switch step {
            case .getCommission: "2013"
            case .start2DVerification: "2018"
            default: "2200"
            }
        case (.portmone, .codeFailed), (.portmone, .expired): "2108"  // An expired code is an invalid one.
        case (.portmone, .retryLater): "2200"
        case (.ecommpay, .refused): step == .tokenizeCard ? "PAYMENT_TOKEN_NOT_EXIST" : "fail"
        case (.ecommpay, .notVerified): "decline"
        case (.mastercard, .apiVersionMismatch): "apiVersionMismatch"
        case (.mastercard, _): "ERROR"
        case (.sogenactif, .refused): "40"
        case (.sogenactif, .retryLater): "90"
        case (.sogenactif, .expired): "97"  // 15 minutes without a customer action.
        case (.paysafe, .refused):
            switch step {
            // The seed names no decline for a purchase; its CardStatus says only an ACTIVE card "can be
            // used for transactions", so a purchase its card's status declines (CARD-3) is the model's
            // cardNotActive, the name it already gives a tokenization refused for the card's status.
            case .tokenizeForWallet, .prepaidPurchase: "cardNotActive"
            case .addPass: "tokenizationFailed"
            default: "invalidTransition"
            }
        case (.paysafe, .scaFailed): "scaFailed"
        case (.paysafe, .expired):
            // A pass not activated, or not reported added, within the provisioning's 600 s.
            step == .updateTokenizationStatus || step == .addPass ? "tokenizationFailed" : "scaExpired"
        case (.paysafe, .retryLater): "activationMismatch"
        default: answer.description
        }
    }

    /// The code for a lifecycle whose step went unanswered through every repeat.
    package var stepTimeoutCode: String {
        switch self {
        case .portmone: "2101"
        case .ecommpay: "NETWORK_TIMEOUT"
        case .mastercard: "TIMED_OUT"
        case .sogenactif: "97"
        case .paysafe, .generic: "timed_out"
        }
    }
}
