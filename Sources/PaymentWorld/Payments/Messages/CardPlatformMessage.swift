import SimulationKernel

/// What Paysafe's card platform receives: the app's calls and a prepaid purchase's answers
/// (through its intake), the SCA authority's word on a protected call, and its own timers.
enum CardPlatformMessage: ActorMessage {
    /// Device → platform: one API call (`stepRequest`).
    case step(StepRequest)
    /// Token service → platform: whether a purchase's wallet token is the customer's card's.
    case detokenizeResponse(LifecycleID, found: Bool)
    /// Network → platform as the card's issuer-processor: authorize a purchase on `channel`.
    case authorizationRequest(LifecycleID, channel: PurchaseChannel)
    /// Network → platform as the purchase's API face: the issuer-processor's decision (nil: none it knows).
    case authorizationResponse(LifecycleID, PrepaidDecision?)
    /// SCA authority → platform: whether a verified event was redeemed for `operation` (`ScaRedeemWire`).
    case scaRedeemed(LifecycleID, operation: UInt64, verified: Bool)
    /// Platform to itself: a customer's physical card came back from the bureau.
    case cardIssued(CustomerID, generation: UInt32)
    /// Platform to itself: a push provisioning's completion time ran out; `timer` tells the live timer.
    case provisioningExpired(LifecycleID, timer: UInt32)
    /// Platform to itself: the network did not answer a purchase in time; `ticket` index | serial << 32.
    case purchaseTimedOut(LifecycleID, ticket: UInt64)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let lifecycle = LifecycleID(rawValue: event.subject)
        switch PaymentMessage(rawValue: event.kind) {
        case .stepRequest: self = .step(StepRequest(decoding: event))
        case .prepaidDetokenizeResponse: self = .detokenizeResponse(lifecycle, found: event.argument == 1)
        case .prepaidAuthorizationRequest:
            let channel = PurchaseChannel(rawValue: UInt8(truncatingIfNeeded: event.argument)) ?? .cardNotPresent
            self = .authorizationRequest(lifecycle, channel: channel)
        case .prepaidAuthorizationResponse:
            self = .authorizationResponse(lifecycle, PrepaidDecision(rawValue: UInt8(truncatingIfNeeded: event.argument)))
        case .scaRedeemed:
            self = .scaRedeemed(lifecycle, operation: ScaRedeemWire.operation(of: event.argument),
                                verified: ScaRedeemWire.isVerified(event.argument))
        case .cardIssued:
            self = .cardIssued(CustomerID(UInt32(truncatingIfNeeded: event.subject)), generation: UInt32(truncatingIfNeeded: event.argument))
        case .provisioningExpired: self = .provisioningExpired(lifecycle, timer: UInt32(truncatingIfNeeded: event.argument))
        case .prepaidPurchaseTimedOut: self = .purchaseTimedOut(lifecycle, ticket: event.argument)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .step(let request): MessageWire(.stepRequest, request.lifecycle.rawValue, argument: request.argument)
            case .detokenizeResponse(let lifecycle, let found):
                MessageWire(.prepaidDetokenizeResponse, lifecycle.rawValue, argument: found ? 1 : 0)
            case .authorizationRequest(let lifecycle, let channel):
                MessageWire(.prepaidAuthorizationRequest, lifecycle.rawValue, argument: UInt64(channel.rawValue))
            case .authorizationResponse(let lifecycle, let decision):
                MessageWire(.prepaidAuthorizationResponse, lifecycle.rawValue, argument: UInt64(decision?.rawValue ?? 0))
            case .scaRedeemed(let lifecycle, let operation, let verified):
                MessageWire(.scaRedeemed, lifecycle.rawValue, argument: ScaRedeemWire.answer(operation, verified: verified))
            case .cardIssued(let customer, let generation):
                MessageWire(.cardIssued, UInt64(customer.rawValue), argument: UInt64(generation))
            case .provisioningExpired(let lifecycle, let timer):
                MessageWire(.provisioningExpired, lifecycle.rawValue, argument: UInt64(timer))
            case .purchaseTimedOut(let lifecycle, let ticket): MessageWire(.prepaidPurchaseTimedOut, lifecycle.rawValue, argument: ticket)
            }
        }
    }
}
