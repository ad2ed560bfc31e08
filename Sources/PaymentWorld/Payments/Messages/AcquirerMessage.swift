import SimulationKernel

/// What an acquirer receives: the gateway's requests for the network and its refunds, and the
/// network's answers for the gateway.
enum AcquirerMessage: ActorMessage {
    /// Gateway → acquirer: an authorization, an inquiry or a reversal, to pass to the network.
    case request(AttemptExchange, AttemptMessage)
    /// Network → acquirer: the answer to one, to pass back to the gateway.
    case response(AttemptExchange, AttemptMessage)
    /// Gateway → acquirer: the merchant's refund `operation` of the payment, for `amount` (`RefundWire`).
    case refund(PaymentID, amount: Int64, operation: Int)

    @inline(__always) init?(decoding event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .authorizationRequest: self = .request(.authorization, AttemptMessage(decoding: event))
        case .inquiryRequest: self = .request(.inquiry, AttemptMessage(decoding: event))
        case .reversalRequest: self = .request(.reversal, AttemptMessage(decoding: event))
        case .authorizationResponse: self = .response(.authorization, AttemptMessage(decoding: event))
        case .inquiryResponse: self = .response(.inquiry, AttemptMessage(decoding: event))
        case .reversalResponse: self = .response(.reversal, AttemptMessage(decoding: event))
        case .refundRequest:
            self = .refund(PaymentID(rawValue: event.subject), amount: RefundWire.amount(of: event.argument),
                           operation: RefundWire.operation(of: event.argument))
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .request(let exchange, let message): message.wire(exchange.request)
            case .response(let exchange, let message): message.wire(exchange.response)
            case .refund(let payment, let amount, let operation):
                MessageWire(.refundRequest, payment.rawValue, argument: RefundWire.encode(amount: amount, operation: operation))
            }
        }
    }
}
