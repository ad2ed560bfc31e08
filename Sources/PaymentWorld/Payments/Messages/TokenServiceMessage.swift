import SimulationKernel

/// What the token service receives: the app's tokenize calls, the gateway's token lookups and
/// saved verifications, the mobile wallet's pass activations, and the card platform's detokenize.
enum TokenServiceMessage: ActorMessage {
    /// Device → token service: a tokenize call (`stepRequest`).
    case tokenize(StepRequest)
    /// Gateway → token service: the card behind the token a lifecycle made, for a payment.
    case tokenLookup(token: LifecycleID, payment: PaymentID)
    /// Gateway → token service: save a verified card as a token (VER-3); `verification` its payment.
    case storeCredential(LifecycleID, verification: PaymentID)
    /// Mobile wallet → token service (the PNO): activate the pass (`PassWire`).
    case pnoRequest(LifecycleID, pass: UInt64)
    /// Card platform → token service: the card of a customer's wallet token (`PrepaidTokenWire`).
    case prepaidDetokenize(LifecycleID, customer: Int, device: Int)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let lifecycle = LifecycleID(rawValue: event.subject)
        switch PaymentMessage(rawValue: event.kind) {
        case .stepRequest: self = .tokenize(StepRequest(decoding: event))
        case .tokenLookupRequest: self = .tokenLookup(token: lifecycle, payment: PaymentID(rawValue: event.argument))
        case .storeCredentialRequest: self = .storeCredential(lifecycle, verification: PaymentID(rawValue: event.argument))
        case .pnoRequest: self = .pnoRequest(lifecycle, pass: event.argument)
        case .prepaidDetokenizeRequest:
            self = .prepaidDetokenize(lifecycle, customer: PrepaidTokenWire.customer(of: event.argument),
                                      device: PrepaidTokenWire.device(of: event.argument))
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .tokenize(let request):
                MessageWire(.stepRequest, request.lifecycle.rawValue, argument: request.argument)
            case .tokenLookup(let token, let payment): MessageWire(.tokenLookupRequest, token.rawValue, argument: payment.rawValue)
            case .storeCredential(let lifecycle, let verification):
                MessageWire(.storeCredentialRequest, lifecycle.rawValue, argument: verification.rawValue)
            case .pnoRequest(let lifecycle, let pass): MessageWire(.pnoRequest, lifecycle.rawValue, argument: pass)
            case .prepaidDetokenize(let lifecycle, let customer, let device):
                MessageWire(.prepaidDetokenizeRequest, lifecycle.rawValue, argument: PrepaidTokenWire.encode(customer, device))
            }
        }
    }
}

/// What the customer's mobile wallet receives: the app's `addPass` call, and the PNO's decision.
enum MobileWalletMessage: ActorMessage {
    /// Device → wallet: add the pass (`stepRequest`; payload `PassWire`).
    case addPass(StepRequest)
    /// Token service → wallet: the PNO's decision.
    case pnoAnswer(LifecycleID, PnoAnswer)

    /// The PNO's decision on a pass, on the wire (anything else reads as a decline).
    enum PnoAnswer: UInt64 {
        case declined = 0, approved = 1
        /// The Google token waits for the customer's identity verification (`PassWire.needsIdentityVerification`).
        case needsIdentityVerification = 2
    }

    @inline(__always) init?(decoding event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .stepRequest: self = .addPass(StepRequest(decoding: event))
        case .pnoAnswer: self = .pnoAnswer(LifecycleID(rawValue: event.subject), PnoAnswer(rawValue: event.argument) ?? .declined)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .addPass(let request): MessageWire(.stepRequest, request.lifecycle.rawValue, argument: request.argument)
            case .pnoAnswer(let lifecycle, let answer): MessageWire(.pnoAnswer, lifecycle.rawValue, argument: answer.rawValue)
            }
        }
    }
}
