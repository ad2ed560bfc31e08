import SimulationKernel

/// What reaches the gateway: another actor's message, which waits at its intake first, or one of
/// its own timers and reminders, which does not.
enum GatewayMessage: ActorMessage {
    case inbound(GatewayInbound)
    case own(GatewayReminder)

    /// The gateway's codec table, in its two halves: `Gateway.handle` reads them in the order it
    /// needs them, its own timers before the intake and the other actors' messages once the intake
    /// has served them, so that a message is not decoded at its arrival and again when served.
    @inline(__always) init?(decoding event: SimulationEvent) {
        if let reminder = GatewayReminder(decoding: event) {
            self = .own(reminder)
        } else if let inbound = GatewayInbound(decoding: event) {
            self = .inbound(inbound)
        } else {
            return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .inbound(let message): message.wire
            case .own(let reminder): reminder.wire
            }
        }
    }
}

/// The other actors' messages to the gateway: through its intake first.
enum GatewayInbound {
    /// Merchant → gateway: pay for the order, under the merchant's idempotency key.
    case paymentRequest(LifecycleID, key: UInt64)
    /// Merchant → gateway: the customer cancelled the order's payment (the key of its call).
    case paymentCancel(LifecycleID, key: UInt64)
    /// Merchant → gateway: capture `number` of the order, for `amount` (`CaptureWire`).
    case captureRequest(LifecycleID, amount: Int64, number: Int, final: Bool)
    /// Merchant → gateway: release an authorization it will not capture.
    case voidRequest(LifecycleID)
    /// Merchant → gateway: refund `operation` of the order, for `amount` (`RefundWire`).
    case refundRequest(LifecycleID, amount: Int64, operation: Int)
    /// Platform → gateway: verify the lifecycle's card for 0 (LC-03), and save it as a token if asked.
    case verificationRequest(LifecycleID, storeCredential: Bool)
    /// Directory server → gateway: the ARes or RReq for a payment (`WireTransStatus`).
    case authenticationResult(PaymentID, ThreeDSAnswer)
    /// Device → gateway: a 3-D Secure 1.0 page's PaRes, for the payment its MD names.
    case paResForwarded(PaymentID, ThreeDSAnswer)
    /// Acquirer → gateway: the answer to an authorization, an inquiry or a reversal.
    case response(AttemptExchange, AttemptMessage)
    /// Acquirer → gateway: how refund `operation` ended (`RefundAnswerWire`).
    case refundResponse(PaymentID, operation: Int, RefundAnswerWire.Result?, code: ResponseCode)
    /// Token service → gateway: the token's card, or why the payment may not use it (`TokenLookupWire`).
    case tokenLookupResponse(PaymentID, TokenLookupWire.Result, card: CardID)
    /// Device → gateway: whether the customer lets the cascade go on with 3-D Secure.
    case cascadeConsentGiven(PaymentID, consented: Bool)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let order = LifecycleID(rawValue: event.subject), payment = PaymentID(rawValue: event.subject), argument = event.argument
        switch PaymentMessage(rawValue: event.kind) {
        case .paymentRequest: self = .paymentRequest(order, key: argument)
        case .paymentCancel: self = .paymentCancel(order, key: argument)
        case .captureRequest:
            self = .captureRequest(order, amount: CaptureWire.amount(of: argument), number: CaptureWire.operation(of: argument),
                                   final: CaptureWire.isFinal(argument))
        case .voidRequest: self = .voidRequest(order)
        case .refundRequest:
            self = .refundRequest(order, amount: RefundWire.amount(of: argument), operation: RefundWire.operation(of: argument))
        case .verificationRequest: self = .verificationRequest(order, storeCredential: argument == 1)
        case .authenticationResult: self = .authenticationResult(payment, WireTransStatus.answer(argument))
        case .paResForwarded: self = .paResForwarded(payment, WireTransStatus.answer(argument))
        case .authorizationResponse: self = .response(.authorization, AttemptMessage(decoding: event))
        case .inquiryResponse: self = .response(.inquiry, AttemptMessage(decoding: event))
        case .reversalResponse: self = .response(.reversal, AttemptMessage(decoding: event))
        case .refundResponse:
            self = .refundResponse(payment, operation: RefundAnswerWire.operation(of: argument), RefundAnswerWire.result(of: argument),
                                   code: RefundAnswerWire.code(of: argument))
        case .tokenLookupResponse:
            self = .tokenLookupResponse(payment, TokenLookupWire.result(of: argument), card: TokenLookupWire.card(of: argument))
        case .cascadeConsentGiven: self = .cascadeConsentGiven(payment, consented: argument == 1)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .paymentRequest(let order, let key): MessageWire(.paymentRequest, order.rawValue, argument: key)
            case .paymentCancel(let order, let key): MessageWire(.paymentCancel, order.rawValue, argument: key)
            case .captureRequest(let order, let amount, let number, let final):
                MessageWire(.captureRequest, order.rawValue, argument: CaptureWire.encode(amount: amount, operation: number, final: final))
            case .voidRequest(let order): MessageWire(.voidRequest, order.rawValue)
            case .refundRequest(let order, let amount, let operation):
                MessageWire(.refundRequest, order.rawValue, argument: RefundWire.encode(amount: amount, operation: operation))
            case .verificationRequest(let lifecycle, let store): MessageWire(.verificationRequest, lifecycle.rawValue, argument: store ? 1 : 0)
            case .authenticationResult(let payment, let answer):
                MessageWire(.authenticationResult, payment.rawValue, argument: WireTransStatus.encode(answer))
            case .paResForwarded(let payment, let answer):
                MessageWire(.paResForwarded, payment.rawValue, argument: WireTransStatus.encode(answer))
            case .response(let exchange, let message): message.wire(exchange.response)
            case .refundResponse(let payment, let operation, let result, let code):
                MessageWire(.refundResponse, payment.rawValue,
                            argument: RefundAnswerWire.encode(operation: operation, result ?? .declined, code: code))
            case .tokenLookupResponse(let payment, let result, let card):
                MessageWire(.tokenLookupResponse, payment.rawValue, argument: TokenLookupWire.encode(result, card: card))
            case .cascadeConsentGiven(let payment, let consented):
                MessageWire(.cascadeConsentGiven, payment.rawValue, argument: consented ? 1 : 0)
            }
        }
    }
}

/// A wait the gateway times on a payment (`Gateway.startTimer`), one at a time, told from a
/// replaced or cancelled one by the generation it was started with.
enum GatewayTimer {
    case authenticationTimedOut, challengeTimedOut, authorizationTimedOut, resolutionTimedOut
    case cascadeConsentTimedOut, captureDayDue, inquiryDue, tokenLookupTimedOut

    var message: PaymentMessage {
        switch self {
        case .authenticationTimedOut: .authenticationTimedOut
        case .challengeTimedOut: .challengeTimedOut
        case .authorizationTimedOut: .authorizationTimedOut
        case .resolutionTimedOut: .resolutionTimedOut
        case .cascadeConsentTimedOut: .cascadeConsentTimedOut
        case .captureDayDue: .captureDayDue
        case .inquiryDue: .inquiryDue
        case .tokenLookupTimedOut: .tokenLookupTimedOut
        }
    }
}

/// The gateway's own timers and reminders: handled at once, not through its intake.
enum GatewayReminder {
    /// A payment's timer ran out; `generation` tells the live one.
    case timer(GatewayTimer, PaymentID, generation: UInt32)
    /// A refund's response timer ran out (`RefundTimerWire`).
    case refundTimedOut(PaymentID, operation: Int, serial: UInt32)
    /// A finished payment's record can go.
    case recordRetired(PaymentID)
    /// The earliest sale deadline in flight passed; `serial` tells the live check.
    case paymentDeadlinePassed(serial: UInt64)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let payment = PaymentID(rawValue: event.subject), generation = UInt32(truncatingIfNeeded: event.argument)
        switch PaymentMessage(rawValue: event.kind) {
        case .authenticationTimedOut: self = .timer(.authenticationTimedOut, payment, generation: generation)
        case .challengeTimedOut: self = .timer(.challengeTimedOut, payment, generation: generation)
        case .authorizationTimedOut: self = .timer(.authorizationTimedOut, payment, generation: generation)
        case .resolutionTimedOut: self = .timer(.resolutionTimedOut, payment, generation: generation)
        case .cascadeConsentTimedOut: self = .timer(.cascadeConsentTimedOut, payment, generation: generation)
        case .captureDayDue: self = .timer(.captureDayDue, payment, generation: generation)
        case .inquiryDue: self = .timer(.inquiryDue, payment, generation: generation)
        case .tokenLookupTimedOut: self = .timer(.tokenLookupTimedOut, payment, generation: generation)
        case .refundTimedOut:
            self = .refundTimedOut(payment, operation: RefundTimerWire.operation(of: event.argument),
                                   serial: RefundTimerWire.serial(of: event.argument))
        case .recordRetired: self = .recordRetired(payment)
        case .paymentDeadlinePassed: self = .paymentDeadlinePassed(serial: event.argument)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .timer(let timer, let payment, let generation): MessageWire(timer.message, payment.rawValue, argument: UInt64(generation))
            case .refundTimedOut(let payment, let operation, let serial):
                MessageWire(.refundTimedOut, payment.rawValue, argument: RefundTimerWire.encode(operation: operation, serial: serial))
            case .recordRetired(let payment): MessageWire(.recordRetired, payment.rawValue)
            case .paymentDeadlinePassed(let serial): MessageWire(.paymentDeadlinePassed, 0, argument: serial)
            }
        }
    }
}

extension WireTransStatus {
    /// An answer to the 3DS server on the wire: the inverse of `answer(_:)`.
    static func encode(_ answer: ThreeDSAnswer) -> UInt64 {
        switch answer {
        case .status(let status): encode(status)
        case .cancelled: cancelled
        case .erro: erro
        case .notEnrolled: notEnrolled
        }
    }
}
