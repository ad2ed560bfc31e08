import SimulationKernel

/// The Masterpass wallet with the card's bank behind it (Portmone P1–P4): authorizes users, adds and deletes wallet cards (LC-05), runs the OTPs they step up to
/// (LC-07, codes through the message channel) and the 2D card check with its SMS code, and lets a
/// payment use a card only while the wallet still holds it (WAL-4).
///
/// A wallet is the customer's, shared by every lifecycle of theirs (one per phone number, design
/// §4.5): two phones adding the same card, or a delete while a bill pays with it, meet on it. A
/// lifecycle's calls (its OTP, its add or delete) are its own session.
public actor Wallet: ReportingActor {
    /// One lifecycle's calls to the wallet.
    struct Session: AnsweringRecord {
        var last = LastAnswer()
        /// The OTP in progress, the action it protects, and its validity timer.
        var otp: OtpState?
        var otpTimer: UInt32 = 0
        var code: UInt64 = 0
        /// The code the customer typed, being checked.
        var pendingCode: UInt64 = 0
        var protected: SeedStep?
        var submissions = 0
        /// The card add (LC-05) and the step-ups it still waits for, or the delete.
        var add: WalletCardState = .idle
        var pendingPhoneOtp = false
        var delete: WalletCardState = .idle
        /// The card's name this lifecycle adds or deletes.
        var name: UInt8 = 0
        /// What the step being served answers, and its payload; the lifecycles' effects set them.
        var answer = StepAnswer.ok
        var replyPayload: UInt64 = 0
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.wallet
    private let desk: ServerDesk
    @exclusivity(unchecked) private var sessions = SlotTable(empty: Session())
    /// The customers' wallets, by customer, and whether each exists: a customer new to Masterpass
    /// has none until their first card add creates it, and a wallet whose last card is deleted stays.
    @exclusivity(unchecked) private var wallets: [WalletList] = []
    @exclusivity(unchecked) private var exists: [Bool] = []

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        guard let message = WalletMessage(decoding: event.unserved) else {
            preconditionFailure("\(kind) got unexpected \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .otpExpired(let lifecycle, let timer):
            otpExpired(lifecycle, timer: timer)
        case .step(let request):
            guard desk.serve(event) != nil else { return }
            if desk.context.has(.otpActionRerunsOnResubmit) { rerunOnResubmit(request) }
            desk.answerStep(request, records: &sessions) { step, payload, lifecycle, session in
                serve(step, payload: payload, lifecycle: lifecycle, session: &session)
            }
        }
    }

    /// The planted bug: a code submitted again (the app's retry after a lost answer, or the
    /// network's copy) to an OTP already verified runs its protected action again, before the
    /// repeated call is answered as the first was.
    private func rerunOnResubmit(_ request: StepRequest) {
        let lifecycle = request.lifecycle
        guard request.step == .submitCode, var session = sessions[lifecycle], case .verified? = session.otp,
              session.last.repeats(.submitCode, attempt: request.call) else { return }
        if session.protected == .walletAddCard {
            store(session.name, lifecycle, &session)
            sessions[lifecycle] = session
        } else {
            desk.observe(.otpProtectedActionRan(lifecycle, verified: true, operation: session.protected?.rawValue ?? 0))
        }
    }

    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        event.kind == PaymentMessage.otpExpired.rawValue
            && sessions[LifecycleID(rawValue: event.subject)]?.otpTimer != UInt32(truncatingIfNeeded: event.argument)
    }

    private func wallet(of lifecycle: LifecycleID) -> Int {
        let wallet = Int(desk.context.bodies[lifecycle].customer.rawValue)
        let share = desk.seed.newWalletUsers
        while wallets.count <= wallet {
            let customer = CustomerID(UInt32(wallets.count))
            wallets.append(.atStart(customer, newWalletUsers: share))
            exists.append(!WalletList.startsWithoutWallet(customer, share: share))
        }
        return wallet
    }

    private func serve(_ step: SeedStep, payload: UInt64, lifecycle: LifecycleID, session: inout Session) -> StepAnswer {
        let seed = desk.seed
        session.answer = .ok
        session.replyPayload = 0
        switch step {
        case .walletAuthorize:
            if desk.random.chance(seed.walletServerError) { return .retryLater }
            if desk.random.chance(seed.bankOtpRequired) {
                startOtp(.walletAuthorize, lifecycle, &session)
            } else {
                session.replyPayload = UInt64(defaultCard(of: lifecycle))
            }
            return session.answer
        case .walletAddCard:
            session.name = UInt8(truncatingIfNeeded: payload)
            if desk.context.has(.walletDedupesCardNamesPerRequest) {
                // The planted race: the name is checked when the add starts, not when the card is stored.
                if wallets[wallet(of: lifecycle)].contains(session.name) { return .refused }
            }
            addCard(.addCard(validationError: nil), lifecycle, &session)
            return session.answer
        case .walletListCards:
            if desk.random.chance(seed.walletServerError) { return .retryLater }
            desk.observe(.walletListed(lifecycle, wallet: wallets[wallet(of: lifecycle)]))
            return .ok
        case .walletDeleteCard:
            session.name = UInt8(truncatingIfNeeded: payload)
            deleteCard(.deleteCard, lifecycle, &session)
            return session.answer
        case .walletPayWithCard:
            return payWith(UInt8(truncatingIfNeeded: payload), lifecycle)
        case .start2DVerification:
            if desk.random.chance(seed.cardCheckFailure) { return .refused }  // 2018.
            startOtp(.start2DVerification, lifecycle, &session)
            return session.answer
        case .submitCode: return check(code: payload, lifecycle, &session)
        case .resendCode:
            guard case .awaitingCode(let counters)? = session.otp, counters.resends < counters.maxResends else {
                // Out of resends: the table has no resend row then, so the OTP ends here (found by swarm seed 2).
                if case .awaitingCode? = session.otp { otp(.abandon, lifecycle, &session) }
                return .codeFailed
            }
            session.answer = .bankOtpRequired
            otp(.resend, lifecycle, &session)
            return session.answer
        default:
            preconditionFailure("wallet cannot serve \(step)")
        }
    }

    // MARK: LC-05 wallet card

    private func addCard(_ event: WalletCardEvent, _ lifecycle: LifecycleID, _ session: inout Session) {
        guard let effects = desk.step(&session.add, event, of: lifecycle) else {
            session.answer = .refused
            return
        }
        for effect in effects { perform(effect, lifecycle, &session) }
    }

    private func deleteCard(_ event: WalletCardEvent, _ lifecycle: LifecycleID, _ session: inout Session) {
        guard let effects = desk.step(&session.delete, event, of: lifecycle) else {
            session.answer = .refused
            return
        }
        for effect in effects { perform(effect, lifecycle, &session) }
    }

    private func perform(_ effect: WalletCardEffect, _ lifecycle: LifecycleID, _ session: inout Session) {
        switch effect {
        case .sendAddCard:
            // The add reaches Masterpass, which answers for itself and for the card's bank.
            let seed = desk.seed
            if desk.random.chance(seed.walletServerError) {
                addCard(.error(code: .masterpassServerError), lifecycle, &session)
                return
            }
            session.pendingPhoneOtp = desk.random.chance(seed.phoneOtpRequired)
            if desk.random.chance(seed.bankOtpRequired) {
                if desk.context.has(.walletStoresBeforeOtp) {
                    // The planted bug: the card is stored as soon as the bank asks for its OTP.
                    desk.observe(.otpProtectedActionRan(lifecycle, verified: false, operation: SeedStep.walletAddCard.rawValue))
                }
                addCard(.otpRequired(.bankOtp), lifecycle, &session)
                return
            }
            continueAdd(lifecycle, &session)
        case .startOtp(let kind):
            startOtp(.walletAddCard, lifecycle, &session)
            if kind == .walletPhoneOtp && session.answer == .bankOtpRequired { session.answer = .phoneOtpRequired }
        case .confirmOtp:
            continueAdd(lifecycle, &session)
        case .storeCard:
            store(session.name, lifecycle, &session)
        case .sendDeleteCard:
            // Masterpass deletes a card the wallet holds; an unknown name is refused.
            // Masterpass may answer the delete with a server error (2200) too; the card stays.
            let present = wallets[wallet(of: lifecycle)].contains(session.name)
            let serverError = present && desk.random.chance(desk.seed.walletServerError)
            if !present || serverError { desk.counters.walletDeletesRefused &+= 1 }
            deleteCard(present && !serverError ? .walletOk : .error(code: .masterpassServerError), lifecycle, &session)
        case .removeCard:
            let wallet = wallet(of: lifecycle)
            wallets[wallet].remove(session.name)
            desk.observe(.walletCardRemoved(lifecycle, wallet: wallets[wallet], name: session.name))
            if wallets[wallet].count == 0 {
                desk.counters.walletsEmptied &+= 1
                // The planted bug: the wallet goes with its last card, so the next add creates another.
                if desk.context.has(.walletDroppedWithLastCard) { exists[wallet] = false }
            }
        case .reportRejection:
            session.answer = .refused
        }
    }

    /// An add either waits for Masterpass's phone OTP (2114) or ends. Names are unique in a wallet,
    /// so a name taken meanwhile (the same card added from the customer's other phone) is refused
    /// now, when the card would be stored, not when the add started.
    private func continueAdd(_ lifecycle: LifecycleID, _ session: inout Session) {
        if session.pendingPhoneOtp {
            session.pendingPhoneOtp = false
            addCard(.otpRequired(.walletPhoneOtp), lifecycle, &session)
            return
        }
        let wallet = wallet(of: lifecycle)
        let checkedAtStart = desk.context.has(.walletDedupesCardNamesPerRequest)
        if !checkedAtStart && (wallets[wallet].contains(session.name) || wallets[wallet].isFull) {
            desk.counters.walletConflicts &+= 1
            addCard(.error(code: .masterpassServerError), lifecycle, &session)  // 2200 duplicateName (domain P2).
            return
        }
        addCard(.walletOk, lifecycle, &session)
    }

    /// Stores the card under its name.
    private func store(_ name: UInt8, _ lifecycle: LifecycleID, _ session: inout Session) {
        let wallet = wallet(of: lifecycle)
        if !exists[wallet] {
            // The phone's first card: the add creates its wallet (P2).
            exists[wallet] = true
            desk.counters.walletsCreated &+= 1
            desk.observe(.walletCreated(lifecycle))
        }
        wallets[wallet].append(name)
        // The wallet's card list shows the card masked and pays with its token (G-12).
        desk.observe(.cardDataKept(.lifecycle(lifecycle), holder: .wallet, form: .maskedPAN))
        // WAL-2: the card is stored only after every OTP the wallet asked for was verified.
        desk.observe(.otpProtectedActionRan(lifecycle, verified: session.otp.map { $0 == .verified } ?? true,
                                            operation: SeedStep.walletAddCard.rawValue))
        desk.observe(.walletCardStored(lifecycle, wallet: wallets[wallet], name: name))
    }

    /// A payment takes a card from the wallet: only one it holds now (WAL-4).
    private func payWith(_ name: UInt8, _ lifecycle: LifecycleID) -> StepAnswer {
        let wallet = wallet(of: lifecycle)
        guard wallets[wallet].contains(name) || desk.context.has(.walletPaysWithoutRechecking) else {
            desk.counters.walletConflicts &+= 1
            return .refused  // A deleted card cannot be paid with: 2200.
        }
        desk.observe(.walletCardUsed(lifecycle, wallet: wallets[wallet], name: name))
        return .ok
    }

    /// The wallet's default card, which a payment offers: the one added last; `WalletList.noCard`
    /// when it holds none, or the phone has no wallet yet.
    func defaultCard(of lifecycle: LifecycleID) -> UInt8 { wallets[wallet(of: lifecycle)].latest ?? WalletList.noCard }

    // MARK: LC-07 OTP

    private func startOtp(_ protected: SeedStep, _ lifecycle: LifecycleID, _ session: inout Session) {
        session.otp = .issuing(OtpCounters(maxAttempts: desk.seed.otpAttempts, maxResends: desk.seed.otpResends))
        session.protected = protected
        session.submissions = 0
        session.answer = .bankOtpRequired
        desk.observe(.otpStarted(lifecycle))
        otp(.sendCode, lifecycle, &session)
    }

    private func otp(_ event: OtpEvent, _ lifecycle: LifecycleID, _ session: inout Session) {
        guard session.otp != nil, let effects = desk.step(&session.otp!, event, of: lifecycle) else {
            session.answer = .codeFailed
            return
        }
        for effect in effects { perform(effect, lifecycle, &session) }
    }

    private func perform(_ effect: OtpEffect, _ lifecycle: LifecycleID, _ session: inout Session) {
        switch effect {
        case .sendCode:
            // A new code kills the previous one (OTP-2); the channel may lose or delay it.
            session.code = desk.random.int(in: 100_000...999_999)
            desk.observe(.otpCodeSent(lifecycle, code: session.code))
            desk.send(ChannelMessage.codeSent(lifecycle, code: session.code), to: .messageChannel)
        case .startTimer(let timer):
            precondition(timer == .otpValidity, "the wallet's OTP has no \(timer) timer")
            session.otpTimer &+= 1
            // The planted bug: the validity timer is never armed, so the code lives on.
            if desk.context.has(.otpValidityTimerLost) { break }
            desk.context.schedule(after: desk.context.configuration.timeouts.otpValidity, to: id,
                                  WalletMessage.otpExpired(lifecycle, timer: session.otpTimer))
        case .cancelTimer:
            session.otpTimer &+= 1
        case .checkCode:
            session.submissions += 1
            desk.observe(.otpChecked(lifecycle, submissions: session.submissions, maxAttempts: desk.seed.otpAttempts))
            let match = session.pendingCode == session.code
            otp(match ? .match : .mismatch, lifecycle, &session)
            if !match, desk.context.has(.otpAttemptsNotCounted), case .failed? = session.otp {
                session.otp = .awaitingCode(OtpCounters(maxAttempts: desk.seed.otpAttempts))  // The planted bug: a fresh counter.
            }
            switch session.otp {
            case .awaitingCode?: session.answer = .codeInvalid
            case .verified?: break
            default:
                if session.protected == .walletAddCard { addCard(.otpFailed, lifecycle, &session) }
                session.answer = .codeFailed
            }
        case .runProtectedAction:
            // Verified: the table runs the action only on a match of the code submitted.
            desk.observe(.otpCodeAccepted(lifecycle, code: session.pendingCode))
            session.answer = .ok
            if session.protected == .walletAddCard {
                addCard(.otpVerified, lifecycle, &session)
            } else {
                desk.observe(.otpProtectedActionRan(lifecycle, verified: true, operation: session.protected?.rawValue ?? 0))
                if session.protected == .walletAuthorize { session.replyPayload = UInt64(defaultCard(of: lifecycle)) }
            }
        }
    }

    private func check(code: UInt64, _ lifecycle: LifecycleID, _ session: inout Session) -> StepAnswer {
        // The validity timer ran out before the customer typed it: the code is dead (OTP-4).
        if case .expired? = session.otp { return .expired }
        // No OTP waiting for a code (none asked for): nothing to check.
        guard case .awaitingCode? = session.otp else { return .codeFailed }
        if session.protected == .walletAddCard, case .awaitingOtp = session.add,
           desk.random.chance(desk.seed.walletServerError) {
            // Masterpass answers the code's check of a card add with a server error (2200): the add
            // ends rejected, and its OTP with it (no code is checked, none works later).
            otp(.abandon, lifecycle, &session)
            desk.counters.walletOtpServerErrors &+= 1
            addCard(.error(code: .masterpassServerError), lifecycle, &session)
            return session.answer
        }
        session.pendingCode = code
        otp(.submit, lifecycle, &session)
        return session.answer
    }

    /// The OTP's validity ran out while the customer had not typed it: the code is dead (OTP 300 s).
    private func otpExpired(_ lifecycle: LifecycleID, timer: UInt32) {
        guard var session = sessions[lifecycle], session.otpTimer == timer, case .awaitingCode? = session.otp else { return }
        otp(.codeExpired, lifecycle, &session)
        desk.observe(.otpCodeExpired(lifecycle))
        desk.counters.count(expiry: .otpValidity)
        if session.protected == .walletAddCard { addCard(.otpFailed, lifecycle, &session) }
        sessions[lifecycle] = session
    }
}
