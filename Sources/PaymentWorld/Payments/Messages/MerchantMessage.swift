import SimulationKernel

/// A payment's outcome as the gateway reports it to the merchant, and the merchant to the app
/// (`OutcomeWire`): the outcome, why it failed, why a token payment was refused before it
/// started, the issuer's decline, and whether a re-init found it final already.
struct OutcomeReport {
    var outcome: PaymentOutcome
    var cause = FailureCause.unstated
    var tokenRefusal: TokenLookupWire.Result?
    var declinedBy: IssuerAnswer?
    var foundFinal = false

    @inline(__always) init(_ outcome: PaymentOutcome, cause: FailureCause = .unstated, tokenRefusal: TokenLookupWire.Result? = nil,
                           declinedBy: IssuerAnswer? = nil, foundFinal: Bool = false) {
        self.outcome = outcome
        self.cause = cause
        self.tokenRefusal = tokenRefusal
        self.declinedBy = declinedBy
        self.foundFinal = foundFinal
    }

    @inline(__always) init(decoding argument: UInt64) {
        self.init(OutcomeWire.outcome(of: argument), cause: OutcomeWire.cause(of: argument),
                  tokenRefusal: OutcomeWire.tokenRefusal(of: argument), declinedBy: OutcomeWire.declinedBy(of: argument),
                  foundFinal: OutcomeWire.isFoundFinal(argument))
    }

    var argument: UInt64 {
        @inline(__always) get {
            OutcomeWire.encode(outcome, cause: cause, tokenRefusal: tokenRefusal, declinedBy: declinedBy, foundFinal: foundFinal)
        }
    }
}

/// The app's call to the merchant for a payment (`CheckoutWire`): the call's serial, whether it
/// is a re-init of a payment asked for before, and whether it is a second tap on pay.
struct CheckoutCall {
    var serial: UInt32 = 0
    var reinit = false
    var secondPay = false

    @inline(__always) init(serial: UInt32 = 0, reinit: Bool = false, secondPay: Bool = false) {
        self.serial = serial
        self.reinit = reinit
        self.secondPay = secondPay
    }

    @inline(__always) init(decoding argument: UInt64) {
        self.init(serial: CheckoutWire.serial(of: argument), reinit: CheckoutWire.isReinit(argument),
                  secondPay: CheckoutWire.secondPay.read(argument) == 1)
    }

    var argument: UInt64 {
        @inline(__always) get {
            CheckoutWire.encode(serial: serial, reinit: reinit) | CheckoutWire.secondPay.write(secondPay ? 1 : 0)
        }
    }
}

/// What the merchant's server receives: the app's checkout calls, signing calls and cancels; the
/// gateway's answers; and its own timers and reminders.
enum MerchantMessage: ActorMessage {
    /// Device → merchant: pay for the order (or re-init, or a second tap).
    case checkout(LifecycleID, CheckoutCall)
    /// Device → merchant: sign the payment's parameters (E1, a `stepRequest`).
    case sign(StepRequest)
    /// Device → merchant: the customer cancelled the order's payment.
    case paymentCancel(LifecycleID)
    /// Gateway → merchant: the payment's outcome (callbacks arrive at least once).
    case paymentResponse(LifecycleID, OutcomeReport)
    /// Gateway → merchant: capture `number` was made (`ok`) or refused (`CaptureWire`).
    case captureResponse(LifecycleID, ok: Bool, number: Int)
    /// Gateway → merchant: the authorization is voided, or nothing was left to void.
    case voidResponse(LifecycleID)
    /// Gateway → merchant: how refund `operation` ended (`RefundAnswerWire`; nil for a result it does not know).
    case refundResponse(LifecycleID, operation: Int, RefundAnswerWire.Result?, code: ResponseCode)
    /// Merchant to itself: try `try` of its call to the gateway went unanswered.
    case callTimedOut(LifecycleID, try: Int)
    /// Merchant to itself: capture `number` is due, or due again.
    case captureDue(LifecycleID, number: Int)
    /// Merchant to itself: ask for the void again until answered.
    case voidDue(LifecycleID)
    /// Merchant to itself: ask for the refunds again until answered.
    case refundDue(LifecycleID)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let order = LifecycleID(rawValue: event.subject), argument = event.argument
        switch PaymentMessage(rawValue: event.kind) {
        case .checkoutRequest: self = .checkout(order, CheckoutCall(decoding: argument))
        case .stepRequest: self = .sign(StepRequest(decoding: event))
        case .paymentCancel: self = .paymentCancel(order)
        case .paymentResponse: self = .paymentResponse(order, OutcomeReport(decoding: argument))
        case .captureResponse: self = .captureResponse(order, ok: CaptureWire.isOK(argument), number: CaptureWire.operation(of: argument))
        case .voidResponse: self = .voidResponse(order)
        case .refundResponse:
            self = .refundResponse(order, operation: RefundAnswerWire.operation(of: argument), RefundAnswerWire.result(of: argument),
                                   code: RefundAnswerWire.code(of: argument))
        case .merchantCallTimedOut: self = .callTimedOut(order, try: Int(argument))
        case .captureDue: self = .captureDue(order, number: Int(argument))
        case .voidDue: self = .voidDue(order)
        case .refundDue: self = .refundDue(order)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .checkout(let order, let call): MessageWire(.checkoutRequest, order.rawValue, argument: call.argument)
            case .sign(let request): MessageWire(.stepRequest, request.lifecycle.rawValue, argument: request.argument)
            case .paymentCancel(let order): MessageWire(.paymentCancel, order.rawValue)
            case .paymentResponse(let order, let report): MessageWire(.paymentResponse, order.rawValue, argument: report.argument)
            case .captureResponse(let order, let ok, let number):
                MessageWire(.captureResponse, order.rawValue, argument: CaptureWire.answer(ok: ok, operation: number))
            case .voidResponse(let order): MessageWire(.voidResponse, order.rawValue, argument: 1)
            case .refundResponse(let order, let operation, let result, let code):
                MessageWire(.refundResponse, order.rawValue,
                            argument: RefundAnswerWire.encode(operation: operation, result ?? .declined, code: code))
            case .callTimedOut(let order, let attempt): MessageWire(.merchantCallTimedOut, order.rawValue, argument: UInt64(attempt))
            case .captureDue(let order, let number): MessageWire(.captureDue, order.rawValue, argument: UInt64(number))
            case .voidDue(let order): MessageWire(.voidDue, order.rawValue)
            case .refundDue(let order): MessageWire(.refundDue, order.rawValue)
            }
        }
    }
}
