import SimulationKernel

/// The Masterpass wallet with the card's bank behind it (Portmone P1–P4), and the Sips wallet
/// (W5): authorizes users, adds and deletes wallet cards (LC-05), runs the OTPs they step up to
/// (LC-07, codes through the message channel) and the 2D card check with its SMS code.
public actor Wallet: PaymentsActor {
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
    var stationSnapshot: ServiceStation? { desk.station }

    nonisolated public var traceName: String { "wallet" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        lane = simulation.makeLane()
        desk = ServerDesk(kind: .wallet, id: id, simulation: simulation, network: network, books: books,
                          addresses: addresses)
    }

    public func handle(_ event: SimulationEvent) {
        guard let event = desk.serve(event) else { return }
        desk.answerStep(event, records: &records) { step, payload, payment, record in
            serve(step, payload: payload, payment: payment, record: &record)
        }
    }

    private func serve(_ step: SeedStep, payload: UInt64, payment: UInt64, record: inout Record) -> StepAnswer {
        let seed = desk.seed
        switch step {
        case .walletAuthorize:
            if desk.random.chance(seed.walletServerError) { return .retryLater }
            if desk.random.chance(seed.bankOtpRequired) { return startOtp(.walletAuthorize, payment, &record) }
            return .ok
        case .walletAddCard:
            guard desk.apply(&record.add, .addCard(validationError: nil), payment: payment) != nil else { return .refused }
            if desk.random.chance(seed.walletServerError) {
                _ = desk.apply(&record.add, .error(code: .masterpassServerError), payment: payment)
                return .refused
            }
            record.pendingPhoneOtp = desk.random.chance(seed.phoneOtpRequired)
            if desk.random.chance(seed.bankOtpRequired) {
                _ = desk.apply(&record.add, .otpRequired(.bankOtp), payment: payment)
                if desk.defects.contains(.walletStoresBeforeOtp) {
                    // The planted bug: the card is stored as soon as the bank asks for its OTP.
                    desk.books.observe(.otpProtectedActionRan(lifecycle: payment, verified: false))
                }
                return startOtp(.walletAddCard, payment, &record)
            }
            return continueAdd(payment, &record)
        case .walletListCards, .getWalletData:
            return desk.random.chance(seed.walletServerError) ? .retryLater : .ok
        case .walletDeleteCard:
            guard desk.apply(&record.delete, .deleteCard, payment: payment) != nil,
                  desk.apply(&record.delete, .walletOk, payment: payment) != nil else { return .refused }
            return .ok
        case .start2DVerification:
            if desk.random.chance(seed.cardCheckFailure) { return .refused }  // 2018.
            return startOtp(.start2DVerification, payment, &record)
        case .submitCode: return check(code: payload, payment, &record)
        case .resendCode:
            guard case .awaitingCode(let counters)? = record.otp, counters.resends < counters.maxResends else {
                // Out of resends: the table has no resend row then, so the OTP ends here (found by swarm seed 2).
                if case .awaitingCode? = record.otp { _ = desk.apply(&record.otp!, .abandon, payment: payment) }
                return .codeFailed
            }
            guard let effects = desk.apply(&record.otp!, .resend, payment: payment) else { return .codeFailed }
            if effects.contains(.sendCode) { sendCode(payment, &record) }
            return .bankOtpRequired
        default:
            preconditionFailure("wallet cannot serve \(step)")
        }
    }

    /// An add either waits for Masterpass's phone OTP (2114) or stores the card.
    private func continueAdd(_ payment: UInt64, _ record: inout Record) -> StepAnswer {
        if record.pendingPhoneOtp {
            record.pendingPhoneOtp = false
            _ = desk.apply(&record.add, .otpRequired(.walletPhoneOtp), payment: payment)
            return startOtp(.walletAddCard, payment, &record) == .bankOtpRequired ? .phoneOtpRequired : .codeFailed
        }
        guard let effects = desk.apply(&record.add, .walletOk, payment: payment) else { return .refused }
        if effects.contains(.storeCard) {
            // The wallet's card list shows the card masked and pays with its token (G-12).
            desk.books.observe(.cardDataKept(lifecycle: payment, holder: .wallet, form: .maskedPAN))
            // WAL-2: the card is stored only after every OTP the wallet asked for was verified.
            desk.books.observe(.otpProtectedActionRan(lifecycle: payment, verified: record.otp.map { $0 == .verified } ?? true))
        }
        return .ok
    }

    private func startOtp(_ protected: SeedStep, _ payment: UInt64, _ record: inout Record) -> StepAnswer {
        record.otp = .issuing(OtpCounters(maxAttempts: desk.seed.otpAttempts, maxResends: desk.seed.otpResends))
        record.protected = protected
        record.submissions = 0
        guard desk.apply(&record.otp!, .sendCode, payment: payment) != nil else { return .codeFailed }
        sendCode(payment, &record)
        return .bankOtpRequired
    }

    /// A new code kills the previous one (OTP-2); the channel may lose or delay it.
    private func sendCode(_ payment: UInt64, _ record: inout Record) {
        record.code = desk.random.int(in: 100_000...999_999)
        desk.send(.codeSent, to: .messageChannel, payment, argument: record.code)
    }

    private func check(code: UInt64, _ payment: UInt64, _ record: inout Record) -> StepAnswer {
        guard record.otp != nil, desk.apply(&record.otp!, .submit, payment: payment) != nil else { return .codeFailed }
        record.submissions += 1
        desk.books.observe(.otpChecked(lifecycle: payment, submissions: record.submissions,
                                       maxAttempts: desk.seed.otpAttempts))
        let match = code == record.code
        guard let effects = desk.apply(&record.otp!, match ? .match : .mismatch, payment: payment) else { return .codeFailed }
        if !match, desk.defects.contains(.otpAttemptsNotCounted), case .failed = record.otp! {
            record.otp = .awaitingCode(OtpCounters(maxAttempts: desk.seed.otpAttempts))  // The planted bug: a fresh counter.
        }
        switch record.otp! {
        case .awaitingCode: return .codeInvalid
        case .verified where effects.contains(.runProtectedAction):
            if record.protected == .walletAddCard {
                _ = desk.apply(&record.add, .otpVerified, payment: payment)
                return continueAdd(payment, &record)
            }
            desk.books.observe(.otpProtectedActionRan(lifecycle: payment, verified: true))
            return .ok
        default:
            if record.protected == .walletAddCard { _ = desk.apply(&record.add, .otpFailed, payment: payment) }
            return .codeFailed
        }
    }
}

/// The SMS channel: delivers codes to the customer's phone after a delay, and loses some.
public actor MessageChannel: PaymentsActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    private let desk: ServerDesk
    private var latency: Distribution

    nonisolated public var traceName: String { "message_channel" }

    init(id: ReceiverID, simulation: Simulation, network: Network, books: WorldBooks, addresses: PaymentAddresses) {
        self.id = id
        lane = simulation.makeLane()
        desk = ServerDesk(kind: .messageChannel, id: id, simulation: simulation, network: network, books: books,
                          addresses: addresses)
        latency = books.configuration.seed.smsLatency
    }

    public func handle(_ event: SimulationEvent) {
        switch PaymentMessage(rawValue: event.kind) {
        case .codeSent:
            guard !desk.random.chance(desk.seed.smsLoss) else { return }
            desk.simulation.schedule(after: latency.sample(&desk.random), to: id,
                                     kind: PaymentMessage.codeDelivered.rawValue, subject: event.subject,
                                     argument: event.argument)
        case .codeDelivered:
            desk.send(.codeDelivered, to: .device, event.subject, argument: event.argument)
        default:
            preconditionFailure("message channel got unexpected \(PaymentMessage.name(event.kind))")
        }
    }
}
