import SimulationKernel

/// The Masterpass wallet with the card's bank behind it (Portmone P1–P4), and the Sips wallet
/// (W5): authorizes users, adds and deletes wallet cards (LC-05), runs the OTPs they step up to
/// (LC-07, codes through the message channel) and the 2D card check with its SMS code.
public actor Wallet: ReportingActor {
    struct Record: AnsweringRecord {
        var last = LastAnswer()
        /// The OTP in progress and the action it protects.
        var otp: OtpState?
        var code: UInt64 = 0
        var protected: SeedStep?
        var submissions = 0
        /// The card add (LC-05) and the step-ups it still waits for.
        var add: WalletCardState = .idle
        var pendingPhoneOtp = false
        var delete: WalletCardState = .idle
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    private var records = SlotTable(empty: Record())

    nonisolated let kind = PaymentActorKind.wallet

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        guard let event = desk.serve(event) else { return }
        desk.answerStep(event, records: &records) { step, payload, payment, record in
            serve(step, payload: payload, payment: payment, record: &record)
        }
    }

    private func serve(_ step: SeedStep, payload: UInt64, payment: LifecycleID, record: inout Record) -> StepAnswer {
        let seed = desk.seed
        switch step {
        case .walletAuthorize:
            if desk.random.chance(seed.walletServerError) { return .retryLater }
            if desk.random.chance(seed.bankOtpRequired) { return startOtp(.walletAuthorize, payment, &record) }
            return .ok
        case .walletAddCard:
            guard desk.step(&record.add, .addCard(validationError: nil), of: payment) != nil else { return .refused }
            if desk.random.chance(seed.walletServerError) {
                _ = desk.step(&record.add, .error(code: .masterpassServerError), of: payment)
                return .refused
            }
            record.pendingPhoneOtp = desk.random.chance(seed.phoneOtpRequired)
            if desk.random.chance(seed.bankOtpRequired) {
                _ = desk.step(&record.add, .otpRequired(.bankOtp), of: payment)
                if desk.context.has(.walletStoresBeforeOtp) {
                    // The planted bug: the card is stored as soon as the bank asks for its OTP.
                    desk.observe(.otpProtectedActionRan(payment, verified: false))
                }
                return startOtp(.walletAddCard, payment, &record)
            }
            return continueAdd(payment, &record)
        case .walletListCards, .getWalletData:
            return desk.random.chance(seed.walletServerError) ? .retryLater : .ok
        case .walletDeleteCard:
            guard desk.step(&record.delete, .deleteCard, of: payment) != nil,
                  desk.step(&record.delete, .walletOk, of: payment) != nil else { return .refused }
            return .ok
        case .start2DVerification:
            if desk.random.chance(seed.cardCheckFailure) { return .refused }  // 2018.
            return startOtp(.start2DVerification, payment, &record)
        case .submitCode: return check(code: payload, payment, &record)
        case .resendCode:
            guard case .awaitingCode(let counters)? = record.otp, counters.resends < counters.maxResends else {
                // Out of resends: the table has no resend row then, so the OTP ends here (found by swarm seed 2).
                if case .awaitingCode? = record.otp { _ = desk.step(&record.otp!, .abandon, of: payment) }
                return .codeFailed
            }
            guard let effects = desk.step(&record.otp!, .resend, of: payment) else { return .codeFailed }
            if effects.contains(.sendCode) { sendCode(payment, &record) }
            return .bankOtpRequired
        default:
            preconditionFailure("wallet cannot serve \(step)")
        }
    }

    /// An add either waits for Masterpass's phone OTP (2114) or stores the card.
    private func continueAdd(_ payment: LifecycleID, _ record: inout Record) -> StepAnswer {
        if record.pendingPhoneOtp {
            record.pendingPhoneOtp = false
            _ = desk.step(&record.add, .otpRequired(.walletPhoneOtp), of: payment)
            return startOtp(.walletAddCard, payment, &record) == .bankOtpRequired ? .phoneOtpRequired : .codeFailed
        }
        guard let effects = desk.step(&record.add, .walletOk, of: payment) else { return .refused }
        if effects.contains(.storeCard) {
            // The wallet's card list shows the card masked and pays with its token (G-12).
            desk.observe(.cardDataKept(.lifecycle(payment), holder: .wallet, form: .maskedPAN))
            // WAL-2: the card is stored only after every OTP the wallet asked for was verified.
            desk.observe(.otpProtectedActionRan(payment, verified: record.otp.map { $0 == .verified } ?? true))
        }
        return .ok
    }

    private func startOtp(_ protected: SeedStep, _ payment: LifecycleID, _ record: inout Record) -> StepAnswer {
        record.otp = .issuing(OtpCounters(maxAttempts: desk.seed.otpAttempts, maxResends: desk.seed.otpResends))
        record.protected = protected
        record.submissions = 0
        guard desk.step(&record.otp!, .sendCode, of: payment) != nil else { return .codeFailed }
        sendCode(payment, &record)
        return .bankOtpRequired
    }

    /// A new code kills the previous one (OTP-2); the channel may lose or delay it.
    private func sendCode(_ payment: LifecycleID, _ record: inout Record) {
        record.code = desk.random.int(in: 100_000...999_999)
        desk.send(.codeSent, to: .messageChannel, payment, argument: record.code)
    }

    private func check(code: UInt64, _ payment: LifecycleID, _ record: inout Record) -> StepAnswer {
        guard record.otp != nil, desk.step(&record.otp!, .submit, of: payment) != nil else { return .codeFailed }
        record.submissions += 1
        desk.observe(.otpChecked(payment, submissions: record.submissions,
                                       maxAttempts: desk.seed.otpAttempts))
        let match = code == record.code
        guard let effects = desk.step(&record.otp!, match ? .match : .mismatch, of: payment) else { return .codeFailed }
        if !match, desk.context.has(.otpAttemptsNotCounted), case .failed = record.otp! {
            record.otp = .awaitingCode(OtpCounters(maxAttempts: desk.seed.otpAttempts))  // The planted bug: a fresh counter.
        }
        switch record.otp! {
        case .awaitingCode: return .codeInvalid
        case .verified where effects.contains(.runProtectedAction):
            if record.protected == .walletAddCard {
                _ = desk.step(&record.add, .otpVerified, of: payment)
                return continueAdd(payment, &record)
            }
            desk.observe(.otpProtectedActionRan(payment, verified: true))
            return .ok
        default:
            if record.protected == .walletAddCard { _ = desk.step(&record.add, .otpFailed, of: payment) }
            return .codeFailed
        }
    }
}

/// The SMS channel: delivers codes to the customer's phone after a delay, and loses some.
public actor MessageChannel: ReportingActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    private var latency: Distribution

    nonisolated let kind = PaymentActorKind.messageChannel

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
        latency = desk.context.configuration.seed.smsLatency
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: nil) }

    public func handle(_ event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .codeSent:
            guard !desk.random.chance(desk.seed.smsLoss) else { return }
            desk.context.schedule(after: latency.sample(&desk.random), to: id,
                                     kind: PaymentMessage.codeDelivered.rawValue, subject: event.subject,
                                     argument: event.argument)
        case .codeDelivered:
            desk.send(.codeDelivered, to: .device, LifecycleID(rawValue: event.subject), argument: event.argument)
        default:
            preconditionFailure("message channel got unexpected \(PaymentMessage.name(event.kind))")
        }
    }
}
