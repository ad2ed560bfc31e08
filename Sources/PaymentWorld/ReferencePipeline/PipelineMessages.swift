import SimulationKernel

/// A pipeline message as the kernel carries it (kind, subject, argument): what each pipeline
/// actor's typed messages are encoded to and decoded from, as `MessageWire` is for the payments world.
struct PipelineWire {
    let kind: PipelineMessage
    let subject: UInt64
    var argument: UInt64 = 0

    @inline(__always) init(_ kind: PipelineMessage, _ subject: UInt64 = 0, argument: UInt64 = 0) {
        self.kind = kind
        self.subject = subject
        self.argument = argument
    }
}

/// The messages one pipeline actor receives, as an enum: its codec table, both ways (see `ActorMessage`).
protocol PipelineActorMessage {
    /// The message `event` carries, or nil for a kind this actor never receives.
    init?(decoding event: SimulationEvent)
    var wire: PipelineWire { get }
}

extension Network {
    @inline(__always)
    func send(from source: ReceiverID, to target: ReceiverID, _ message: some PipelineActorMessage) {
        let wire = message.wire
        send(from: source, to: target, kind: wire.kind.rawValue, subject: wire.subject, argument: wire.argument)
    }
}

extension SimulationHandle {
    @inline(__always)
    func schedule(after delay: SimDuration, to receiver: ReceiverID, _ message: some PipelineActorMessage) {
        let wire = message.wire
        schedule(after: delay, to: receiver, kind: wire.kind.rawValue, subject: wire.subject, argument: wire.argument)
    }

    @inline(__always)
    func schedule(at time: SimTime, to receiver: ReceiverID, _ message: some PipelineActorMessage) {
        let wire = message.wire
        schedule(at: time, to: receiver, kind: wire.kind.rawValue, subject: wire.subject, argument: wire.argument)
    }
}

/// What the world and the source tell every station: measuring restarts after the warm-up, and
/// the offered load has stopped.
enum StationNotice {
    case warmupEnded, arrivalsEnded

    var kind: PipelineMessage { self == .warmupEnded ? .warmupEnded : .arrivalsEnded }
}

/// What the pipeline's customer receives: its own arrivals and start, and the gateway's answers.
enum PipelineCustomerMessage: PipelineActorMessage {
    /// The next arrival: an open one, or closed-model `customer`'s next payment.
    case arrivalDue(customer: UInt32)
    case sourceStarted
    case paymentResponse(slot: Int, PipelineOutcome)

    @inline(__always) init?(decoding event: SimulationEvent) {
        switch PipelineMessage(rawValue: event.kind) {
        case .arrivalDue: self = .arrivalDue(customer: UInt32(truncatingIfNeeded: event.subject))
        case .sourceStarted: self = .sourceStarted
        case .paymentResponse:
            guard let outcome = PipelineOutcome(rawValue: event.argument) else { return nil }
            self = .paymentResponse(slot: Int(event.subject), outcome)
        default: return nil
        }
    }

    var wire: PipelineWire {
        @inline(__always) get {
            switch self {
            case .arrivalDue(let customer): PipelineWire(.arrivalDue, UInt64(customer))
            case .sourceStarted: PipelineWire(.sourceStarted)
            case .paymentResponse(let slot, let outcome): PipelineWire(.paymentResponse, UInt64(slot), argument: outcome.rawValue)
            }
        }
    }
}

/// What the pipeline's gateway receives, by payment slot.
enum PipelineGatewayMessage: PipelineActorMessage {
    case paymentRequest(slot: UInt64)
    case serviceCompleted(slot: UInt64)
    case authenticationResponse(slot: UInt64, AuthenticationResult)
    case authorizationResponse(slot: UInt64, PipelineOutcome)
    case station(StationNotice)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let slot = event.subject
        switch PipelineMessage(rawValue: event.kind) {
        case .paymentRequest: self = .paymentRequest(slot: slot)
        case .serviceCompleted: self = .serviceCompleted(slot: slot)
        case .authenticationResponse:
            self = .authenticationResponse(slot: slot, event.argument == AuthenticationResult.authenticated.rawValue ? .authenticated : .timedOut)
        case .authorizationResponse:
            guard let outcome = PipelineOutcome(rawValue: event.argument) else { return nil }
            self = .authorizationResponse(slot: slot, outcome)
        case .warmupEnded: self = .station(.warmupEnded)
        case .arrivalsEnded: self = .station(.arrivalsEnded)
        default: return nil
        }
    }

    var wire: PipelineWire {
        @inline(__always) get {
            switch self {
            case .paymentRequest(let slot): PipelineWire(.paymentRequest, slot)
            case .serviceCompleted(let slot): PipelineWire(.serviceCompleted, slot)
            case .authenticationResponse(let slot, let result): PipelineWire(.authenticationResponse, slot, argument: result.rawValue)
            case .authorizationResponse(let slot, let outcome): PipelineWire(.authorizationResponse, slot, argument: outcome.rawValue)
            case .station(let notice): PipelineWire(notice.kind)
            }
        }
    }
}

/// What a pipeline ACS pool receives, by payment slot.
enum PipelineACSMessage: PipelineActorMessage {
    case authenticationRequest(slot: Int)
    case serviceCompleted(slot: Int)
    /// Its own timer: a request waited `queueTimeout` for a server; `generation` tells the live wait.
    case queueTimeoutDue(slot: Int, generation: UInt32)
    case station(StationNotice)

    @inline(__always) init?(decoding event: SimulationEvent) {
        let slot = Int(event.subject)
        switch PipelineMessage(rawValue: event.kind) {
        case .authenticationRequest: self = .authenticationRequest(slot: slot)
        case .serviceCompleted: self = .serviceCompleted(slot: slot)
        case .queueTimeoutDue: self = .queueTimeoutDue(slot: slot, generation: UInt32(truncatingIfNeeded: event.argument))
        case .warmupEnded: self = .station(.warmupEnded)
        case .arrivalsEnded: self = .station(.arrivalsEnded)
        default: return nil
        }
    }

    var wire: PipelineWire {
        @inline(__always) get {
            switch self {
            case .authenticationRequest(let slot): PipelineWire(.authenticationRequest, UInt64(slot))
            case .serviceCompleted(let slot): PipelineWire(.serviceCompleted, UInt64(slot))
            case .queueTimeoutDue(let slot, let generation): PipelineWire(.queueTimeoutDue, UInt64(slot), argument: UInt64(generation))
            case .station(let notice): PipelineWire(notice.kind)
            }
        }
    }
}

/// What the pipeline's issuer receives, by payment slot.
enum PipelineIssuerMessage: PipelineActorMessage {
    case authorizationRequest(slot: UInt64)
    case serviceCompleted(slot: UInt64)
    case station(StationNotice)

    @inline(__always) init?(decoding event: SimulationEvent) {
        switch PipelineMessage(rawValue: event.kind) {
        case .authorizationRequest: self = .authorizationRequest(slot: event.subject)
        case .serviceCompleted: self = .serviceCompleted(slot: event.subject)
        case .warmupEnded: self = .station(.warmupEnded)
        case .arrivalsEnded: self = .station(.arrivalsEnded)
        default: return nil
        }
    }

    var wire: PipelineWire {
        @inline(__always) get {
            switch self {
            case .authorizationRequest(let slot): PipelineWire(.authorizationRequest, slot)
            case .serviceCompleted(let slot): PipelineWire(.serviceCompleted, slot)
            case .station(let notice): PipelineWire(notice.kind)
            }
        }
    }
}
