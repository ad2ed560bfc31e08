import SimulationKernel

/// What the SMS message channel receives: a code to deliver, and its own delivery after the latency.
enum ChannelMessage: ActorMessage {
    /// Wallet → channel: send `code` to the lifecycle's phone.
    case codeSent(LifecycleID, code: UInt64)
    /// Channel to itself: the code reached the phone; passed on to the device.
    case codeDelivered(LifecycleID, code: UInt64)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let lifecycle = LifecycleID(rawValue: event.subject)
        switch PaymentMessage(rawValue: event.kind) {
        case .codeSent: self = .codeSent(lifecycle, code: event.argument)
        case .codeDelivered: self = .codeDelivered(lifecycle, code: event.argument)
        default: return nil
        }
    }

    var wire: MessageWire {
        @inline(__always) get {
            switch self {
            case .codeSent(let lifecycle, let code): MessageWire(.codeSent, lifecycle.rawValue, argument: code)
            case .codeDelivered(let lifecycle, let code): MessageWire(.codeDelivered, lifecycle.rawValue, argument: code)
            }
        }
    }
}
