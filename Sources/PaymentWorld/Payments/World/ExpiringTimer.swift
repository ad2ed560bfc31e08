import SimulationKernel

/// The timers of domain.md §2.7 whose expiry is a path a run can take, each counted when it
/// fires and moves its lifecycle (`PaymentCounters.expiries`, `paystorm coverage`'s timer table).
public enum ExpiringTimer: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The gateway's wait for the ARes (10 s): the result is U.
    case aResResponse
    /// The gateway's wait for the RReq after ARes C or D (600 s): no result, U; the customer did
    /// not return from the ACS (ecommpay 108).
    case challengeCompletion
    /// The gateway's wait for the authorization answer (10 s): the outcome is unknown (LC-12).
    case authorizationResponse
    /// An OTP or 2D SMS code's validity at the wallet (300 s): LC-07 `codeExpired` (Portmone 2108).
    case otpValidity
    /// A Paysafe SCA event's expirationTime (300 s): LC-10 `eventExpired` (scaExpired).
    case scaEventExpiry
    /// A checkout session's lifetime (MPGS about 15 minutes, ecommpay's signed session alike):
    /// LC-00 `expire` (an update after it: MPGS ERROR).
    case sessionLifetime
    /// A Sips context's 15 minutes without a customer action: LC-00 `expire` (97).
    case sessionInactivity
    /// A Paysafe push provisioning not completed within 600 s: the tokenization lapses
    /// (tokenizationFailed).
    case provisioningCompletion
    /// An automatic-capture authorization's capture day (Sips AUTHOR_CAPTURE `captureDay`, ecommpay's
    /// timed auto-capture): LC-02 `captureDayReached`, captured in full.
    case captureDay
    /// A prepaid card's expiry date (its creation plus `cardValidity`), met lazily by the next call
    /// or platform step on the card: LC-09 `expiryReached`.
    case cardValidity
    /// A card-on-file token's expiry (its order plus `tokenValidity`), met lazily by its
    /// provisioning request or its next use: LC-04 `expire`.
    case tokenValidity

    public var description: String {
        switch self {
        case .aResResponse: "aResResponse"
        case .challengeCompletion: "challengeCompletion"
        case .authorizationResponse: "authorizationResponse"
        case .otpValidity: "otpValidity"
        case .scaEventExpiry: "scaEventExpiry"
        case .sessionLifetime: "sessionLifetime"
        case .sessionInactivity: "sessionInactivity"
        case .provisioningCompletion: "provisioningCompletion"
        case .captureDay: "captureDay"
        case .cardValidity: "cardValidity"
        case .tokenValidity: "tokenValidity"
        }
    }

    /// The scenario field that sets its duration.
    public var field: String {
        switch self {
        case .aResResponse: "policies.timeouts.authentication"
        case .challengeCompletion: "policies.timeouts.challenge"
        case .authorizationResponse: "policies.timeouts.authorization"
        case .otpValidity, .scaEventExpiry, .sessionLifetime, .sessionInactivity, .provisioningCompletion, .captureDay,
             .cardValidity, .tokenValidity:
            "policies.timeouts.\(self)"
        }
    }

    /// Its duration in a configuration.
    public func duration(in timeouts: PaymentTimeouts) -> SimDuration {
        switch self {
        case .aResResponse: timeouts.authentication
        case .challengeCompletion: timeouts.challenge
        case .authorizationResponse: timeouts.authorization
        case .otpValidity: timeouts.otpValidity
        case .scaEventExpiry: timeouts.scaEventExpiry
        case .sessionLifetime: timeouts.sessionLifetime
        case .sessionInactivity: timeouts.sessionInactivity
        case .provisioningCompletion: timeouts.provisioningCompletion
        case .captureDay: timeouts.captureDay
        case .cardValidity: timeouts.cardValidity
        case .tokenValidity: timeouts.tokenValidity
        }
    }

    /// What its expiry does, in the systems' words.
    public var consequence: String {
        switch self {
        case .aResResponse: "3-D Secure result U: declined unless the policy proceeds on U"
        case .challengeCompletion: "no RReq: U, declined (ecommpay 108: the customer did not return from the ACS)"
        case .authorizationResponse: "outcome unknown: inquiry, then reversal (LC-12)"
        case .otpValidity: "LC-07 awaitingCode × codeExpired; a code typed after it: Portmone 2108"
        case .scaEventExpiry: "LC-10 challenged (or verified) × eventExpired; an attempt after it: Paysafe scaExpired"
        case .sessionLifetime: "LC-00 × expire; an MPGS updateSession or PAY / AUTHORIZE with the session after it: ERROR"
        case .sessionInactivity: "LC-00 × expire; a Sips getWalletData, cardOrder or walletOrder after it: 97"
        case .provisioningCompletion: "the initiated token lapses; updateTokenizationStatus after it: Paysafe tokenizationFailed"
        case .captureDay: "LC-02 authorized × captureDayReached: the platform captures the authorization in full"
        case .cardValidity: "LC-09 × expiryReached: the card is expired and the call that met it refused"
        case .tokenValidity: "LC-04 × expire: no token is made, or it is removed; the call or sale: PAYMENT_TOKEN_NOT_EXIST"
        }
    }
}


