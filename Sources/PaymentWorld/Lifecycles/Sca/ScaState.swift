/// How many attempts an SCA event has had, against its allowance ([A] default 3).
public struct ScaAttempts: Sendable, Hashable {
    public let used: Int
    public let allowed: Int

    public init(used: Int = 0, allowed: Int = 3) {
        self.used = used
        self.allowed = allowed
    }

    public var attemptsLeft: Bool { used < allowed }
}

/// The status of one SCA attempt ([S] S2).
public enum ScaAttemptStatus: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case verified = "VERIFIED"
    case rejected = "REJECTED"
    case failed = "FAILED"
    public var description: String { rawValue }
}

/// Why an SCA event can no longer be verified (SCA-3).
public enum ScaFailure: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case attemptsExhausted, expired
    public var description: String { rawValue }
}

/// LC-10 SCA-protected operation: exactly the Paysafe S2 machine (domain.md §1.5, §2.4; serves SCA-1 … SCA-5, G-9).
///
/// The effect (`applyOperation`) happens only on `ok` to a call: the first call's `ok` means the operation needed
/// no SCA; after `scaRequired`, only the re-call with the verified event's details can apply it, once (SCA-1,
/// SCA-2, SCA-5). `callWithSca(sameOperation:)` says whether its walletOperationId matches the first call.
public enum ScaState: LifecycleState {
    case idle
    case pending
    case challenged(ScaAttempts)
    case verifying(ScaAttempts)
    case verified
    case pendingWithSca
    case done
    case failed
    case scaFailed(ScaFailure)

    public static let lifecycleName = "LC-10 Sca"

    public var isTerminal: Bool {
        switch self {
        case .idle, .pending, .challenged, .verifying, .verified, .pendingWithSca: return false
        case .done, .failed, .scaFailed: return true
        }
    }
}

public enum ScaEvent: Sendable, Hashable {
    case call
    case scaRequired(allowableAttempts: Int)
    case submitAttempt
    case attemptResult(ScaAttemptStatus)
    /// The event's `expirationTime` passed (the SCA expiry timer).
    case eventExpired
    case callWithSca(sameOperation: Bool)
    case ok
    case error
}

public enum ScaEffect: Sendable, Hashable {
    case sendCall(withScaDetails: Bool)
    case startTimer(TimerKind)
    case promptCustomer
    case sendAttempt
    case callAgainWithScaDetails
    case applyOperation
}

public typealias ScaTransition = LifecycleTransition<ScaState, ScaEffect>

extension ScaState {
    public func applying(_ event: ScaEvent) throws(IllegalTransition) -> ScaTransition {
        switch self {
        case .idle:
            if event == .call { return to(.pending, .sendCall(withScaDetails: false)) }
        case .pending:
            switch event {
            case .ok: return to(.done, .applyOperation)
            case .scaRequired(let allowed) where allowed > 0:
                return to(.challenged(ScaAttempts(allowed: allowed)), .startTimer(.scaEventExpiry), .promptCustomer)
            case .error: return to(.failed)  // Added: the first call can fail like the second.
            default: break
            }
        case .challenged(let attempts):
            switch event {
            case .submitAttempt where attempts.attemptsLeft:
                return to(.verifying(ScaAttempts(used: attempts.used + 1, allowed: attempts.allowed)), .sendAttempt)
            case .eventExpired: return to(.scaFailed(.expired))
            default: break
            }
        case .verifying(let attempts):
            switch event {
            case .attemptResult(.verified): return to(.verified, .callAgainWithScaDetails)
            case .attemptResult where attempts.attemptsLeft: return to(.challenged(attempts), .promptCustomer)
            // No cooldown: the event is dead, a new one is needed (SCA-3). REJECTED on the last attempt too.
            case .attemptResult: return to(.scaFailed(.attemptsExhausted))
            default: break
            }
        case .verified:
            switch event {
            case .callWithSca(sameOperation: true): return to(.pendingWithSca, .sendCall(withScaDetails: true))
            case .eventExpired: return to(.scaFailed(.expired))  // Added for CARD-4: a verified event must be unexpired.
            default: break
            }
        case .pendingWithSca:
            switch event {
            case .ok: return to(.done, .applyOperation)
            case .error: return to(.failed)
            default: break
            }
        case .done, .failed, .scaFailed:
            break  // Terminal (SCA-2: the event served at most one effect).
        }
        throw illegal(event)
    }
}
