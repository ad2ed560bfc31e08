/// The 3DS 1.0 VERes enrollment answer (domain.md §3.1).
public enum Enrollment: Sendable, Hashable {
    case enrolled
    /// Not enrolled: the scheme either credits an attempt (A) or leaves it unavailable (U).
    case notEnrolled(schemeCreditsAttempt: Bool)
    case undetermined
}

/// LC-06 3-D Secure authentication, v1 (VEReq/PaReq/PaRes) and v2 (EMV 3DS 2.x) in one machine
/// (domain.md §2.4, §3.1; serves 3DS-1, 3DS-2, 3DS-5, 3DS-6).
///
/// `start` takes either a VERes (v1) or the device data (v2), so the version is the path taken. `done` only ever
/// holds a final status (3DS-1); the timers are the actor's, and `timeout` is whichever of them fired.
public enum ThreeDSState: LifecycleState {
    case start
    case challengeRedirect
    case paResReceived
    case aReqSent
    case challenging
    case decoupled
    case done(TransStatus, reason: TransStatusReason?)

    public static let lifecycleName = "LC-06 ThreeDS"

    public var isTerminal: Bool {
        switch self {
        case .start, .challengeRedirect, .paResReceived, .aReqSent, .challenging, .decoupled: return false
        case .done: return true
        }
    }
}

public enum ThreeDSEvent: Sendable, Hashable {
    case veRes(Enrollment)
    case paResPosted
    /// The PaRes signature checked out and carries this status.
    case paResVerified(TransStatus)
    /// 3DS Method finished (browser, ≤ 10 s) or the SDK collected device data (app).
    case deviceDataCollected
    case aRes(TransStatus, reason: TransStatusReason?)
    case erro
    /// One CReq → CRes round of the challenge UI.
    case challengeRound
    case rReq(TransStatus)
    case abandon
    case timeout
}

public enum ThreeDSEffect: Sendable, Hashable {
    case redirectToACS
    case verifyPaRes
    case sendAReq
    case startTimer(TimerKind)
    case sendRRes
    case reportResult(TransStatus)
}

public typealias ThreeDSTransition = LifecycleTransition<ThreeDSState, ThreeDSEffect>

extension ThreeDSState {
    public func applying(_ event: ThreeDSEvent) throws(IllegalTransition) -> ThreeDSTransition {
        switch self {
        case .start:
            switch event {
            case .veRes(.enrolled): return to(.challengeRedirect, .redirectToACS, .startTimer(.challengeCompletion))
            case .veRes(.notEnrolled(let credited)): return done(credited ? .attempted : .unavailable)
            case .veRes(.undetermined), .timeout: return done(.unavailable)
            case .deviceDataCollected: return to(.aReqSent, .sendAReq, .startTimer(.aResResponse))
            default: break
            }
        case .challengeRedirect:
            switch event {
            case .paResPosted: return to(.paResReceived, .verifyPaRes)
            case .abandon, .timeout: return done(.unavailable, .timedOutAtACS)
            default: break
            }
        case .paResReceived:
            // A PARes status is Y, A, N or U; anything else is not a 3DS 1.0 answer.
            if case .paResVerified(let status) = event, [.authenticated, .attempted, .notAuthenticated, .unavailable].contains(status) {
                return done(status)
            }
        case .aReqSent:
            return try aReqSent(on: event)
        case .challenging:
            switch event {
            case .challengeRound: return to(.challenging)
            // 3DS-2: the RReq's final transStatus is the result; C, D and I are not results of a challenge.
            case .rReq(let status) where status.isFinal && status != .informational: return done(status, ack: true)
            case .timeout: return done(.unavailable, .timedOutAtACS)  // No CReq in 30 s or no completion: U, reason 14.
            default: break
            }
        case .decoupled:
            switch event {
            case .rReq(let status) where status == .authenticated || status == .notAuthenticated:
                return done(status, ack: true)
            case .timeout: return done(.unavailable, .decoupledExpired)  // Added: decoupledMaxTime passed (reason 24).
            default: break
            }
        case .done:
            break  // Terminal (3DS-5: exactly one end per AReq).
        }
        throw illegal(event)
    }

    private func aReqSent(on event: ThreeDSEvent) throws(IllegalTransition) -> ThreeDSTransition {
        switch event {
        case .aRes(.challengeRequired, _):
            return to(.challenging, .startTimer(.firstChallengeRequest), .startTimer(.challengeCompletion))
        case .aRes(.decoupled, _):
            return to(.decoupled, .startTimer(.decoupledMaxTime))
        case .aRes(let status, let reason):
            return done(status, reason)  // Y, A frictionless; N, R, U with a reason; I informational.
        case .erro, .timeout:
            return done(.unavailable)
        default:
            throw illegal(event)
        }
    }

    private func done(_ status: TransStatus, _ reason: TransStatusReason? = nil, ack: Bool = false) -> ThreeDSTransition {
        let next = ThreeDSState.done(status, reason: reason)
        return ack ? to(next, .sendRRes, .reportResult(status)) : to(next, .reportResult(status))
    }
}
