// Examples of every state and event case of the card core's lifecycles (`SampledLifecycle`),
// with values on both sides of each guard.

private let bothWays = [false, true]
private let declineCodes: [ResponseCode] = [.doNotHonor, .issuerInoperative]
private let aDecline = DeclineReason.issuer(code: .doNotHonor)

extension SaleState: SampledLifecycle {
    public static let sampleStates: [SaleState] =
        [.created, .screening] + bothWays.map { .authenticating(proceedOnUnavailable: $0) }
            + bothWays.map { .authorizing(liabilityShift: $0) }
            + [.outcomeUnknown, .cascading, .succeeded, .declined(reason: aDecline), .failed]
    public static let sampleEvents: [SaleEvent] =
        [.submit, .noAuthentication, .approve, .technicalError, .timeout, .abandon, .deadline, .cascadeNotConsented]
            + bothWays.map { .needsAuthentication(proceedOnUnavailable: $0) }
            + TransStatus.allCases.map { .authResult($0) }
            + declineCodes.flatMap { code in bothWays.map { .decline(code: code, backupLeft: $0) } }
            + Resolution.allCases.flatMap { resolution in bothWays.map { .resolved(resolution, backupLeft: $0) } }
            + bothWays.map { .nextAttempt(throughScreening: $0) }
}

extension AuthorizationState: SampledLifecycle {
    public static let sampleStates: [AuthorizationState] =
        CaptureMode.allCases.flatMap { mode in
            [.authorizing(AuthorizationRequest(amount: 100, mode: mode)),
             .outcomeUnknown(AuthorizationRequest(amount: 100, mode: mode)),
             .authorized(Hold(authorized: 100, mode: mode)),
             .partiallyCaptured(Hold(authorized: 100, captured: 40, mode: mode))]
        } + [.captured(amount: 100), .voided, .expired, .declined(reason: aDecline)]
    public static let sampleEvents: [AuthorizationEvent] =
        [.approve(amount: 100), .approve(amount: 50), .timeout, .void, .captureLimitReached, .captureDayReached]
            + declineCodes.map { .decline(code: $0) } + Resolution.allCases.map { .resolved($0) }
            + [MinorUnits(40), 60, 100, 200].flatMap { [.capture($0), .finalCapture($0)] }
}

extension RefundState: SampledLifecycle {
    public static let sampleStates: [RefundState] =
        [.idle(refundable: 100), .idle(refundable: 0), .requested(50), .outcomeUnknown(50), .refunded(50),
         .refundDeclined(reason: aDecline)]
    public static let sampleEvents: [RefundEvent] =
        [.request(50), .request(100), .request(200), .approve, .timeout] + declineCodes.map { .decline(code: $0) }
            + Resolution.allCases.map { .resolved($0) }
}

extension VerificationState: SampledLifecycle {
    public static let sampleStates: [VerificationState] =
        [.created, .verified, .notVerified(reason: aDecline)]
            + bothWays.flatMap { [.authenticating(storeCredential: $0), .verifying(storeCredential: $0),
                                  .outcomeUnknown(storeCredential: $0)] }
    public static let sampleEvents: [VerificationEvent] =
        bothWays.flatMap { needs in bothWays.map { .submit(needsAuthentication: needs, storeCredential: $0) } }
            + TransStatus.allCases.map { .authResult($0) } + ([.approved] + declineCodes).map { .response(code: $0) }
            + [.timeout] + Resolution.allCases.map { .resolved($0) }
}

extension CascadeState: SampledLifecycle {
    // A cascade waits for consent only when a provider is left: `consent` moves to the next one.
    private static let positions = [CascadePosition(providers: 1), CascadePosition(providers: 2),
                                    CascadePosition(attempt: 2, providers: 2)]
    public static let sampleStates: [CascadeState] =
        positions.flatMap { [.attempting($0), .resolvingAttempt($0)] }
            + [.awaitingCustomerConsent(CascadePosition(providers: 2)), .approved(attempt: 1), .declined(reason: aDecline)]
    public static let sampleEvents: [CascadeEvent] =
        [.approve, .consent, .refuse, .timeout]
            + declineCodes.flatMap { code in bothWays.map { .decline(code: code, nextNeeds3DS: $0) } }
            + Resolution.allCases.flatMap { resolution in bothWays.map { .resolved(resolution, nextNeeds3DS: $0) } }
}

extension OutcomeResolutionState: SampledLifecycle {
    public static let sampleStates: [OutcomeResolutionState] =
        [.outcomeUnknown, .inquiring, .reversing] + Resolution.allCases.map { .resolved($0) }
    public static let sampleEvents: [OutcomeResolutionEvent] =
        [.inquire, .acquirerTimeoutPassed, .reversalAcknowledged, .timeout]
            + Resolution.allCases.flatMap { [.originalReply($0), .inquiryResult($0)] }
}

extension ThreeDSState: SampledLifecycle {
    private static let reasons: [TransStatusReason?] = [nil, .acsTechnicalIssue]
    public static let sampleStates: [ThreeDSState] =
        [.start, .challengeRedirect, .paResReceived, .aReqSent, .challenging, .decoupled]
            + TransStatus.allCases.flatMap { status in reasons.map { .done(status, reason: $0) } }
    public static let sampleEvents: [ThreeDSEvent] =
        [.veRes(.enrolled), .veRes(.undetermined)] + bothWays.map { .veRes(.notEnrolled(schemeCreditsAttempt: $0)) }
            + [.paResPosted, .deviceDataCollected, .erro, .challengeRound, .abandon, .timeout]
            + TransStatus.allCases.flatMap { status in
                [.paResVerified(status), .rReq(status)] + reasons.map { .aRes(status, reason: $0) }
            }
}

extension TokenState: SampledLifecycle {
    public static let sampleStates: [TokenState] =
        TokenKind.allCases.flatMap { [.requested($0), .active($0), .suspended($0)] }
            + [.rejected(code: .doNotHonor), .deleted, .expired]
    public static let sampleEvents: [TokenEvent] =
        [.provisioned, .provisioningFailed(code: .doNotHonor), .suspend, .resume, .delete, .expire]
            + bothWays.map { .pay(byOwner: $0) }
}
