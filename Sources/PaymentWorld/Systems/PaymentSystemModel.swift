import SimulationKernel

/// What one payment system brings to the world: its flows and their SDK steps, its codes for
/// the shared machines' outcomes, its 3-D Secure version, its status check, its catalogue of
/// operations and codes with their meanings, and its scenario. Each system is a folder under
/// `Sources/PaymentWorld/Systems/` holding one type that conforms, and one line in
/// `PaymentSystems.registered` (`Systems/Registry.swift`).
///
/// The lifecycles (LC-00…LC-12), the ledger, the stations and the claims are shared: a system
/// says which of them its flows run and in what words its outcomes are reported.
package protocol PaymentSystemModel: Sendable {
    /// The system's name in summaries, scenarios and flag values (`portmone`).
    var name: String { get }
    /// Its title for people (`Portmone Masterpass [P]`).
    var title: String { get }
    /// Where its behaviour comes from: a seed SDK of `../shared/seeds/`, or public documentation.
    var source: PaymentSystemSource { get }
    /// Its flows, in the order they are registered: append only, since a flow's place is its
    /// index in per-flow figures and in the scenario's mix.
    var flows: [FlowDefinition] { get }
    /// Steps its servers may ask the app to run in place of a flow's step (DeviceApp+Steps): a code
    /// and its resend after an OTP request, an SCA attempt after `scaRequired`, the change the app
    /// picks for `manageCard`.
    var stepsInPlace: [SeedStep] { get }
    /// Whether its sales cascade to a backup provider (LC-08) when `policies.cascading` is on: only
    /// where its source describes cascading (ecommpay's `isCascading`, and the generic card flows).
    var cascades: Bool { get }
    /// The branch of LC-06 its payments authenticate with.
    var threeDSVersion: ThreeDSVersion { get }
    /// How it asks for a payment whose answer went missing, and what it hears back.
    var statusCheck: StatusCheckWords { get }
    /// The app's words when its call for a payment's result goes unanswered, and for its re-init
    /// with the same payment and the two answers it may get (ecommpay NETWORK_TIMEOUT,
    /// onPaymentRestored, PAYMENT_HAS_FINAL_STATUS).
    var appRecovery: AppRecoveryWords { get }
    /// Its codes for a payment refused for its card-on-file token, as another customer's and as
    /// missing; none when it reports these as its decline.
    var tokenRefusalCodes: [String] { get }
    /// Whether its app names the card-on-file token in the pay request (ecommpay's `account_token`),
    /// so that a token the customer deleted, or a stale one of another customer, reaches the
    /// platform (`seed.tokenSaleDeletedToken`, `tokenSaleForeignToken`); false where the merchant
    /// server keeps the token (MPGS M4).
    var appNamesTokens: Bool { get }
    /// Its code for a lifecycle whose SDK step went unanswered through every repeat.
    var stepTimeoutCode: String { get }
    /// Its code for a lifecycle whose `step` went unanswered through every repeat, where that
    /// depends on which server the step calls; nil for `stepTimeoutCode`.
    func code(timedOutAt step: SeedStep) -> String?
    /// Its operations and codes, each with its source's meaning and how a run counts it.
    var catalogue: [SeedCatalogueEntry] { get }
    /// The scenario that runs its flows, relative to the package root.
    var scenario: String? { get }
    /// Claims of the system's own promises (the shared ones are `InvariantRegistry.catalogue`'s),
    /// checked in every run after the shared ones.
    var claims: [any InvariantMonitor.Type] { get }

    /// Its code for a lifecycle that ended in the card core.
    func code(for outcome: PaymentOutcome) -> String
    /// Its code for a payment that failed for a cause with a code of its own; by default the
    /// outcome's code.
    func code(for outcome: PaymentOutcome, cause: FailureCause) -> String?
    /// Its code for a lifecycle that ended at an SDK step with the step's last answer; nil for
    /// the answer's own name.
    func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String?
    /// Its code for a payment the issuer declined with `reason` (ISO 8583 field 39), where its
    /// source gives the reason a code of its own (MPGS INSUFFICIENT_FUNDS); nil for its decline code.
    func code(declinedBy reason: ResponseCode) -> String?
    /// The detail its source adds to a card-core lifecycle's code: Sips's acquirerResponseCode, the
    /// issuer's own answer; Stripe's decline_code. `reason` is the issuer's, for a decline.
    func detailCode(for outcome: PaymentOutcome, declinedBy reason: ResponseCode?) -> String?
}

extension PaymentSystemModel {
    package var tokenRefusalCodes: [String] { [] }
    package var appNamesTokens: Bool { false }
    package var stepsInPlace: [SeedStep] { [] }
    package var cascades: Bool { false }
    package var appRecovery: AppRecoveryWords { .plain }
    package var scenario: String? { nil }
    package var claims: [any InvariantMonitor.Type] { [] }
    package func code(for outcome: PaymentOutcome, cause: FailureCause) -> String? { nil }
    package func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String? { nil }
    package func code(declinedBy reason: ResponseCode) -> String? { nil }
    package func code(timedOutAt step: SeedStep) -> String? { nil }
    package func detailCode(for outcome: PaymentOutcome, declinedBy reason: ResponseCode?) -> String? { nil }
}

/// Where a system's behaviour comes from.
public enum PaymentSystemSource: Sendable, Hashable {
    /// The generic card flows of domain.md §2, with no SDK of their own.
    case domain
    /// One of the five seed SDKs in `../shared/seeds/` (domain.md §1).
    case seed
    /// The system's public documentation, by its pages' addresses.
    case publicDocs([String])
}

/// How a system asks for a payment whose answer went missing (domain §1, §2.4 LC-12), and what it
/// hears back while the payment is in progress and once it is final.
public struct StatusCheckWords: Sendable, Hashable {
    public let operation: String
    public let inProgress: String
    public let final: String

    public init(_ operation: String, inProgress: String, final: String) {
        self.operation = operation
        self.inProgress = inProgress
        self.final = final
    }

    static let plain = StatusCheckWords("status check", inProgress: "in progress", final: "final status")
}

/// What a system's app says when its call for a payment's result goes unanswered, how it asks
/// again for the same payment, and what it hears back: the payment still running, or final.
public struct AppRecoveryWords: Sendable, Hashable {
    public let timeout: String
    public let reinit: String
    public let inProgress: String
    public let final: String
    /// The answer to a second pay of the same payment (a double tap).
    public let secondPay: String

    public init(timeout: String, reinit: String, inProgress: String, final: String,
                secondPay: String = AppRecoveryWords.plain.secondPay) {
        self.timeout = timeout
        self.reinit = reinit
        self.inProgress = inProgress
        self.final = final
        self.secondPay = secondPay
    }

    public static let plain = AppRecoveryWords(timeout: "request timed out", reinit: "asks the merchant for the order again",
                                               inProgress: "order in progress", final: "order final",
                                               secondPay: "order already placed")
}
