/// The EMV 3-D Secure `transStatus` (domain.md §3.1), also used for 3DS 1.0 VERes/PARes results (Y/N/U/A).
public enum TransStatus: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case authenticated = "Y"
    case notAuthenticated = "N"
    case unavailable = "U"
    case attempted = "A"
    case challengeRequired = "C"
    case decoupled = "D"
    case rejected = "R"
    case informational = "I"

    /// C and D only lead on to a challenge or a decoupled wait; they are never a result (3DS-1).
    public var isFinal: Bool { self != .challengeRequired && self != .decoupled }

    /// Liability shifts to the issuer exactly for Y and A (3DS-6).
    public var shiftsLiability: Bool { self == .authenticated || self == .attempted }

    public var description: String { rawValue }
}

/// The EMV 3DS `transStatusReason` sent with N, U or R (domain.md §3.1): a two-digit code.
public struct TransStatusReason: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// 14: the transaction timed out at the ACS (also used for an abandoned 3DS 1.0 redirect).
    public static let timedOutAtACS = TransStatusReason("14")
    /// 22: ACS technical issue (an `Erro` message or no ARes).
    public static let acsTechnicalIssue = TransStatusReason("22")
    /// 24: decoupled authentication exceeded its maximum expiry time.
    public static let decoupledExpired = TransStatusReason("24")

    public var description: String { rawValue }
}
