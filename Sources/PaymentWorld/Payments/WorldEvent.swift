import SimulationKernel

/// A fact about the payments world that the monitors check, reported by the actor that
/// caused it, at the instant it happened. `payment` is the lifecycle id (slot and generation).
public enum WorldEvent: Sendable, Hashable {
    /// The customer's intent: one order may be retried as several gateway payments.
    case paymentCreated(payment: UInt64, order: UInt64, key: UInt64)
    /// The gateway sent an authorization; `required` tells whether the card is enrolled in 3DS,
    /// `authentication` is the 3DS result it relies on (nil when none was asked for), and
    /// `exempted` whether it claimed the low-value exemption for this `amount`.
    case authorizationSent(payment: UInt64, attempt: Int, required: Bool, authentication: TransStatus?, exempted: Bool,
                           amount: Int64)
    /// The gateway took an authorization answer for `attempt` of a live payment (G-8, G-11).
    case authorizationAnswered(payment: UInt64, attempt: Int, approved: Bool)
    /// The issuer (or the network standing in) approved and placed a hold.
    case holdPlaced(payment: UInt64, card: UInt32, amount: Int64, standIn: Bool, usableCard: Bool)
    /// A hold was released (reversal, void, expiry, or the rest after a capture).
    case holdReleased(payment: UInt64, card: UInt32, amount: Int64)
    /// The gateway is about to capture `amount` (checked before the money moves: AUTH-1).
    case captureAttempted(payment: UInt64, amount: Int64)
    case captured(payment: UInt64, card: UInt32, amount: Int64)
    /// The gateway is about to refund `amount` (checked before the money moves: AUTH-3).
    case refundAttempted(payment: UInt64, amount: Int64)
    case refunded(payment: UInt64, amount: Int64)
    /// An unknown outcome was settled (LC-12); a not-approved one must leave no hold (RES-2).
    case outcomeResolved(payment: UInt64, approved: Bool)
    /// The gateway settled a payment's status for good.
    case paymentFinal(payment: UInt64, order: UInt64, succeeded: Bool)
    /// The gateway forgot a finished payment: nothing more can happen to it.
    case paymentRetired(payment: UInt64, order: UInt64)
    /// A lifecycle rejected an event its table does not allow (G-6).
    case illegalTransition(payment: UInt64, description: String)
    // Seed-system steps.
    /// A server checked a submitted OTP; `submissions` counts every code checked for this OTP.
    case otpChecked(lifecycle: UInt64, submissions: Int, maxAttempts: Int)
    /// A wallet ran the action an OTP protects (store a card, open a session, 2D debit).
    case otpProtectedActionRan(lifecycle: UInt64, verified: Bool)
    /// A prepaid card's status changed; `sca` tells whether a verified SCA event backed it.
    case prepaidStatusChanged(lifecycle: UInt64, from: CardStatus?, to: CardStatus, sca: Bool)
    /// A prepaid card was activated; `physical` and how many activations it has had.
    case prepaidActivated(lifecycle: UInt64, physical: Bool, activations: Int)
    /// The app got an answer naming call `answered` of a lifecycle that has made `made` calls (G-8).
    case answerReceived(lifecycle: UInt64, answered: Int, made: Int)
    /// A wallet tokenization was completed while the card had `cardStatus`.
    case tokenizationCompleted(lifecycle: UInt64, cardStatus: CardStatus, earlierCompletions: Int)
    /// An actor stored a card in its records, in the form `form` (G-12).
    case cardDataKept(lifecycle: UInt64, holder: PaymentActorKind, form: CardDataForm)
}

/// The form in which an actor keeps a card (G-12). No card numbers are simulated: each store of
/// card data names its form instead, which is what PCI scope and the invariant are about.
public enum CardDataForm: String, Sendable, Hashable {
    /// The full card number (PAN).
    case pan
    /// First six and last four digits, for receipts and card lists.
    case maskedPAN = "masked_pan"
    /// A gateway token or a network token (DPAN): useless outside its domain.
    case token
}

/// A broken invariant: which claim, about what, when, and why.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    public var invariant: String
    public var claim: String
    public var lifecycle: UInt64
    public var time: SimTime
    public var detail: String
    /// Liveness violations end a run with exit 2, safety violations with exit 1.
    public var isLiveness: Bool

    public var description: String {
        "\(invariant) \(claim)  payment#\(lifecycle & 0xFFFF_FFFF).\(lifecycle >> 32)  t=\(time): \(detail)"
    }
}
