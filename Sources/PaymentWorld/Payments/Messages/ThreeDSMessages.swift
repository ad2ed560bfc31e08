import SimulationKernel

/// What the scheme's directory server receives: AReqs to route to an ACS, and the ACS's answers.
enum DirectoryServerMessage: ActorMessage {
    /// Gateway → directory server: the AReq for a payment.
    case authenticationRequest(PaymentID)
    /// ACS → directory server: the ARes or RReq, a `WireTransStatus` passed on to the gateway as it is.
    case authenticationResult(PaymentID, status: UInt64)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let payment = PaymentID(rawValue: event.subject)
        switch PaymentMessage(rawValue: event.kind) {
        case .authenticationRequest: self = .authenticationRequest(payment)
        case .authenticationResult: self = .authenticationResult(payment, status: event.argument)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .authenticationRequest(let payment): MessageWire(.authenticationRequest, payment.rawValue)
            case .authenticationResult(let payment, let status): MessageWire(.authenticationResult, payment.rawValue, argument: status)
            }
        }
    }
}

/// What the issuer's ACS receives: AReqs through the directory server, and the cardholder's
/// answers to its challenges, on the device (CRes) or out of band (decoupled).
enum ACSMessage: ActorMessage {
    /// Directory server → ACS: the AReq for a payment.
    case authenticationRequest(PaymentID)
    /// Device → ACS: the cardholder's answer on the challenge screen (CRes), by order.
    case challengeResponse(LifecycleID, ChallengeAnswer)
    /// ACS to itself: the cardholder answered in their banking app (decoupled), by order.
    case decoupledAnswered(LifecycleID, ChallengeAnswer)

    @inline(__always) init?(decoding event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .authenticationRequest: self = .authenticationRequest(PaymentID(rawValue: event.subject))
        case .challengeResponse:
            self = .challengeResponse(LifecycleID(rawValue: event.subject), ChallengeAnswer(rawValue: event.argument) ?? .failed)
        case .decoupledAnswered:
            self = .decoupledAnswered(LifecycleID(rawValue: event.subject), ChallengeAnswer(rawValue: event.argument) ?? .failed)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .authenticationRequest(let payment): MessageWire(.authenticationRequest, payment.rawValue)
            case .challengeResponse(let order, let answer): MessageWire(.challengeResponse, order.rawValue, argument: answer.rawValue)
            case .decoupledAnswered(let order, let answer): MessageWire(.decoupledAnswered, order.rawValue, argument: answer.rawValue)
            }
        }
    }
}
