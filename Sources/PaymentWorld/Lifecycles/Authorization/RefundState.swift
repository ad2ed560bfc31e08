/// LC-02 *Refund*, the child lifecycle of a captured sale or authorization (domain.md §2.4; serves AUTH-3, G-5).
///
/// The parent's guard Σ(refunded + in-flight) + r ≤ Σcaptured becomes data: the actor starts the refund in
/// `idle(refundable:)` with the parent's captured amount minus its refunded and in-flight refunds, so a refund
/// above it is an illegal transition (ecommpay answers 903). The parent's own terminal status never changes.
public enum RefundState: LifecycleState {
    case idle(refundable: MinorUnits)
    case requested(MinorUnits)
    case outcomeUnknown(MinorUnits)
    case refunded(MinorUnits)
    case refundDeclined(reason: DeclineReason)

    public static let lifecycleName = "LC-02 Refund"

    public var isTerminal: Bool {
        switch self {
        case .idle, .requested, .outcomeUnknown: return false
        case .refunded, .refundDeclined: return true
        }
    }
}

public enum RefundEvent: Sendable, Hashable {
    case request(MinorUnits)
    case approve
    case decline(code: ResponseCode)
    case timeout
    case resolved(Resolution)
}

public enum RefundEffect: Sendable, Hashable {
    case sendRefund(MinorUnits)
    case startTimer(TimerKind)
    case startResolution
    case postTransfer(Posting)
    case notifyMerchant(PaymentStatus)
}

public typealias RefundTransition = LifecycleTransition<RefundState, RefundEffect>

extension RefundState {
    public func applying(_ event: RefundEvent) throws(IllegalTransition) -> RefundTransition {
        switch self {
        case .idle(let refundable):
            // AUTH-3: refunds never exceed captures, counting the ones in flight.
            if case .request(let amount) = event, amount.isPositive, amount <= refundable {
                return to(.requested(amount), .sendRefund(amount), .startTimer(.hopResponse))
            }
        case .requested(let amount):
            switch event {
            case .approve:
                return to(.refunded(amount), .postTransfer(.refund(amount)), .notifyMerchant(.refunded))
            case .decline(let code):
                return to(.refundDeclined(reason: .issuer(code: code)), .notifyMerchant(.refundDeclined))
            case .timeout:
                return to(.outcomeUnknown(amount), .startResolution)  // Still counted in flight until LC-12 settles.
            case .request, .resolved:
                break
            }
        case .outcomeUnknown(let amount):
            switch event {
            case .resolved(.approved):
                return to(.refunded(amount), .postTransfer(.refund(amount)), .notifyMerchant(.refunded))
            case .resolved(.notApproved):
                return to(.refundDeclined(reason: .outcomeNotApproved), .notifyMerchant(.refundDeclined))
            case .request, .approve, .decline, .timeout:
                break
            }
        case .refunded, .refundDeclined:
            break  // Terminal (G-5).
        }
        throw illegal(event)
    }
}
