/// What an unknown outcome turned out to be once LC-12 settled it.
public enum Resolution: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public var description: String { rawValue }

    /// The issuer approved: the approval stands (or is reversed later if the payment already went final, SALE-4).
    case approved
    /// Declined, never received, or reversed: confirmed to have no effect (CAS-4).
    case notApproved
}

/// Why a payment, authorization or cascade ended declined (domain.md §2.4, §2.6).
public enum DeclineReason: Sendable, Hashable {
    /// Authentication ended N, R, I, or U without the proceed-on-unavailable policy (SALE-5, G-9).
    case authentication(TransStatus)
    /// Authentication did not finish in time.
    case authenticationTimedOut
    /// The issuer, acquirer or platform declined with this code.
    case issuer(code: ResponseCode)
    /// An unknown outcome that LC-12 resolved as not approved.
    case outcomeNotApproved
    /// The customer refused (or did not answer) a cascade that needs 3DS (CAS-7).
    case cascadeNotConsented
}

/// The status reported to the merchant (callbacks, RES-4); the merchant dedupes by (payment, status).
public enum PaymentStatus: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public var description: String { rawValue }

    case succeeded, declined, failed
    case authorized, captured, voided, expired
    case refunded, refundDeclined
    case verified, notVerified
}

/// A ledger posting, by business event (domain.md §2.3). The ledger turns it into transfers between accounts,
/// with fees and commissions, so the lifecycles only name the money they move.
public enum Posting: Sendable, Hashable {
    /// card.available → card.held.
    case hold(MinorUnits)
    /// card.held → merchant.pending (minus fee) and gateway.fees.
    case captureFromHold(MinorUnits)
    /// card.held → card.available.
    case releaseHold(MinorUnits)
    /// card.available → merchant.pending (minus fee) and gateway.fees; [P] adds payee and commission.
    case sale(MinorUnits)
    /// merchant.pending (or settled) → card.available.
    case refund(MinorUnits)
}

/// The timers lifecycles ask for, by budget (domain.md §2.7). The actor maps each to a scenario-configured duration.
public enum TimerKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public var description: String { rawValue }

    case hopResponse, authorizationResponse, acquirerReversal
    case threeDSMethod, aResResponse, firstChallengeRequest, challengeCompletion, decoupledMaxTime
    case otpValidity, scaEventExpiry, sessionLifetime
    case captureLimit, captureDay, cascadeConsent, provisioningCompletion
}
