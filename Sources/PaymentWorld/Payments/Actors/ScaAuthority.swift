import SimulationKernel

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
    @exclusivity(unchecked) private var records = SlotTable(empty: Record())

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
