import PaymentWorld
import Testing

extension VerificationState: Exemplified {
    enum Kind: CaseIterable { case created, authenticating, verifying, outcomeUnknown, verified, notVerified }

    var kind: Kind {
        switch self {
        case .created: .created
        case .authenticating: .authenticating
        case .verifying: .verifying
        case .outcomeUnknown: .outcomeUnknown
        case .verified: .verified
        case .notVerified: .notVerified
        }
    }

    static let examples: [Self] = [
        .created, .authenticating(storeCredential: true), .verifying(storeCredential: true),
        .verifying(storeCredential: false), .outcomeUnknown(storeCredential: false), .verified,
        .notVerified(reason: .issuer(code: .doNotHonor)),
    ]
}

extension VerificationEvent: Exemplified {
    enum Kind: CaseIterable { case submit, authResult, response, timeout, resolved }

    var kind: Kind {
        switch self {
        case .submit: .submit
        case .authResult: .authResult
        case .response: .response
        case .timeout: .timeout
        case .resolved: .resolved
        }
    }

    static let examples: [Self] = [
        .submit(needsAuthentication: true, storeCredential: true), .submit(needsAuthentication: false, storeCredential: false),
        .authResult(.authenticated), .authResult(.notAuthenticated), .authResult(.challengeRequired),
        .response(code: .approved), .response(code: .noReasonToDecline), .response(code: .doNotHonor),
        .response(code: .partialApproval), .timeout, .resolved(.approved), .resolved(.notApproved),
    ]
}

private let send: [VerificationEffect] = [.sendVerification, .startTimer(.authorizationResponse)]

/// LC-03: `created → [authenticating] → verifying → verified■ | notVerified■ | unknown → LC-12`; approved = 00 or 85.
private let verificationTable = LifecycleTable<VerificationState>([
    row(.created, .submit(needsAuthentication: true, storeCredential: true), .authenticating(storeCredential: true), [.startAuthentication]),
    row(.created, .submit(needsAuthentication: false, storeCredential: false), .verifying(storeCredential: false), send),
    row(.authenticating(storeCredential: true), .authResult(.authenticated), .verifying(storeCredential: true), send),
    row(.authenticating(storeCredential: true), .authResult(.notAuthenticated), .notVerified(reason: .authentication(.notAuthenticated))),
    row(.authenticating(storeCredential: true), .timeout, .notVerified(reason: .authenticationTimedOut)),
    // VER-3: the stored credential is created only on verified, and only when asked for.
    row(.verifying(storeCredential: true), .response(code: .approved), .verified, [.createStoredCredential, .notifyMerchant(.verified)]),
    row(.verifying(storeCredential: true), .response(code: .noReasonToDecline), .verified),
    row(.verifying(storeCredential: true), .response(code: .doNotHonor), .notVerified(reason: .issuer(code: .doNotHonor))),
    row(.verifying(storeCredential: true), .timeout, .outcomeUnknown(storeCredential: true), [.startResolution]),
    row(.verifying(storeCredential: false), .response(code: .approved), .verified, [.notifyMerchant(.verified)]),
    row(.verifying(storeCredential: false), .response(code: .noReasonToDecline), .verified),
    row(.verifying(storeCredential: false), .response(code: .doNotHonor), .notVerified(reason: .issuer(code: .doNotHonor))),
    row(.verifying(storeCredential: false), .timeout, .outcomeUnknown(storeCredential: false)),
    row(.outcomeUnknown(storeCredential: false), .resolved(.approved), .verified, [.notifyMerchant(.verified)]),
    row(.outcomeUnknown(storeCredential: false), .resolved(.notApproved), .notVerified(reason: .outcomeNotApproved)),
])

@Suite struct LifecycleTablesVerification {
    @Test func everyPairMatchesTheTable() { expectTable(verificationTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(verificationTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(verificationTable) }
}
