/// One registered payment system (`PaymentSystems.registered`): a small value that indexes its
/// per-system figures and reaches its model. Each system's folder declares its own constant
/// (`PaymentSystem.portmone`), so adding a system adds no case anywhere else.
public struct PaymentSystem: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Where the system's counts sit in per-system arrays: its place in the registry.
    public let index: Int

    /// Every registered system, in registration order.
    public static let allCases: [PaymentSystem] = PaymentSystems.registered.indices.map(PaymentSystem.init(index:))

    private init(index: Int) { self.index = index }

    /// The registered system of this name; only for the systems' own constants, whose names are
    /// the package's, never a user's (a user's name goes through `named(_:)`).
    package init(registered name: String) {
        guard let index = PaymentSystems.registered.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("no payment system named \(name) is registered in PaymentSystems.registered")
        }
        self.index = index
    }

    /// The registered system of a user's name, or nil.
    public static func named(_ name: String) -> PaymentSystem? {
        allCases.first { $0.description == name }
    }

    package var model: any PaymentSystemModel { PaymentSystems.registered[index] }
    private var profile: PaymentSystems.Profile { PaymentSystems.profiles[index] }

    public var description: String { profile.name }
    public var title: String { model.title }
    public var source: PaymentSystemSource { model.source }
    /// Whether the system comes from one of the five seed SDKs.
    public var isSeed: Bool { source == .seed }
    public var threeDSVersion: ThreeDSVersion { profile.threeDSVersion }
    /// Whether its sales cascade to a backup provider when the scenario's policy allows it.
    public var cascades: Bool { profile.cascades }
    /// Whether its app names the card-on-file token itself (`PaymentSystemModel.appNamesTokens`).
    public var appNamesTokens: Bool { profile.appNamesTokens }
    public var statusCheck: StatusCheckWords { profile.statusCheck }
    public var appRecovery: AppRecoveryWords { model.appRecovery }
    public var scenario: String? { model.scenario }
    /// The ids of the system's own claims (`STRIPE-1`), checked after the shared ones.
    public var claimIDs: [String] { model.claims.map { $0.invariant } }
    /// Steps its servers may ask the app to run in place of a flow's step.
    public var stepsInPlace: [SeedStep] { model.stepsInPlace }
    /// The system's flows, in registration order.
    public var flows: [PaymentFlow] { PaymentFlow.allCases.filter { $0.system == self } }
}

/// The registry's per-system facts read on the hot path, gathered once.
extension PaymentSystems {
    struct Profile: Sendable {
        let name: String
        let threeDSVersion: ThreeDSVersion
        let statusCheck: StatusCheckWords
        let stepTimeoutCode: String
        let tokenRefusalCodes: [String]
        let successCodes: Set<String>
        let cascades: Bool
        let appNamesTokens: Bool
    }

    static let profiles: [Profile] = registered.map { model in
        Profile(name: model.name, threeDSVersion: model.threeDSVersion, statusCheck: model.statusCheck,
                stepTimeoutCode: model.stepTimeoutCode, tokenRefusalCodes: model.tokenRefusalCodes,
                successCodes: Set([PaymentOutcome.succeeded, .authorized, .captured].map(model.code(for:))),
                cascades: model.cascades, appNamesTokens: model.appNamesTokens)
    }
}

/// The result codes each system reports, so `summary.json` shows a run's outcomes in the
/// vocabulary of the SDK or API it models.
extension PaymentSystem {
    /// Whether a code of this system reports a success.
    public func isSuccessCode(_ code: String) -> Bool { profile.successCodes.contains(code) }

    /// The code for a lifecycle that ended in the card core.
    package func code(for outcome: PaymentOutcome) -> String { model.code(for: outcome) }

    /// The code for a payment that failed for a cause with a code of its own (ecommpay's 108 for
    /// a challenge the customer did not return from, Sips 17 for a cancelled payment…); the
    /// outcome's code where the system has none.
    package func code(for outcome: PaymentOutcome, cause: FailureCause, declinedBy reason: ResponseCode? = nil) -> String {
        guard !outcome.isSuccess else { return code(for: outcome) }
        if outcome == .declined, let reason, let code = model.code(declinedBy: reason) { return code }
        return model.code(for: outcome, cause: cause) ?? code(for: outcome)
    }

    /// The detail the system adds to a card-core lifecycle's code (Sips acquirerResponseCode 51),
    /// or nil.
    package func detailCode(for outcome: PaymentOutcome, declinedBy reason: ResponseCode?) -> String? {
        model.detailCode(for: outcome, declinedBy: outcome == .declined ? reason : nil)
    }

    /// The code for a token payment the gateway refused before it started: the system's own
    /// (ecommpay's 3101 for another customer's token, PAYMENT_TOKEN_NOT_EXIST for a missing one),
    /// or its code for the outcome.
    func code(for outcome: PaymentOutcome, tokenRefusal: TokenLookupWire.Result) -> String {
        let codes = tokenRefusalCodes
        guard codes.count == 2 else { return code(for: outcome) }
        return codes[tokenRefusal == .notOwned ? 0 : 1]
    }

    /// The codes of a token payment refused as another customer's and as missing; none for a
    /// system without token sales.
    package var tokenRefusalCodes: [String] { profile.tokenRefusalCodes }

    /// The code for a lifecycle that ended at a step, with the step's last answer.
    package func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String {
        model.code(failedAt: step, answer) ?? answer.description
    }

    /// The codes the simulated issuer answers a payment with, approval first (for catalogues and tests).
    public static var issuerPaymentAnswers: [String] { IssuerAnswer.payments }

    /// The code for a lifecycle whose step went unanswered through every repeat.
    package var stepTimeoutCode: String { profile.stepTimeoutCode }

    /// The code for a lifecycle whose `step` went unanswered through every repeat.
    package func code(timedOutAt step: SeedStep) -> String { model.code(timedOutAt: step) ?? profile.stepTimeoutCode }
}
