import SimulationKernel

/// What the card network receives: attempts to route between the acquirers and the issuer, its
/// own stand-in timer, and prepaid purchases to route to the card platform and back.
enum NetworkMessage: ActorMessage {
    /// Acquirer → network: an authorization, inquiry or reversal, for the issuer.
    case request(AttemptExchange, AttemptMessage)
    /// Issuer → network: the answer to one, for the acquirer that asked.
    case response(AttemptExchange, AttemptMessage)
    /// Network to itself: the issuer's time to answer an authorization ran out (the request's words).
    case standInDue(AttemptMessage)
    /// Card platform → network → card platform (issuer-processor): a prepaid purchase, by lifecycle.
    case prepaidAuthorizationRequest(LifecycleID, channel: UInt64)
    /// Card platform (issuer-processor) → network → card platform: its decision (`PrepaidDecision`).
    case prepaidAuthorizationResponse(LifecycleID, decision: UInt64)

    @inline(__always) init?(decoding event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .authorizationRequest: self = .request(.authorization, AttemptMessage(decoding: event))
        case .inquiryRequest: self = .request(.inquiry, AttemptMessage(decoding: event))
        case .reversalRequest: self = .request(.reversal, AttemptMessage(decoding: event))
        case .authorizationResponse: self = .response(.authorization, AttemptMessage(decoding: event))
        case .inquiryResponse: self = .response(.inquiry, AttemptMessage(decoding: event))
        case .reversalResponse: self = .response(.reversal, AttemptMessage(decoding: event))
        case .standInDue: self = .standInDue(AttemptMessage(decoding: event))
        case .prepaidAuthorizationRequest:
            self = .prepaidAuthorizationRequest(LifecycleID(rawValue: event.subject), channel: event.argument)
        case .prepaidAuthorizationResponse:
            self = .prepaidAuthorizationResponse(LifecycleID(rawValue: event.subject), decision: event.argument)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .request(let exchange, let message): message.wire(exchange.request)
            case .response(let exchange, let message): message.wire(exchange.response)
            case .standInDue(let message): message.wire(.standInDue)
            case .prepaidAuthorizationRequest(let lifecycle, let channel):
                MessageWire(.prepaidAuthorizationRequest, lifecycle.rawValue, argument: channel)
            case .prepaidAuthorizationResponse(let lifecycle, let decision):
                MessageWire(.prepaidAuthorizationResponse, lifecycle.rawValue, argument: decision)
            }
        }
    }
}
