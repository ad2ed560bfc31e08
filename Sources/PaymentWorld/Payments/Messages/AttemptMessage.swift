import SimulationKernel

/// The three exchanges an authorization attempt makes through acquirer → network → issuer and
/// back, each a request and its response.
enum AttemptExchange {
    case authorization, inquiry, reversal

    var request: PaymentMessage {
        switch self {
        case .authorization: .authorizationRequest
        case .inquiry: .inquiryRequest
        case .reversal: .reversalRequest
        }
    }

    var response: PaymentMessage {
        switch self {
        case .authorization: .authorizationResponse
        case .inquiry: .inquiryResponse
        case .reversal: .reversalResponse
        }
    }
}

/// One message about an attempt on that path (`AttemptWire`): which attempt of which gateway
/// payment, and a small code: the issuer's answer in an authorization's response, the finding
/// in an inquiry's, 0 where the message has none.
struct AttemptMessage {
    let attempt: AttemptID
    var code: UInt64 = 0

    @inline(__always) init(_ attempt: AttemptID, code: UInt64 = 0) {
        self.attempt = attempt
        self.code = code
    }

    /// The attempt message an event carries: subject the payment, argument attempt | code << 8.
    @inline(__always) init(decoding event: SimulationEvent) {
        attempt = AttemptID(PaymentID(rawValue: event.subject), AttemptWire.attempt(of: event.argument))
        code = AttemptWire.code(of: event.argument)
    }

    var payment: PaymentID { attempt.payment }

    /// The event words that carry it as a `kind`.
    @inline(__always) func wire(_ kind: PaymentMessage) -> MessageWire {
        MessageWire(kind, attempt.payment.rawValue, argument: AttemptWire.encode(attempt.index, code: code))
    }
}
