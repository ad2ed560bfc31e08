import PaymentWorld
import Testing

private let fresh = OtpCounters()
private let once = OtpCounters(attempts: 1)
private let spent = OtpCounters(attempts: 3)
private let resentOut = OtpCounters(attempts: 1, resends: 3)

extension OtpState: Exemplified {
    enum Kind: CaseIterable { case issuing, awaitingCode, checking, verified, failed, expired }

    var kind: Kind {
        switch self {
        case .issuing: .issuing
        case .awaitingCode: .awaitingCode
        case .checking: .checking
        case .verified: .verified
        case .failed: .failed
        case .expired: .expired
        }
    }

    static let examples: [Self] = [
        .issuing(fresh), .awaitingCode(fresh), .awaitingCode(resentOut), .awaitingCode(spent),
        .checking(once), .checking(spent), .verified, .failed, .expired,
    ]
}

extension OtpEvent: Exemplified {
    enum Kind: CaseIterable { case sendCode, submit, match, mismatch, resend, codeExpired, abandon }

    var kind: Kind {
        switch self {
        case .sendCode: .sendCode
        case .submit: .submit
        case .match: .match
        case .mismatch: .mismatch
        case .resend: .resend
        case .codeExpired: .codeExpired
        case .abandon: .abandon
        }
    }

    static let examples: [Self] = [.sendCode, .submit, .match, .mismatch, .resend, .codeExpired, .abandon]
}

/// LC-07 (domain.md §2.4) with the [A] defaults: 3 attempts, 3 resends.
private let otpTable = LifecycleTable<OtpState>([
    row(.issuing(fresh), .sendCode, .awaitingCode(fresh), [.sendCode, .startTimer(.otpValidity)]),
    row(.awaitingCode(fresh), .submit, .checking(once), [.checkCode]),
    row(.awaitingCode(fresh), .resend, .awaitingCode(OtpCounters(resends: 1)), [.sendCode, .startTimer(.otpValidity)]),
    row(.awaitingCode(fresh), .codeExpired, .expired),
    row(.awaitingCode(fresh), .abandon, .failed),
    row(.awaitingCode(resentOut), .submit, .checking(OtpCounters(attempts: 2, resends: 3))),
    row(.awaitingCode(resentOut), .codeExpired, .expired),
    row(.awaitingCode(resentOut), .abandon, .failed),
    row(.awaitingCode(spent), .resend, .awaitingCode(OtpCounters(attempts: 3, resends: 1))),
    row(.awaitingCode(spent), .codeExpired, .expired),
    row(.awaitingCode(spent), .abandon, .failed),
    row(.checking(once), .match, .verified, [.cancelTimer(.otpValidity), .runProtectedAction]),
    row(.checking(once), .mismatch, .awaitingCode(once), []),
    row(.checking(spent), .match, .verified, [.cancelTimer(.otpValidity), .runProtectedAction]),
    row(.checking(spent), .mismatch, .failed, [.cancelTimer(.otpValidity)]),
])

@Suite struct LifecycleTablesOtp {
    @Test func everyPairMatchesTheTable() { expectTable(otpTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(otpTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(otpTable) }

    /// OTP-3: three wrong codes and the verification has failed.
    @Test func theThirdMismatchFails() throws {
        var state = try OtpState.issuing(fresh).applying(.sendCode).next
        for _ in 0..<3 { state = try state.applying(.submit).next.applying(.mismatch).next }
        #expect(state == .failed)
    }
}
