import SimulationKernel

/// Paysafe's wallet platform, the prepaid cards' issuer-processor (S1–S3): creates cards,
/// issues physical ones after the bureau, activates them, applies SCA-protected updates only
/// after the SCA authority confirms a verified, unused event (CARD-4), and records wallet
/// tokenizations from initiated to completed.
public actor CardPlatform: ReportingActor {
    enum Tokenization: Hashable { case none, initiated, completed }

    struct Record {
        var last = LastAnswer()
        var card: PrepaidCardState = .notCreated
        var physical = false
        var activations = 0
        var tokenization = Tokenization.none
        var completions = 0
        /// A protected update waiting for the SCA authority's word, and the try it answers.
        var awaitingSca: SeedStep?
        var awaitingAttempt = 0
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    private var records = SlotTable(empty: Record())

    nonisolated let kind = PaymentActorKind.cardPlatform

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .cardIssued: issued(LifecycleID(rawValue: event.subject))
        case .scaRedeemed: redeemed(LifecycleID(rawValue: event.subject), argument: event.argument)
        default:
            guard let event = desk.serve(event) else { return }
            guard event.kind == PaymentMessage.stepRequest.rawValue, let step = StepWire.step(of: event.argument) else {
                preconditionFailure("card platform got unexpected \(PaymentMessage.name(event.kind))")
            }
            request(step, event: event)
        }
    }

    private func request(_ step: SeedStep, event: SimulationEvent) {
        let payment = LifecycleID(rawValue: event.subject)
        guard var record = records.open(payment) else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        let attempt = StepWire.attempt(of: event.argument)
        if desk.settledEarlier(record.last, step, attempt: attempt, payment: payment) { return }
        if record.awaitingSca == step {
            // The same call again while the SCA authority answers: ask it again, in case a message was lost.
            desk.send(.scaRedeem, to: .scaAuthority, payment, argument: ScaRedeemWire.request(step))
            return
        }
        var payload: UInt64 = 0
        let answer = serve(step, withSca: StepWire.payload(of: event.argument) == 1, attempt: attempt, payment: payment,
                           record: &record, payload: &payload)
        if let answer {
            record.last = LastAnswer(step: step, attempt: attempt, answer: answer, payload: payload)
            desk.answer(payment, step, answer, call: attempt, payload: payload)
        }
        records[payment] = record
    }

    private func serve(_ step: SeedStep, withSca: Bool, attempt: Int, payment: LifecycleID, record: inout Record,
                       payload: inout UInt64) -> StepAnswer? {
        let seed = desk.seed
        switch step {
        case .createPrepaidCard:
            let provisioning = desk.context.bodies[payment].flow == .paysafeProvisioning
            record.physical = desk.random.chance(provisioning ? seed.provisioningInactiveCards : seed.physicalCards)
            let before = record.card.status
            guard desk.step(&record.card, .create(record.physical ? .physical : .virtual, eligible: true),
                             of: payment) != nil else { return .refused }
            report(payment, from: before, record, sca: false)
            if record.physical {
                // The customer activates once the card arrives; the answer tells the app when that is.
                let delivery = seed.delivery.sample(&desk.random)
                desk.context.schedule(after: delivery, to: id, kind: PaymentMessage.cardIssued.rawValue, subject: payment.rawValue)
                payload = CardCreatedWire.encode(physical: true, delivery: delivery)
            }
            return .ok
        case .activatePrepaidCard:
            guard record.physical else { return .ok }  // A virtual card is active from the start.
            switch record.card {
            case .applied: return .retryLater  // Still at the bureau.
            case .active: return .ok           // Activated by an earlier try whose answer was lost.
            default: break
            }
            guard !desk.random.chance(seed.activationMismatch) else { return .retryLater }  // Wrong digits: try again.
            let before = record.card.status
            guard desk.step(&record.card, .activate(credentialsMatch: true), of: payment) != nil else { return .refused }
            record.activations += 1
            desk.observe(.prepaidActivated(payment, physical: record.physical,
                                                 activations: record.activations))
            report(payment, from: before, record, sca: false)
            return .ok
        case .lockPrepaidCard, .unlockPrepaidCard, .cancelPrepaidCard:
            if desk.context.has(.updateWithoutSca) && !withSca {
                return update(step, payment, &record, sca: false)  // The planted bug: no step-up at all.
            }
            guard withSca else { return .scaRequired }  // SCA-5: the first call has no effect.
            record.awaitingSca = step
            record.awaitingAttempt = attempt
            desk.send(.scaRedeem, to: .scaAuthority, payment, argument: ScaRedeemWire.request(step))
            return nil
        case .tokenizeForWallet:
            let active = record.card == .active
            if !active && !desk.context.has(.tokenForInactiveCard) { return .refused }
            if !withSca && desk.random.chance(seed.scaOnTokenize) { return .scaRequired }
            if withSca {
                record.awaitingSca = step
                record.awaitingAttempt = attempt
                desk.send(.scaRedeem, to: .scaAuthority, payment, argument: ScaRedeemWire.request(step))
                return nil
            }
            record.tokenization = .initiated
            if desk.context.has(.tokenCompletedTwice) {
                // The planted bug: the token counts as completed as soon as it is started.
                desk.observe(.tokenizationCompleted(payment, cardStatus: record.card.status ?? .unknown,
                                                          earlierCompletions: record.completions))
                record.completions += 1
            }
            return .ok
        case .updateTokenizationStatus:
            guard record.tokenization == .initiated else { return record.tokenization == .completed ? .ok : .refused }
            record.tokenization = .completed
            desk.observe(.tokenizationCompleted(payment, cardStatus: record.card.status ?? .unknown,
                                                      earlierCompletions: record.completions))
            record.completions += 1
            return .ok
        default:
            preconditionFailure("card platform cannot serve \(step)")
        }
    }

    private func update(_ step: SeedStep, _ payment: LifecycleID, _ record: inout Record, sca: Bool) -> StepAnswer {
        let target: CardStatus = switch step {
        case .lockPrepaidCard: .locked
        case .unlockPrepaidCard: .active
        default: .cancelled
        }
        let before = record.card.status
        guard desk.step(&record.card, .update(target, scaVerified: true), of: payment) != nil else { return .refused }
        report(payment, from: before, record, sca: sca)
        if target == .cancelled && desk.context.has(.replacementReusesCancelledCard) {
            // The planted bug: the replacement card is issued on the cancelled card's record.
            record.card = .active
            report(payment, from: .cancelled, record, sca: sca)
        }
        return .ok
    }

    /// The SCA authority's word on a protected call.
    private func redeemed(_ payment: LifecycleID, argument: UInt64) {
        guard var record = records[payment], let step = record.awaitingSca,
              UInt64(step.rawValue) == ScaRedeemWire.operation(of: argument) else { return }
        record.awaitingSca = nil
        let verified = ScaRedeemWire.isVerified(argument)
        let answer: StepAnswer
        if !verified {
            answer = .scaFailed
        } else if step == .tokenizeForWallet {
            record.tokenization = .initiated
            answer = .ok
        } else {
            answer = update(step, payment, &record, sca: true)
        }
        record.last = LastAnswer(step: step, attempt: record.awaitingAttempt, answer: answer)
        records[payment] = record
        desk.answer(payment, step, answer, call: record.awaitingAttempt)
    }

    private func issued(_ payment: LifecycleID) {
        guard var record = records[payment] else { return }
        let before = record.card.status
        guard desk.step(&record.card, .issue(digitalTwin: false), of: payment) != nil else { return }
        report(payment, from: before, record, sca: false)
        if desk.context.has(.issueCountedAsActivation) {
            record.activations += 1  // The planted bug: the dispatch is booked as an activation.
            desk.observe(.prepaidActivated(payment, physical: true, activations: record.activations))
        }
        records[payment] = record
    }

    private func report(_ payment: LifecycleID, from: CardStatus?, _ record: Record, sca: Bool) {
        guard let to = record.card.status, to != from else { return }
        desk.observe(.prepaidStatusChanged(payment, from: from, to: to, sca: sca))
    }
}

/// Paysafe's SCA authority (S2, LC-10): opens an event when the customer first attempts, decides
/// each attempt, and lets the card platform redeem a verified event once for the operation it
/// was opened for (SCA-1, SCA-2).
public actor ScaAuthority: ReportingActor {
    struct Record {
        var last = LastAnswer()
        var step: SeedStep?
        var event: ScaState = .idle
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    private var records = SlotTable(empty: Record())

    nonisolated let kind = PaymentActorKind.scaAuthority

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        guard let event = desk.serve(event) else { return }
        let payment = LifecycleID(rawValue: event.subject)
        guard var record = records.open(payment) else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        switch PaymentMessage(rawValue: event.kind) {
        case .stepRequest:
            let attempt = StepWire.attempt(of: event.argument)
            if desk.settledEarlier(record.last, .scaAttempt, attempt: attempt, payment: payment) { return }
            // The payload names the operation the event protects; a new operation opens a new event.
            let operation = SeedStep(rawValue: UInt8(truncatingIfNeeded: StepWire.payload(of: event.argument)))
            if record.step != operation {
                record.step = operation
                record.event = .idle
                _ = desk.step(&record.event, .call, of: payment)
                _ = desk.step(&record.event, .scaRequired(allowableAttempts: desk.seed.scaAttempts), of: payment)
            }
            let answer = decideAttempt(payment, &record)
            record.last = LastAnswer(step: .scaAttempt, attempt: attempt, answer: answer)
            records[payment] = record
            desk.answer(payment, .scaAttempt, answer, call: attempt)
        case .scaRedeem:
            let step = SeedStep(rawValue: UInt8(ScaRedeemWire.operation(of: event.argument)))
            var verified = false
            if step == record.step {
                if record.event == .verified {
                    verified = desk.step(&record.event, .callWithSca(sameOperation: true), of: payment) != nil
                        && desk.step(&record.event, .ok, of: payment) != nil
                } else {
                    verified = record.event == .done  // The platform asks again: its first answer was lost.
                }
            }
            records[payment] = record
            desk.send(.scaRedeemed, to: .cardPlatform, payment,
                      argument: ScaRedeemWire.answer(ScaRedeemWire.operation(of: event.argument), verified: verified))
        default:
            preconditionFailure("SCA authority got unexpected \(PaymentMessage.name(event.kind))")
        }
    }

    private func decideAttempt(_ payment: LifecycleID, _ record: inout Record) -> StepAnswer {
        guard desk.step(&record.event, .submitAttempt, of: payment) != nil else { return .scaFailed }
        let status: ScaAttemptStatus = desk.random.chance(desk.seed.scaVerified) ? .verified : .rejected
        _ = desk.step(&record.event, .attemptResult(status), of: payment)
        switch record.event {
        case .verified: return .ok
        case .challenged: return .scaRejected
        default: return .scaFailed
        }
    }
}
