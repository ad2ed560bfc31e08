import PaymentWorld
import Testing

private let fresh = ScaAttempts(used: 0, allowed: 2)
private let one = ScaAttempts(used: 1, allowed: 2)
private let spent = ScaAttempts(used: 2, allowed: 2)

extension ScaState: Exemplified {
    enum Kind: CaseIterable {
        case idle, pending, challenged, verifying, verified, pendingWithSca, done, failed, scaFailed
    }

    var kind: Kind {
        switch self {
        case .idle: .idle
        case .pending: .pending
        case .challenged: .challenged
        case .verifying: .verifying
        case .verified: .verified
        case .pendingWithSca: .pendingWithSca
        case .done: .done
        case .failed: .failed
        case .scaFailed: .scaFailed
        }
    }

    static let examples: [Self] = [
        .idle, .pending, .challenged(fresh), .challenged(spent), .verifying(one), .verifying(spent), .verified,
        .pendingWithSca, .done, .failed, .scaFailed(.expired),
    ]
}

extension ScaEvent: Exemplified {
    enum Kind: CaseIterable {
        case call, scaRequired, submitAttempt, attemptResult, eventExpired, callWithSca, ok, error
    }

    var kind: Kind {
        switch self {
        case .call: .call
        case .scaRequired: .scaRequired
        case .submitAttempt: .submitAttempt
        case .attemptResult: .attemptResult
        case .eventExpired: .eventExpired
        case .callWithSca: .callWithSca
        case .ok: .ok
        case .error: .error
        }
    }

    static let examples: [Self] = [
        .call, .scaRequired(allowableAttempts: 2), .scaRequired(allowableAttempts: 0), .submitAttempt,
        .attemptResult(.verified), .attemptResult(.rejected), .attemptResult(.failed), .eventExpired,
        .callWithSca(sameOperation: true), .callWithSca(sameOperation: false), .ok, .error,
    ]
}

/// LC-10 = S2 (domain.md §1.5); `pending → error` and `verified → eventExpired` are added (see docs/lifecycles.md).
private let scaTable = LifecycleTable<ScaState>([
    row(.idle, .call, .pending, [.sendCall(withScaDetails: false)]),
    row(.pending, .ok, .done, [.applyOperation]),
    row(.pending, .scaRequired(allowableAttempts: 2), .challenged(fresh), [.startTimer(.scaEventExpiry), .promptCustomer]),
    row(.pending, .error, .failed),
    row(.challenged(fresh), .submitAttempt, .verifying(ScaAttempts(used: 1, allowed: 2)), [.sendAttempt]),
    row(.challenged(fresh), .eventExpired, .scaFailed(.expired)),
    row(.challenged(spent), .eventExpired, .scaFailed(.expired)),
    row(.verifying(one), .attemptResult(.verified), .verified, [.callAgainWithScaDetails]),
    row(.verifying(one), .attemptResult(.rejected), .challenged(one), [.promptCustomer]),
    row(.verifying(one), .attemptResult(.failed), .challenged(one)),
    row(.verifying(spent), .attemptResult(.verified), .verified),
    row(.verifying(spent), .attemptResult(.rejected), .scaFailed(.attemptsExhausted)),
    row(.verifying(spent), .attemptResult(.failed), .scaFailed(.attemptsExhausted)),
    row(.verified, .callWithSca(sameOperation: true), .pendingWithSca, [.sendCall(withScaDetails: true)]),
    row(.verified, .eventExpired, .scaFailed(.expired)),
    row(.pendingWithSca, .ok, .done, [.applyOperation]),
    row(.pendingWithSca, .error, .failed),
])

@Suite struct LifecycleTablesSca {
    @Test func everyPairMatchesTheTable() { expectTable(scaTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(scaTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(scaTable) }
}
