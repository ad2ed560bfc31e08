/// LC-01 card payment, one-step sale (domain.md §2.4; serves SALE-1 … SALE-5, G-9, G-11, and hands ambiguity to LC-12).
///
/// Authentication runs in LC-06 or LC-07 and cascades in LC-08; this machine only sees their results. The sale's
/// amount lives in the actor's payment record, so `.postSale` names the posting, not the money.
public enum SaleState: LifecycleState {
    case created
    case screening
    /// Waiting for LC-06/LC-07; the policy says whether a U result may still be authorized.
    case authenticating(proceedOnUnavailable: Bool)
    /// An authorization is in flight; `liabilityShift` is true only after Y or A (3DS-6).
    case authorizing(liabilityShift: Bool)
    /// The authorization's reply is missing: it may have been approved (LC-12).
    case outcomeUnknown
    case cascading
    case succeeded
    case declined(reason: DeclineReason)
    case failed

    public static let lifecycleName = "LC-01 Sale"

    public var isTerminal: Bool {
        switch self {
        case .created, .screening, .authenticating, .authorizing, .outcomeUnknown, .cascading: return false
        case .succeeded, .declined, .failed: return true
        }
    }
}

public enum SaleEvent: Sendable, Hashable {
    /// Validated, with a new idempotency key; a duplicate key never reaches the machine (it returns the existing payment).
    case submit
    case needsAuthentication(proceedOnUnavailable: Bool)
    case noAuthentication
    /// The final result of LC-06 (or LC-07 as Y/N).
    case authResult(TransStatus)
    case approve
    /// `backupLeft`: LC-08 still has an eligible provider.
    case decline(code: ResponseCode, backupLeft: Bool)
    case technicalError
    case timeout
    /// LC-12 settled an unknown outcome.
    case resolved(Resolution, backupLeft: Bool)
    /// LC-08 starts the next attempt, through screening (it needs 3DS again) or straight to authorization.
    case nextAttempt(throughScreening: Bool)
    /// LC-08 ended without a next attempt: the customer refused the 3DS cascade, or never answered (CAS-7).
    case cascadeNotConsented
    case abandon
    case deadline
}

public enum SaleEffect: Sendable, Hashable {
    case startScreening
    case startAuthentication
    case sendAuthorization(liabilityShift: Bool)
    case startTimer(TimerKind)
    case startResolution
    case sendReversal
    case postSale
    case notifyMerchant(PaymentStatus)
}

public typealias SaleTransition = LifecycleTransition<SaleState, SaleEffect>

extension SaleState {
    public func applying(_ event: SaleEvent) throws(IllegalTransition) -> SaleTransition {
        if !isTerminal, event == .abandon || event == .deadline {
            // An in-flight (or possibly approved) authorization must be reversed: SALE-2 leaves no hold or posting.
            return mayHoldAnApproval
                ? to(.failed, .sendReversal, .notifyMerchant(.failed))
                : to(.failed, .notifyMerchant(.failed))
        }
        switch self {
        case .created:
            if event == .submit { return to(.screening, .startScreening) }
        case .screening:
            switch event {
            case .needsAuthentication(let proceed):
                return to(.authenticating(proceedOnUnavailable: proceed), .startAuthentication)
            case .noAuthentication:
                return authorize(liabilityShift: false)
            default:
                break
            }
        case .authenticating(let proceedOnUnavailable):
            return try authenticating(proceedOnUnavailable: proceedOnUnavailable, on: event)
        case .authorizing:
            return try authorizing(on: event)
        case .outcomeUnknown:
            switch event {
            case .resolved(.approved, _):
                return to(.succeeded, .postSale, .notifyMerchant(.succeeded))
            case .resolved(.notApproved, let backupLeft):
                // A timeout resolved as not approved is cascadable (LC-08); CAS-4 holds because it is now definitive.
                return backupLeft ? to(.cascading) : declined(.outcomeNotApproved)
            default:
                break
            }
        case .cascading:
            if case .nextAttempt(let throughScreening) = event {
                // The previous attempt's CAVV is spent (3DS-3), so a direct retry carries no liability shift.
                return throughScreening ? to(.screening, .startScreening) : authorize(liabilityShift: false)
            }
            if event == .cascadeNotConsented { return declined(.cascadeNotConsented) }
        case .succeeded, .declined, .failed:
            break  // Terminal (G-5, SALE-4): late replies are logged and, if approvals, reversed by the actor.
        }
        throw illegal(event)
    }

    private func authenticating(proceedOnUnavailable: Bool, on event: SaleEvent) throws(IllegalTransition)
        -> SaleTransition
    {
        switch event {
        case .authResult(let status):
            switch status {
            case .authenticated, .attempted:
                return authorize(liabilityShift: true)
            case .unavailable where proceedOnUnavailable:
                return authorize(liabilityShift: false)  // Policy proceedOnUnavailable: authorize without a shift.
            case .informational:
                return authorize(liabilityShift: false)  // Domain §3.1: final, data only, no shift.
            case .unavailable, .notAuthenticated, .rejected:
                return declined(.authentication(status))  // SALE-5: no authorization without Y/A (or U with policy).
            case .challengeRequired, .decoupled:
                break  // C and D are never results (3DS-1).
            }
        case .timeout:
            return declined(.authenticationTimedOut)
        default:
            break
        }
        throw illegal(event)
    }

    private func authorizing(on event: SaleEvent) throws(IllegalTransition) -> SaleTransition {
        switch event {
        case .approve:
            return to(.succeeded, .postSale, .notifyMerchant(.succeeded))
        case .decline(let code, let backupLeft):
            return code.isCascadable && backupLeft ? to(.cascading) : declined(.issuer(code: code))
        case .technicalError, .timeout:
            // No reply is not a decline: the issuer may have approved, so LC-12 must settle it first.
            return to(.outcomeUnknown, .startResolution)
        default:
            throw illegal(event)
        }
    }

    /// Whether an authorization was sent and not definitively answered.
    private var mayHoldAnApproval: Bool {
        switch self {
        case .authorizing, .outcomeUnknown: return true
        case .created, .screening, .authenticating, .cascading, .succeeded, .declined, .failed: return false
        }
    }

    private func authorize(liabilityShift: Bool) -> SaleTransition {
        to(
            .authorizing(liabilityShift: liabilityShift),
            .sendAuthorization(liabilityShift: liabilityShift),
            .startTimer(.authorizationResponse)
        )
    }

    private func declined(_ reason: DeclineReason) -> SaleTransition {
        to(.declined(reason: reason), .notifyMerchant(.declined))
    }
}
