import SimulationKernel

/// A server's answer to one of the app's SDK calls (`stepAnswer`, `StepWire`): the step, the
/// answer, the call it answers (so the app tells a duplicate of an earlier answer), and a payload.
struct StepReply {
    /// Nil for a step number the app does not know.
    let step: SeedStep?
    let answer: StepAnswer
    let call: Int
    let payload: UInt64

    @inline(__always) init(_ step: SeedStep, _ answer: StepAnswer, call: Int, payload: UInt64 = 0) {
        self.step = step
        self.answer = answer
        self.call = call & StepWire.callMask
        self.payload = payload
    }

    @inline(__always) init(decoding argument: UInt64) {
        step = StepWire.step(of: argument)
        answer = StepWire.answer(of: argument)
        call = StepWire.call(of: argument)
        payload = StepWire.answerPayload(of: argument)
    }

    var argument: UInt64 {
        @inline(__always) get { StepWire.answer(step, answer, call: call, payload: payload) }
    }
}

/// The merchant's answer to a checkout call that is not the outcome (`checkoutRestored`, `CheckoutWire`).
enum CheckoutRestore {
    /// A second tap on pay was refused: the first payment goes on.
    case secondPayRefused
    /// The payment is authorized and waits for the merchant's capture.
    case held
    /// A re-init found the payment still running; `serial` is the call it answers.
    case running(serial: UInt32)

    @inline(__always) init(decoding argument: UInt64) {
        if CheckoutWire.secondPay.read(argument) == 1 {
            self = .secondPayRefused
        } else if CheckoutWire.held.read(argument) == 1 {
            self = .held
        } else {
            self = .running(serial: CheckoutWire.serial(of: argument))
        }
    }

    var argument: UInt64 {
        switch self {
        case .secondPayRefused: CheckoutWire.secondPay.write(1)
        case .held: CheckoutWire.held.write(1)
        case .running(let serial): UInt64(serial)
        }
    }
}

/// What the customer's device (the app, and the customer using it) receives: the servers'
/// answers, the 3-D Secure pages, and its own timers and the customer's think times.
enum DeviceMessage: ActorMessage {
    /// The argument of `lifecycleDue`: an open arrival (then the next is drawn), the start of the
    /// open process, or one closed-model customer's next payment.
    enum Arrival: UInt64 { case open = 0, begin = 1, customer = 2 }

    // Its own timers and the customer's think times.
    case lifecycleDue(Arrival)
    case lifecycleDeadline(serial: UInt64)
    case checkoutTimedOut(LifecycleID, serial: UInt32)
    case appReinitDue(LifecycleID, serial: UInt32)
    case secondTapDue(LifecycleID)
    case paymentCancelDue(LifecycleID)
    case stepTimedOut(LifecycleID, serial: UInt64)
    case stepRetryDue(LifecycleID, serial: UInt64)
    case codeTyped(LifecycleID, code: UInt64)
    case scaReady(LifecycleID, serial: UInt64)
    case identityVerified(LifecycleID, serial: UInt64)
    case provisioningTimedOut(LifecycleID, serial: UInt64)
    /// The cardholder's answer, ready after their think time, for the ACS.
    case challengeResponse(LifecycleID, ChallengeAnswer)
    /// The customer's answer to a cascade, ready after their think time, for the gateway (by payment).
    case cascadeConsentGiven(PaymentID, consented: Bool)
    // From the merchant.
    case checkoutResponse(LifecycleID, OutcomeReport)
    case checkoutRestored(LifecycleID, CheckoutRestore)
    // From the servers of the seed systems.
    case stepAnswer(LifecycleID, StepReply)
    case codeDelivered(LifecycleID, code: UInt64)
    /// Mobile wallet → device: the token needs identity verification; `call` the addPass call it answers.
    case identityVerificationRequired(LifecycleID, call: Int)
    // 3-D Secure and cascades.
    case challengeRequest(LifecycleID)
    case decoupledStarted(LifecycleID)
    /// ACS → device: the PaRes posted to the TermUrl, with its MD (the payment).
    case paResPosted(PaymentID, ThreeDSAnswer)
    /// Gateway → device: may the cascade go on with 3-D Secure? (`payment` the gateway's, raw)
    case cascadeConsentRequest(LifecycleID, payment: UInt64)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let lifecycle = LifecycleID(rawValue: event.subject), argument = event.argument
        switch PaymentMessage(rawValue: event.kind) {
        case .lifecycleDue: self = .lifecycleDue(Arrival(rawValue: argument) ?? .open)
        case .lifecycleDeadline: self = .lifecycleDeadline(serial: argument)
        case .checkoutTimedOut: self = .checkoutTimedOut(lifecycle, serial: UInt32(truncatingIfNeeded: argument))
        case .appReinitDue: self = .appReinitDue(lifecycle, serial: UInt32(truncatingIfNeeded: argument))
        case .secondTapDue: self = .secondTapDue(lifecycle)
        case .paymentCancelDue: self = .paymentCancelDue(lifecycle)
        case .stepTimedOut: self = .stepTimedOut(lifecycle, serial: argument)
        case .stepRetryDue: self = .stepRetryDue(lifecycle, serial: argument)
        case .codeTyped: self = .codeTyped(lifecycle, code: argument)
        case .scaReady: self = .scaReady(lifecycle, serial: argument)
        case .identityVerified: self = .identityVerified(lifecycle, serial: argument)
        case .provisioningTimedOut: self = .provisioningTimedOut(lifecycle, serial: argument)
        case .challengeResponse: self = .challengeResponse(lifecycle, ChallengeAnswer(rawValue: argument) ?? .failed)
        case .cascadeConsentGiven: self = .cascadeConsentGiven(PaymentID(rawValue: event.subject), consented: argument == 1)
        case .checkoutResponse: self = .checkoutResponse(lifecycle, OutcomeReport(decoding: argument))
        case .checkoutRestored: self = .checkoutRestored(lifecycle, CheckoutRestore(decoding: argument))
        case .stepAnswer: self = .stepAnswer(lifecycle, StepReply(decoding: argument))
        case .codeDelivered: self = .codeDelivered(lifecycle, code: argument)
        case .identityVerificationRequired: self = .identityVerificationRequired(lifecycle, call: Int(argument))
        case .challengeRequest: self = .challengeRequest(lifecycle)
        case .decoupledStarted: self = .decoupledStarted(lifecycle)
        case .paResPosted: self = .paResPosted(PaymentID(rawValue: event.subject), WireTransStatus.answer(argument))
        case .cascadeConsentRequest: self = .cascadeConsentRequest(lifecycle, payment: argument)
        default: return nil
        }
    }
}

extension DeviceMessage {
    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .lifecycleDue(let arrival): MessageWire(.lifecycleDue, 0, argument: arrival.rawValue)
            case .lifecycleDeadline(let serial): MessageWire(.lifecycleDeadline, 0, argument: serial)
            case .checkoutTimedOut(let lifecycle, let serial): MessageWire(.checkoutTimedOut, lifecycle.rawValue, argument: UInt64(serial))
            case .appReinitDue(let lifecycle, let serial): MessageWire(.appReinitDue, lifecycle.rawValue, argument: UInt64(serial))
            case .secondTapDue(let lifecycle): MessageWire(.secondTapDue, lifecycle.rawValue)
            case .paymentCancelDue(let lifecycle): MessageWire(.paymentCancelDue, lifecycle.rawValue)
            case .stepTimedOut(let lifecycle, let serial): MessageWire(.stepTimedOut, lifecycle.rawValue, argument: serial)
            case .stepRetryDue(let lifecycle, let serial): MessageWire(.stepRetryDue, lifecycle.rawValue, argument: serial)
            case .codeTyped(let lifecycle, let code): MessageWire(.codeTyped, lifecycle.rawValue, argument: code)
            case .scaReady(let lifecycle, let serial): MessageWire(.scaReady, lifecycle.rawValue, argument: serial)
            case .identityVerified(let lifecycle, let serial): MessageWire(.identityVerified, lifecycle.rawValue, argument: serial)
            case .provisioningTimedOut(let lifecycle, let serial): MessageWire(.provisioningTimedOut, lifecycle.rawValue, argument: serial)
            case .challengeResponse(let lifecycle, let answer): MessageWire(.challengeResponse, lifecycle.rawValue, argument: answer.rawValue)
            case .cascadeConsentGiven(let payment, let consented):
                MessageWire(.cascadeConsentGiven, payment.rawValue, argument: consented ? 1 : 0)
            case .checkoutResponse(let lifecycle, let report): MessageWire(.checkoutResponse, lifecycle.rawValue, argument: report.argument)
            case .checkoutRestored(let lifecycle, let restore):
                MessageWire(.checkoutRestored, lifecycle.rawValue, argument: restore.argument)
            case .stepAnswer(let lifecycle, let reply): MessageWire(.stepAnswer, lifecycle.rawValue, argument: reply.argument)
            case .codeDelivered(let lifecycle, let code): MessageWire(.codeDelivered, lifecycle.rawValue, argument: code)
            case .identityVerificationRequired(let lifecycle, let call):
                MessageWire(.identityVerificationRequired, lifecycle.rawValue, argument: UInt64(call))
            case .challengeRequest(let lifecycle): MessageWire(.challengeRequest, lifecycle.rawValue)
            case .decoupledStarted(let lifecycle): MessageWire(.decoupledStarted, lifecycle.rawValue)
            case .paResPosted(let payment, let answer): MessageWire(.paResPosted, payment.rawValue, argument: WireTransStatus.encode(answer))
            case .cascadeConsentRequest(let order, let payment): MessageWire(.cascadeConsentRequest, order.rawValue, argument: payment)
            }
        }
    }
}
