import SimulationKernel

/// What Paysafe's SCA authority receives: the customer's attempts, the card platform's opening,
/// redeeming and applying of an event, and its own expiry timer.
enum ScaAuthorityMessage: ActorMessage {
    /// Device → authority: an SCA attempt (`stepRequest`; payload the operation it is for).
    case attempt(StepRequest)
    /// Card platform → authority: an operation answered scaRequired; its event starts now.
    case opened(LifecycleID, operation: SeedStep?)
    /// Card platform → authority: is the event for `operation` verified and unused? (`ScaRedeemWire`)
    case redeem(LifecycleID, operation: UInt64)
    /// Card platform → authority: the redeemed operation was applied, or refused (`ScaRedeemWire`).
    case applied(LifecycleID, operation: UInt64, applied: Bool)
    /// Authority to itself: the event's expirationTime passed; `timer` tells the live timer.
    case eventExpired(LifecycleID, timer: UInt32)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let lifecycle = LifecycleID(rawValue: event.subject)
        switch PaymentMessage(rawValue: event.kind) {
        case .stepRequest: self = .attempt(StepRequest(decoding: event))
        case .scaOpened: self = .opened(lifecycle, operation: SeedStep(rawValue: UInt8(truncatingIfNeeded: event.argument)))
        case .scaRedeem: self = .redeem(lifecycle, operation: ScaRedeemWire.operation(of: event.argument))
        case .scaApplied:
            self = .applied(lifecycle, operation: ScaRedeemWire.operation(of: event.argument),
                            applied: ScaRedeemWire.isVerified(event.argument))
        case .scaEventExpired: self = .eventExpired(lifecycle, timer: UInt32(truncatingIfNeeded: event.argument))
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .attempt(let request): MessageWire(.stepRequest, request.lifecycle.rawValue, argument: request.argument)
            case .opened(let lifecycle, let operation):
                MessageWire(.scaOpened, lifecycle.rawValue, argument: UInt64(operation?.rawValue ?? 0))
            case .redeem(let lifecycle, let operation):
                MessageWire(.scaRedeem, lifecycle.rawValue, argument: ScaRedeemWire.answer(operation, verified: false))
            case .applied(let lifecycle, let operation, let applied):
                MessageWire(.scaApplied, lifecycle.rawValue, argument: ScaRedeemWire.answer(operation, verified: applied))
            case .eventExpired(let lifecycle, let timer): MessageWire(.scaEventExpired, lifecycle.rawValue, argument: UInt64(timer))
            }
        }
    }
}
