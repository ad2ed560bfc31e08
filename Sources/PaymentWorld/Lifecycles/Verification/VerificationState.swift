/// LC-03 card verification, a zero-amount authorization (domain.md §2.4; serves VER-1 … VER-3, G-9).
///
/// VER-1 holds by construction: `VerificationEffect` has no posting. VER-2 too: there is no capture, void or
/// refund event. The stored-credential request rides in the state, so a token is created only from `verified` (VER-3).
public enum VerificationState: LifecycleState {
    case created
    case authenticating(storeCredential: Bool)
    case verifying(storeCredential: Bool)
    case outcomeUnknown(storeCredential: Bool)
    case verified
    case notVerified(reason: DeclineReason)

    public static let lifecycleName = "LC-03 Verification"

    public var isTerminal: Bool {
        switch self {
        case .created, .authenticating, .verifying, .outcomeUnknown: return false
        case .verified, .notVerified: return true
        }
    }
}

public enum VerificationEvent: Sendable, Hashable {
    case submit(needsAuthentication: Bool, storeCredential: Bool)
    case authResult(TransStatus)
    /// The issuer's answer to the zero-amount authorization.
    case response(code: ResponseCode)
    case timeout
    case resolved(Resolution)
}

public enum VerificationEffect: Sendable, Hashable {
    case startAuthentication
    case sendVerification
    case startTimer(TimerKind)
    case startResolution
    case createStoredCredential
    case notifyMerchant(PaymentStatus)
}

public typealias VerificationTransition = LifecycleTransition<VerificationState, VerificationEffect>

extension VerificationState {
    public func applying(_ event: VerificationEvent) throws(IllegalTransition) -> VerificationTransition {
        switch self {
        case .created:
            if case .submit(let needsAuthentication, let store) = event {
                return needsAuthentication
                    ? to(.authenticating(storeCredential: store), .startAuthentication) : verify(store)
            }
        case .authenticating(let store):
            switch event {
            case .authResult(let status) where status.shiftsLiability || status == .informational:
                return verify(store)  // I (domain §3.1) is final, data only: the issuer still decides.
            case .authResult(let status) where status == .notAuthenticated || status == .rejected
                || status == .unavailable:
                return notVerified(.authentication(status))
            case .timeout:
                return notVerified(.authenticationTimedOut)
            default:
                break  // C and D are never results (3DS-1).
            }
        case .verifying(let store):
            switch event {
            case .response(let code) where code == .approved || code == .noReasonToDecline:
                return verified(store)  // ISO: a zero-amount authorization approves with 00 or 85.
            case .response(let code) where !code.isApproval:
                return notVerified(.issuer(code: code))
            case .timeout:
                return to(.outcomeUnknown(storeCredential: store), .startResolution)
            default:
                break  // 08 or 10 on a zero amount is not a verification answer.
            }
        case .outcomeUnknown(let store):
            switch event {
            case .resolved(.approved): return verified(store)
            case .resolved(.notApproved): return notVerified(.outcomeNotApproved)
            default: break
            }
        case .verified, .notVerified:
            break  // Terminal (VER-2: nothing follows a verification).
        }
        throw illegal(event)
    }

    private func verify(_ store: Bool) -> VerificationTransition {
        to(.verifying(storeCredential: store), .sendVerification, .startTimer(.authorizationResponse))
    }

    private func verified(_ store: Bool) -> VerificationTransition {
        store ? to(.verified, .createStoredCredential, .notifyMerchant(.verified)) : to(.verified, .notifyMerchant(.verified))
    }

    private func notVerified(_ reason: DeclineReason) -> VerificationTransition {
        to(.notVerified(reason: reason), .notifyMerchant(.notVerified))
    }
}
