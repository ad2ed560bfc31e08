import SimulationKernel

/// Paysafe's SCA authority (S2, LC-10): opens an event when the card platform answers
/// `scaRequired` (or at the customer's first attempt, should that come first), lets it expire at
/// its expirationTime (`policies.timeouts.scaEventExpiry`, 300 s), decides each attempt (one
/// after the expiry is answered `scaExpired`), and lets the card platform redeem a verified event
/// once for the operation it was opened for (SCA-1, SCA-2).
public actor ScaAuthority: ReportingActor {
    struct Record {
        var last = LastAnswer()
        var step: SeedStep?
        var event: ScaState = .idle
        /// The generation of the event's expiry timer: a new event replaces the old one's.
        var timer: UInt32 = 0
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    @exclusivity(unchecked) private var records = SlotTable(empty: Record())

    nonisolated let kind = PaymentActorKind.scaAuthority

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        guard let message = ScaAuthorityMessage(decoding: event.unserved) else {
            preconditionFailure("SCA authority got unexpected \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .eventExpired(let payment, let timer):
            eventExpired(payment, timer: timer)  // Its own timer: not through the intake.
        case .attempt(let request):
            guard var record = served(event, request.lifecycle) else { return }
            attempt(request, &record)
        case .opened(let payment, let operation):
            // The platform answered scaRequired: the event starts now, and so does its expiry.
            guard var record = served(event, payment) else { return }
            if record.step != operation { open(operation, payment, &record) }
            records[payment] = record
        case .redeem(let payment, let operation):
            guard var record = served(event, payment) else { return }
            redeem(operation, payment, &record)
        case .applied(let payment, let operation, let applied):
            // The card platform applied the redeemed operation (`ok`) or refused it (`error`: the card
            // changed meanwhile, e.g. another phone locked or cancelled it): the event ends either way.
            guard var record = served(event, payment) else { return }
            let step = SeedStep(rawValue: UInt8(operation))
            if step == record.step, record.event == .pendingWithSca {
                advance(&record, applied ? .ok : .error, of: payment)
                if !applied { desk.counters.scaRefusedAfterRedeem &+= 1 }
                records[payment] = record
            }
        }
    }

    /// A message through the intake once served: the lifecycle's record, or nil while it waits,
    /// when it was lost, or when it comes from a lifecycle whose slot is reused.
    private func served(_ event: SimulationEvent, _ payment: LifecycleID) -> Record? {
        guard desk.serve(event) != nil else { return nil }
        guard let record = records.open(payment) else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return nil
        }
        return record
    }

    /// The customer's attempt: decided once per call (a repeated call gets the same answer).
    private func attempt(_ request: StepRequest, _ record: inout Record) {
        let payment = request.lifecycle
        if desk.settledEarlier(record.last, .scaAttempt, attempt: request.call, payment: payment) { return }
        // The payload names the operation the event protects; a new operation opens a new event.
        let operation = SeedStep(rawValue: UInt8(truncatingIfNeeded: request.payload))
        if record.step != operation { open(operation, payment, &record) }
        let answer = decideAttempt(payment, &record)
        record.last = LastAnswer(step: .scaAttempt, attempt: request.call, answer: answer)
        records[payment] = record
        desk.answer(payment, .scaAttempt, answer, call: request.call)
    }

    /// The card platform's redeem of the event for `operation`: verified and unused, it is used now.
    private func redeem(_ operation: UInt64, _ payment: LifecycleID, _ record: inout Record) {
        let step = SeedStep(rawValue: UInt8(operation))
        var verified = false
        if step == record.step {
            if record.event == .verified {
                // The re-call with the event's details: the event is used now; the platform's own
                // answer to the operation (applied or refused) ends it (`scaApplied`).
                verified = advance(&record, .callWithSca(sameOperation: true), of: payment)
                if verified { desk.context.observe(.scaEventRedeemed(payment, operation: step?.rawValue ?? 0)) }
            } else {
                // The platform asks again: its first answer was lost.
                verified = record.event == .pendingWithSca || record.event == .done
            }
        }
        records[payment] = record
        desk.send(CardPlatformMessage.scaRedeemed(payment, operation: operation, verified: verified), to: .cardPlatform)
    }

    /// A new event for `operation`: `call`, then `scaRequired`, with the expiry timer it asks for.
    private func open(_ operation: SeedStep?, _ payment: LifecycleID, _ record: inout Record) {
        record.step = operation
        record.event = .idle
        advance(&record, .call, of: payment)
        desk.context.observe(.scaEventOpened(payment, operation: operation?.rawValue ?? 0, allowableAttempts: desk.seed.scaAttempts))
        advance(&record, .scaRequired(allowableAttempts: desk.seed.scaAttempts), of: payment)
    }

    /// Steps the event's LC-10 table and performs every effect it returns, here or by the message
    /// this authority is already handling or about to send; none is dropped.
    ///
    /// LC-10 is written from the caller's side (the app and the card platform), so most of its
    /// effects are work whose message reaches or leaves this authority: the table's `sendCall` and
    /// `callAgainWithScaDetails` are the platform's calls that open and redeem the event (the
    /// messages being handled), `sendAttempt` is the customer's attempt being decided,
    /// `promptCustomer` is the scaRequired or scaRejected answer the caller gets, and
    /// `applyOperation` is the card platform's own write, which it reports back (`scaApplied`).
    /// Only the expiry timer is this authority's to start.
    @discardableResult
    private func advance(_ record: inout Record, _ event: ScaEvent, of payment: LifecycleID) -> Bool {
        guard let effects = desk.step(&record.event, event, of: payment) else { return false }
        for effect in effects {
            switch effect {
            case .startTimer(let timer):
                precondition(timer == .scaEventExpiry, "an SCA event has no \(timer) timer")
                record.timer &+= 1
                desk.context.schedule(after: desk.context.configuration.timeouts.scaEventExpiry, to: id,
                                      ScaAuthorityMessage.eventExpired(payment, timer: record.timer))
            case .sendCall, .callAgainWithScaDetails, .sendAttempt, .promptCustomer, .applyOperation:
                break  // Carried by the message in hand or the answer that follows (above).
            }
        }
        return true
    }

    /// An expiry timer its event no longer waits on: the slot was reused, a new event replaced
    /// this one, or the event ended (used, failed, or expired).
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        guard event.kind == PaymentMessage.scaEventExpired.rawValue else { return false }
        guard let record = records[LifecycleID(rawValue: event.subject)] else { return true }
        return record.timer != UInt32(truncatingIfNeeded: event.argument) || record.event.isTerminal
    }

    /// The states the table lets expire: challenged, and verified but not yet redeemed. The planted
    /// bug's timer skips verified events, so one verified long ago is redeemed at any age.
    private func canExpire(_ state: ScaState) -> Bool {
        switch state {
        case .challenged: true
        case .verified: !desk.context.has(.scaVerifiedNeverExpires)
        default: false
        }
    }

    /// The event's expirationTime passed (LC-10 `eventExpired`): no attempt verifies it now, and
    /// no redeem applies it (SCA-3, CARD-4). A customer still answering is told scaExpired.
    private func eventExpired(_ payment: LifecycleID, timer: UInt32) {
        guard var record = records[payment], record.timer == timer, canExpire(record.event) else { return }
        advance(&record, .eventExpired, of: payment)
        desk.context.observe(.scaEventExpired(payment))
        desk.counters.count(expiry: .scaEventExpiry)
        records[payment] = record
    }

    private func decideAttempt(_ payment: LifecycleID, _ record: inout Record) -> StepAnswer {
        if record.event == .scaFailed(.expired) { return .expired }  // After its expirationTime: scaExpired.
        guard advance(&record, .submitAttempt, of: payment) else { return .scaFailed }
        let status: ScaAttemptStatus = desk.random.chance(desk.seed.scaVerified) ? .verified : .rejected
        advance(&record, .attemptResult(status), of: payment)
        desk.context.observe(.scaAttemptDecided(payment, attemptVerified: status == .verified, verified: record.event == .verified))
        switch record.event {
        case .verified: return .ok
        case .challenged: return .scaRejected
        default: return .scaFailed
        }
    }
}
