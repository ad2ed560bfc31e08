import SimulationKernel

/// What a seed system's platform receives: the app's calls, its sessions' lifetime timers, and
/// the gateway's verdict on a card verification it asked for.
enum PlatformMessage: ActorMessage {
    /// Device → platform: one SDK call (`stepRequest`).
    case step(StepRequest)
    /// Platform to itself: a checkout session's lifetime ran out; `timer` tells the live timer.
    case sessionExpired(LifecycleID, timer: UInt32)
    /// Gateway → platform: the card verification's verdict.
    case verificationResponse(LifecycleID, verified: Bool)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let lifecycle = LifecycleID(rawValue: event.subject)
        switch PaymentMessage(rawValue: event.kind) {
        case .stepRequest: self = .step(StepRequest(decoding: event))
        case .sessionExpired: self = .sessionExpired(lifecycle, timer: UInt32(truncatingIfNeeded: event.argument))
        case .verificationResponse: self = .verificationResponse(lifecycle, verified: event.argument == 1)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .step(let request): MessageWire(.stepRequest, request.lifecycle.rawValue, argument: request.argument)
            case .sessionExpired(let lifecycle, let timer): MessageWire(.sessionExpired, lifecycle.rawValue, argument: UInt64(timer))
            case .verificationResponse(let lifecycle, let verified):
                MessageWire(.verificationResponse, lifecycle.rawValue, argument: verified ? 1 : 0)
            }
        }
    }
}

/// What Portmone's Masterpass wallet receives: the app's calls, and its OTPs' validity timers.
enum WalletMessage: ActorMessage {
    /// Device → wallet: one SDK call (`stepRequest`).
    case step(StepRequest)
    /// Wallet to itself: an OTP's validity ran out; `timer` tells the live timer.
    case otpExpired(LifecycleID, timer: UInt32)

    @inline(__always) init?(decoding event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .stepRequest: self = .step(StepRequest(decoding: event))
        case .otpExpired: self = .otpExpired(LifecycleID(rawValue: event.subject), timer: UInt32(truncatingIfNeeded: event.argument))
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .step(let request): MessageWire(.stepRequest, request.lifecycle.rawValue, argument: request.argument)
            case .otpExpired(let lifecycle, let timer): MessageWire(.otpExpired, lifecycle.rawValue, argument: UInt64(timer))
            }
        }
    }
}
