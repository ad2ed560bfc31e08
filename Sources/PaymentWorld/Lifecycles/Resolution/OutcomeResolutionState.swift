/// LC-12 outcome resolution: timeouts, unknown results, reversals (domain.md §2.4, §2.2; serves RES-1 … RES-3, CAS-4).
///
/// Started by any lifecycle that entered `outcomeUnknown`; it reports back with `settle`. It never retries under a
/// new key: the inquiry and the reversal carry the original's idempotency key and auth id, so a reversal applies
/// once and is a no-op when the original never reached the issuer (RES-3). Liveness (RES-1) is the lifecycle's
/// deadline: the reversal is repeated on each timeout, like an ISO 0420 advice, until acknowledged.
public enum OutcomeResolutionState: LifecycleState {
    case outcomeUnknown
    case inquiring
    case reversing
    case resolved(Resolution)

    public static let lifecycleName = "LC-12 OutcomeResolution"

    public var isTerminal: Bool {
        switch self {
        case .outcomeUnknown, .inquiring, .reversing: return false
        case .resolved: return true
        }
    }
}

public enum OutcomeResolutionEvent: Sendable, Hashable {
    /// The gateway chose a status inquiry (E restore, M Retrieve Transaction, W `getTransactionData`).
    case inquire
    /// The acquirer timeout passed with no reply: reverse (ISO 0400).
    case acquirerTimeoutPassed
    /// The original reply arrived late.
    case originalReply(Resolution)
    /// The inquiry found the original approved, or declined / not found (not approved).
    case inquiryResult(Resolution)
    case reversalAcknowledged
    case timeout
}

public enum OutcomeResolutionEffect: Sendable, Hashable {
    case sendInquiry
    case sendReversal
    case startTimer(TimerKind)
    case settle(Resolution)
}

public typealias OutcomeResolutionTransition = LifecycleTransition<OutcomeResolutionState, OutcomeResolutionEffect>

extension OutcomeResolutionState {
    public func applying(_ event: OutcomeResolutionEvent) throws(IllegalTransition) -> OutcomeResolutionTransition {
        switch self {
        case .outcomeUnknown:
            switch event {
            case .inquire: return to(.inquiring, .sendInquiry, .startTimer(.hopResponse))
            case .acquirerTimeoutPassed: return reverse()
            case .originalReply(let resolution): return settle(resolution)  // Added: a late reply settles it too.
            default: break
            }
        case .inquiring:
            switch event {
            case .inquiryResult(let resolution), .originalReply(let resolution): return settle(resolution)
            case .timeout: return reverse()  // The inquiry got no answer either: fall back to a reversal.
            default: break
            }
        case .reversing:
            switch event {
            case .reversalAcknowledged: return settle(.notApproved)
            case .timeout: return reverse()  // Same auth id, so repeating it is safe (RES-3).
            default: break  // A late approval while reversing is undone by the reversal: not applied.
            }
        case .resolved:
            break  // Terminal (RES-2: holds and postings now follow the resolution).
        }
        throw illegal(event)
    }

    private func reverse() -> OutcomeResolutionTransition {
        to(.reversing, .sendReversal, .startTimer(.acquirerReversal))
    }

    private func settle(_ resolution: Resolution) -> OutcomeResolutionTransition {
        to(.resolved(resolution), .settle(resolution))
    }
}
