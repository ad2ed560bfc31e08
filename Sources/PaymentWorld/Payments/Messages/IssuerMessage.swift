import SimulationKernel

/// What the issuer receives: the network's requests about an attempt, the advices that tell it
/// what was decided or done on its behalf, and its own hold-booking step.
enum IssuerMessage: ActorMessage {
    /// Network → issuer: authorize, inquire about or reverse an attempt (through its intake).
    case request(AttemptExchange, AttemptMessage)
    /// Network → issuer: the network approved the attempt on the issuer's behalf (STIP).
    case standInAdvice(AttemptMessage)
    /// Gateway → issuer: the attempt's approval was captured (clearing).
    case captureAdvice(AttemptMessage)
    /// Issuer to itself: a decision taken, its hold booked now (the planted race only).
    case holdBooked(AttemptMessage)

    @inline(__always) init?(decoding event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .authorizationRequest: self = .request(.authorization, AttemptMessage(decoding: event))
        case .inquiryRequest: self = .request(.inquiry, AttemptMessage(decoding: event))
        case .reversalRequest: self = .request(.reversal, AttemptMessage(decoding: event))
        case .standInAdvice: self = .standInAdvice(AttemptMessage(decoding: event))
        case .captureAdvice: self = .captureAdvice(AttemptMessage(decoding: event))
        case .holdBooked: self = .holdBooked(AttemptMessage(decoding: event))
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .request(let exchange, let message): message.wire(exchange.request)
            case .standInAdvice(let message): message.wire(.standInAdvice)
            case .captureAdvice(let message): message.wire(.captureAdvice)
            case .holdBooked(let message): message.wire(.holdBooked)
            }
        }
    }
}
