import PaymentWorld
import Testing

extension ThreeDSState: Exemplified {
    enum Kind: CaseIterable { case start, challengeRedirect, paResReceived, aReqSent, challenging, decoupled, done }

    var kind: Kind {
        switch self {
        case .start: .start
        case .challengeRedirect: .challengeRedirect
        case .paResReceived: .paResReceived
        case .aReqSent: .aReqSent
        case .challenging: .challenging
        case .decoupled: .decoupled
        case .done: .done
        }
    }

    static let examples: [Self] = [
        .start, .challengeRedirect, .paResReceived, .aReqSent, .challenging, .decoupled,
        .done(.authenticated, reason: nil),
    ]
}

extension ThreeDSEvent: Exemplified {
    enum Kind: CaseIterable {
        case veRes, paResPosted, paResVerified, deviceDataCollected, aRes, erro, challengeRound, rReq, abandon, timeout
    }

    var kind: Kind {
        switch self {
        case .veRes: .veRes
        case .paResPosted: .paResPosted
        case .paResVerified: .paResVerified
        case .deviceDataCollected: .deviceDataCollected
        case .aRes: .aRes
        case .erro: .erro
        case .challengeRound: .challengeRound
        case .rReq: .rReq
        case .abandon: .abandon
        case .timeout: .timeout
        }
    }

    static let examples: [Self] = [
        .veRes(.enrolled), .veRes(.notEnrolled(schemeCreditsAttempt: true)), .veRes(.notEnrolled(schemeCreditsAttempt: false)),
        .veRes(.undetermined), .paResPosted, .paResVerified(.authenticated), .paResVerified(.notAuthenticated),
        .paResVerified(.challengeRequired), .deviceDataCollected,
        .aRes(.authenticated, reason: nil), .aRes(.rejected, reason: TransStatusReason("11")),
        .aRes(.informational, reason: nil), .aRes(.challengeRequired, reason: nil), .aRes(.decoupled, reason: nil),
        .erro, .challengeRound, .rReq(.authenticated), .rReq(.notAuthenticated), .rReq(.rejected),
        .rReq(.challengeRequired), .abandon, .timeout,
    ]
}

private func done(_ status: TransStatus, _ reason: TransStatusReason? = nil) -> ThreeDSState {
    .done(status, reason: reason)
}

/// LC-06 v1 and v2 tables (domain.md §2.4); decoupled timeout → done(U, 24) is added for liveness.
private let threeDSTable = LifecycleTable<ThreeDSState>([
    // v1
    row(.start, .veRes(.enrolled), .challengeRedirect, [.redirectToACS, .startTimer(.challengeCompletion)]),
    row(.start, .veRes(.notEnrolled(schemeCreditsAttempt: true)), done(.attempted), [.reportResult(.attempted)]),
    row(.start, .veRes(.notEnrolled(schemeCreditsAttempt: false)), done(.unavailable)),
    row(.start, .veRes(.undetermined), done(.unavailable)),
    row(.start, .timeout, done(.unavailable)),
    row(.challengeRedirect, .paResPosted, .paResReceived, [.verifyPaRes]),
    row(.challengeRedirect, .abandon, done(.unavailable, .timedOutAtACS)),
    row(.challengeRedirect, .timeout, done(.unavailable, .timedOutAtACS)),
    row(.paResReceived, .paResVerified(.authenticated), done(.authenticated)),
    row(.paResReceived, .paResVerified(.notAuthenticated), done(.notAuthenticated)),
    // v2
    row(.start, .deviceDataCollected, .aReqSent, [.sendAReq, .startTimer(.aResResponse)]),
    row(.aReqSent, .aRes(.authenticated, reason: nil), done(.authenticated), [.reportResult(.authenticated)]),
    row(.aReqSent, .aRes(.rejected, reason: TransStatusReason("11")), done(.rejected, TransStatusReason("11"))),
    row(.aReqSent, .aRes(.informational, reason: nil), done(.informational)),
    row(.aReqSent, .aRes(.challengeRequired, reason: nil), .challenging, [.startTimer(.firstChallengeRequest), .startTimer(.challengeCompletion)]),
    row(.aReqSent, .aRes(.decoupled, reason: nil), .decoupled, [.startTimer(.decoupledMaxTime)]),
    row(.aReqSent, .erro, done(.unavailable)),
    row(.aReqSent, .timeout, done(.unavailable)),
    row(.challenging, .challengeRound, .challenging, []),
    row(.challenging, .rReq(.authenticated), done(.authenticated), [.sendRRes, .reportResult(.authenticated)]),
    row(.challenging, .rReq(.notAuthenticated), done(.notAuthenticated)),
    row(.challenging, .rReq(.rejected), done(.rejected)),
    row(.challenging, .timeout, done(.unavailable, .timedOutAtACS)),
    row(.decoupled, .rReq(.authenticated), done(.authenticated), [.sendRRes, .reportResult(.authenticated)]),
    row(.decoupled, .rReq(.notAuthenticated), done(.notAuthenticated)),
    row(.decoupled, .timeout, done(.unavailable, .decoupledExpired)),
])

@Suite struct LifecycleTablesThreeDS {
    @Test func everyPairMatchesTheTable() { expectTable(threeDSTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(threeDSTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(threeDSTable) }

    /// 3DS-1: no path ends in C or D.
    @Test func challengeAndDecoupledAreNeverResults() {
        for state in ThreeDSState.examples {
            for event in ThreeDSEvent.examples {
                guard case .done(let status, _)? = try? state.applying(event).next else { continue }
                #expect(status.isFinal, "\(state) on \(event) ended \(status)")
            }
        }
    }
}
