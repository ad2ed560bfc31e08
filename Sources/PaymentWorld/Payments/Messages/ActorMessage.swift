import SimulationKernel

/// A message as the kernel carries it: its kind, the record it is about, and one argument word.
/// The kernel gives these no meaning; each actor's typed message is encoded to and decoded from them.
struct MessageWire {
    let kind: PaymentMessage
    let subject: UInt64
    var argument: UInt64 = 0

    @inline(__always) init(_ kind: PaymentMessage, _ subject: UInt64, argument: UInt64 = 0) {
        self.kind = kind
        self.subject = subject
        self.argument = argument
    }
}

/// The messages one actor receives, as a Swift enum whose payloads are typed fields. The
/// conforming enum is the actor's codec table, both ways in one place: `init?(decoding:)` reads
/// each event kind the actor receives into its case, and `wire` writes a case back into exactly
/// the (kind, subject, argument) the hand-written sends made, so traces stay as they were.
///
/// The actor switches over its enum exhaustively; a kind it cannot receive fails to decode, which
/// the actor reports as before (its "got unexpected" precondition). Payloads are plain integers
/// and identities, and both directions are inlined, so a message costs what the raw words did.
protocol ActorMessage {
    /// The message `event` carries (its served flag already stripped), or nil for a kind this
    /// actor never receives.
    init?(decoding event: SimulationEvent)
    /// The event words that carry this message.
    var wire: MessageWire { get }
}

extension SimulationEvent {
    /// The event as it was sent: without the served flag of its intake's copy.
    @inline(__always) var unserved: SimulationEvent {
        var event = self
        event.kind &= ~PaymentMessage.servedFlag
        return event
    }
}

extension PaymentsContext {
    /// Sends a typed message over the world's network.
    @inline(__always)
    func send(from source: ReceiverID, to target: ReceiverID, _ message: some ActorMessage) {
        send(from: source, to: target, message.wire)
    }

    /// Sends a message's words as they are: a relay passes on what it does not read.
    @inline(__always)
    func send(from source: ReceiverID, to target: ReceiverID, _ wire: MessageWire) {
        send(from: source, to: target, kind: wire.kind.rawValue, subject: wire.subject, argument: wire.argument)
    }

    /// Schedules a typed message (a timer, an actor's own reminder) after `delay`.
    @inline(__always)
    func schedule(after delay: SimDuration, to receiver: ReceiverID, _ message: some ActorMessage) {
        let wire = message.wire
        schedule(after: delay, to: receiver, kind: wire.kind.rawValue, subject: wire.subject, argument: wire.argument)
    }

    /// Schedules a typed message at `time`.
    @inline(__always)
    func schedule(at time: SimTime, to receiver: ReceiverID, _ message: some ActorMessage) {
        let wire = message.wire
        schedule(at: time, to: receiver, kind: wire.kind.rawValue, subject: wire.subject, argument: wire.argument)
    }
}

extension ServerDesk {
    /// Sends a typed message to the actor of `kind`.
    @inline(__always)
    func send(_ message: some ActorMessage, to kind: PaymentActorKind) {
        context.send(from: id, to: context.addresses[kind], message)
    }
}
