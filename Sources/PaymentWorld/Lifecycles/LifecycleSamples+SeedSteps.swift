// Examples of every state and event case of the seed systems' step lifecycles (`SampledLifecycle`),
// with values on both sides of each guard.

private let bothWays = [false, true]

extension CheckoutSessionState: SampledLifecycle {
    private static let credentials: [SessionCredential] =
        [.signature, .sessionId(apiVersion: 61, authenticationLimit: 5), .initializeContext]
    private static let bindings: [SessionBinding] =
        credentials.map { SessionBinding(credential: $0) }
            + [SessionBinding(credential: .sessionId(apiVersion: 61, authenticationLimit: 5), deviceSubmissions: 5)]
    public static let sampleStates: [CheckoutSessionState] =
        [.opened, .consumed, .expired, .exhausted] + bindings.flatMap { [.credentialed($0), .instrumentCaptured($0)] }
    public static let sampleEvents: [CheckoutSessionEvent] =
        credentials.map { .credential($0) } + [.expire] + SessionOperation.allCases.map { .use($0) }
            + InstrumentKind.allCases.flatMap { kind in [nil, 60, 61].map { .captureInstrument(kind, apiVersion: $0) } }
}

extension OtpState: SampledLifecycle {
    /// Every count of attempts and resends from none to past the limit.
    private static let counters: [OtpCounters] =
        (0...3).flatMap { attempts in (0...3).map { OtpCounters(attempts: attempts, resends: $0) } }
    public static let sampleStates: [OtpState] =
        counters.flatMap { [.issuing($0), .awaitingCode($0), .checking($0)] } + [.verified, .failed, .expired]
    public static let sampleEvents: [OtpEvent] = [.sendCode, .submit, .match, .mismatch, .resend, .codeExpired, .abandon]
}

extension WalletCardState: SampledLifecycle {
    public static let sampleStates: [WalletCardState] =
        [.idle, .adding, .deleting, .added, .deleted, .rejected(code: ResponseCode("2200"))]
            + StepUpKind.allCases.map { .awaitingOtp($0) }
    public static let sampleEvents: [WalletCardEvent] =
        [.addCard(validationError: nil), .addCard(validationError: ResponseCode("2102")), .deleteCard, .walletOk,
         .otpVerified, .otpFailed, .error(code: ResponseCode("2200"))] + StepUpKind.allCases.map { .otpRequired($0) }
}

extension PrepaidCardState: SampledLifecycle {
    public static let sampleStates: [PrepaidCardState] =
        [.notCreated, .applied, .issued, .digital, .active, .locked, .cancelled, .expired]
    public static let sampleEvents: [PrepaidCardEvent] =
        CardType.allCases.flatMap { type in bothWays.map { .create(type, eligible: $0) } }
            + bothWays.flatMap { [.issue(digitalTwin: $0), .activate(credentialsMatch: $0), .setPin(scaVerified: $0)] }
            + CardStatus.allCases.flatMap { status in bothWays.map { .update(status, scaVerified: $0) } }
            + [.firstChipAndPinUse, .expiryReached]
}

extension ScaState: SampledLifecycle {
    private static let attempts = (0...3).map { ScaAttempts(used: $0, allowed: 3) }
    public static let sampleStates: [ScaState] =
        [.idle, .pending, .verified, .pendingWithSca, .done, .failed] + ScaFailure.allCases.map { .scaFailed($0) }
            + attempts.flatMap { [.challenged($0), .verifying($0)] }
    public static let sampleEvents: [ScaEvent] =
        [.call, .scaRequired(allowableAttempts: 3), .submitAttempt, .eventExpired, .ok, .error]
            + ScaAttemptStatus.allCases.map { .attemptResult($0) } + bothWays.map { .callWithSca(sameOperation: $0) }
}

extension ProvisioningState: SampledLifecycle {
    public static let sampleStates: [ProvisioningState] =
        [.idle, .presenting, .tokenizeRequested, .awaitingSca, .initiated, .pnoActivating, .identityVerification,
         .walletAdded, .completed, .notEligible, .failed, .abandoned]
    public static let sampleEvents: [ProvisioningEvent] =
        bothWays.map { .checkEligibility(eligible: $0) }
            + CardStatus.allCases.flatMap { status in
                bothWays.map { .tokenizeOk(cardStatus: status, allowDigitalTokenization: $0) }
            }
            + [.walletChallenge, .walletIds, .tokenizeError, .scaRequired, .scaVerified, .scaFailed,
               .passRequestHandedToWallet, .pnoApproved, .pnoDeclined, .walletError, .needsIdentityVerification,
               .statusUpdated, .timeout]
}
