/// How many codes were submitted and resent, against the limits ([A] defaults: 3 attempts, 3 resends).
public struct OtpCounters: Sendable, Hashable {
    public let attempts: Int
    public let maxAttempts: Int
    public let resends: Int
    public let maxResends: Int

    public init(attempts: Int = 0, maxAttempts: Int = 3, resends: Int = 0, maxResends: Int = 3) {
        self.attempts = attempts
        self.maxAttempts = maxAttempts
        self.resends = resends
        self.maxResends = maxResends
    }

    func submitted() -> OtpCounters {
        OtpCounters(attempts: attempts + 1, maxAttempts: maxAttempts, resends: resends, maxResends: maxResends)
    }

    func resent() -> OtpCounters {
        OtpCounters(attempts: attempts, maxAttempts: maxAttempts, resends: resends + 1, maxResends: maxResends)
    }
}

/// LC-07 OTP / 2D SMS verification, the shared sub-machine (domain.md §2.4; serves OTP-1 … OTP-5).
///
/// The code itself stays with the actor that drew it; the machine sees `match` or `mismatch`. Attempts count
/// submissions, so with `maxAttempts` 3 the third mismatch fails (OTP-3). Expiry is the validity timer's
/// `codeExpired`; once applied, nothing verifies (OTP-4). `runProtectedAction` is emitted once, on `match` (OTP-5).
public enum OtpState: LifecycleState {
    case issuing(OtpCounters)
    case awaitingCode(OtpCounters)
    case checking(OtpCounters)
    case verified
    case failed
    case expired

    public static let lifecycleName = "LC-07 Otp"

    public var isTerminal: Bool {
        switch self {
        case .issuing, .awaitingCode, .checking: return false
        case .verified, .failed, .expired: return true
        }
    }
}

public enum OtpEvent: Sendable, Hashable {
    case sendCode
    case submit
    case match
    case mismatch
    case resend
    case codeExpired
    case abandon
}

public enum OtpEffect: Sendable, Hashable {
    /// Draw a new code from the seeded stream and send it; any previous code is dead (OTP-2).
    case sendCode
    case startTimer(TimerKind)
    case cancelTimer(TimerKind)
    case checkCode
    case runProtectedAction
}

public typealias OtpTransition = LifecycleTransition<OtpState, OtpEffect>

extension OtpState {
    public func applying(_ event: OtpEvent) throws(IllegalTransition) -> OtpTransition {
        switch self {
        case .issuing(let counters):
            if event == .sendCode { return to(.awaitingCode(counters), .sendCode, .startTimer(.otpValidity)) }
        case .awaitingCode(let counters):
            switch event {
            case .submit where counters.attempts < counters.maxAttempts:
                return to(.checking(counters.submitted()), .checkCode)
            case .resend where counters.resends < counters.maxResends:
                return to(.awaitingCode(counters.resent()), .sendCode, .startTimer(.otpValidity))
            case .codeExpired:
                return to(.expired)
            case .abandon:
                return to(.failed, .cancelTimer(.otpValidity))
            default:
                break
            }
        case .checking(let counters):
            switch event {
            case .match:
                return to(.verified, .cancelTimer(.otpValidity), .runProtectedAction)
            case .mismatch where counters.attempts < counters.maxAttempts:
                return to(.awaitingCode(counters))
            case .mismatch:
                return to(.failed, .cancelTimer(.otpValidity))  // OTP-3: the last attempt is spent.
            default:
                break
            }
        case .verified, .failed, .expired:
            break  // Terminal (OTP-1: a code works once).
        }
        throw illegal(event)
    }
}
