import SimulationKernel

/// Paysafe's wallet platform, the prepaid cards' issuer-processor (S1–S3): creates cards, issues
/// physical ones after the bureau, activates them, applies SCA-protected updates only after the SCA
/// authority confirms a verified, unused event (CARD-4), and tokenizes cards for the customers'
/// devices.
///
/// A card is its customer's, shared by every lifecycle of theirs (design §4.5): a lock on one phone
/// races a cancel on another, a tokenization races a lock. The card's status is its LC-09 table,
/// changed only through it; a lifecycle's calls (the SCA-protected one waiting for the authority)
/// are its own session.
public actor CardPlatform: ReportingActor {
    /// A customer's prepaid card: the eight-byte fields first, the small ones after them, so one
    /// takes 64 bytes, not 80 (Swift lays fields out in the order written), for every customer met.
    struct Card {
        var activations = 0
        /// The card's expiry date: its creation plus `policies.timeouts.cardValidity`, checked when a
        /// call or a platform step reaches the card (no timer per card).
        var expiresAt = SimTime.zero
        /// Which lifecycle initiated each device's token, so only it completes it.
        var tokenOwners: (LifecycleID, LifecycleID, LifecycleID) = (.none, .none, .none)
        /// The activation data of the card's latest tokenization (PROV-5).
        var activationData: UInt64 = 0
        var generation: UInt32 = 0
        var state: PrepaidCardState = .notCreated
        var physical = false
        /// The plastic reached the customer (a digital twin is usable before).
        var plasticArrived = false
        var tokens = DeviceTokens()
        /// The planted bug's one pending protected operation per card (`scaAppliesLatestPendingOperation`).
        var latestPending: SeedStep?
        /// The platform has met the customer: their card as it stood when the run started is set.
        var met = false
    }

    /// One lifecycle's calls to the platform.
    struct Session: AnsweringRecord {
        var last = LastAnswer()
        /// A protected update waiting for the SCA authority's word, and the try it answers.
        var awaitingSca: SeedStep?
        var awaitingAttempt = 0
        /// The card's state when the protected call first came: what a platform that reads before the
        /// SCA step and writes after it would go by.
        var stateAtCall: PrepaidCardState = .notCreated
        var replyPayload: UInt64 = 0
        /// The tokenization this lifecycle initiated (its customer and device), the generation of its
        /// completion timer, and whether that timer ran out before the app reported the pass added.
        var tokenCustomer = 0
        var tokenDevice = 0
        var provisioningTimer: UInt32 = 0
        var provisioningExpired = false
        /// The wallet's nonce the tokenization was asked with (PROV-5).
        var walletNonce: UInt64 = 0
        /// The purchase at the API face, and the app's call it answers.
        var purchase = PrepaidPurchase()
        var purchaseAttempt = 0
        /// The issuer-processor's decision on it, given again to a repeated request, and the
        /// purchase's ticket (`PrepaidBalances.Ticket`): its hold, whichever role reads it.
        var decision: PrepaidDecision?
        var ticketIndex = -1
        var ticketSerial: UInt32 = 0
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.cardPlatform
    let desk: ServerDesk
    @exclusivity(unchecked) var sessions = SlotTable(empty: Session())
    /// The customers' cards, by customer (read by the purchases in `CardPlatform+Purchases.swift`).
    @exclusivity(unchecked) var cards = CustomerTable(empty: Card())
    /// A card being set as it stood at the run's start: counted apart from the cards the run issues.
    @exclusivity(unchecked) private var startingUp = false
    /// The last activation data issued: each tokenization gets the next, wrapping within the wire's field.
    @exclusivity(unchecked) private var activationSerial: UInt64 = 0
    /// The customers' prepaid balances and the purchases' holds on them (`CardPlatform+Authorizations.swift`).
    @exclusivity(unchecked) var balances: PrepaidBalances

    init(_ context: PaymentsContext) {
        id = context.addresses[kind]
        lane = context.makeLane()
        desk = ServerDesk(kind: kind, context: context)
        balances = PrepaidBalances(context.configuration) { context.customerPopularity }
    }

    func figures() -> ActorFigures { ActorFigures(counters: desk.counters, coverage: desk.coverage, station: desk.station) }

    public func handle(_ event: SimulationEvent) {
        let unserved = event.unserved
        guard let message = CardPlatformMessage(decoding: unserved) else { unexpected(unserved) }
        switch message {
        // Its own timers and the SCA authority's word: not through the intake.
        case .cardIssued(let customer, let generation): issued(customer, generation: generation)
        case .scaRedeemed(let lifecycle, let operation, let verified): redeemed(lifecycle, operation: operation, verified: verified)
        case .provisioningExpired(let lifecycle, let timer): provisioningExpired(lifecycle, timer: timer)
        case .purchaseTimedOut(let lifecycle, let ticket): purchaseTimedOut(lifecycle, ticket: ticket)
        // The app's calls and a purchase's answers: through the intake.
        case .step(let request):
            guard desk.serve(event) != nil else { return }
            guard let step = request.step else { unexpected(unserved) }
            self.request(step, request)
        case .detokenizeResponse(let lifecycle, let found):
            guard desk.serve(event) != nil else { return }
            continuePurchase(lifecycle, .tokenLookedUp(found: found))
        case .authorizationRequest(let lifecycle, let channel):
            guard desk.serve(event) != nil else { return }
            authorize(lifecycle, channel: channel)
        case .authorizationResponse(let lifecycle, let decision):
            guard desk.serve(event) != nil, let decision else { return }
            continuePurchase(lifecycle, .networkAnswered(decision))
        }
    }

    private func unexpected(_ event: SimulationEvent) -> Never {
        preconditionFailure("card platform got unexpected \(PaymentMessage.name(event.kind))")
    }

    func customer(of lifecycle: LifecycleID) -> Int {
        let customer = Int(desk.context.bodies[lifecycle].customer.rawValue)
        cards.makeRoom(upTo: customer)
        if !cards[customer].met {
            cards[customer].met = true
            startingCard(customer)
        }
        return customer
    }

    /// The card a customer holds when the run starts, as a platform running for years would have
    /// it: most customers hold one (`behaviour.seed.prepaidCardholders`), locked in the long-run
    /// share that the app's own card changes lead to, so a soak does not drift while a cold start
    /// fills up (every card fresh, none locked). A locked card is unlocked only by its customer's
    /// next card change: from ACTIVE a change locks with a = (1 − cancel) × lock / (lock + PIN);
    /// from LOCKED every change leaves (unlock or cancel), so the long-run locked share is a / (1 + a).
    /// Decided by the customer's number alone; the facts go out under no lifecycle, as the bureau's do.
    private func startingCard(_ customer: Int) {
        let seed = desk.seed
        func share(_ ratio: Ratio) -> Double { Double(ratio.numerator) / Double(ratio.denominator) }
        let holders = share(seed.prepaidCardholders)
        let draw = Double(SimRandom.hash(UInt64(customer) ^ 0x5041_5953_4146_4531) >> 11) / Double(1 << 53)
        guard draw < holders else { return }
        let lock = share(seed.cardLock), pin = share(seed.cardPinChange)
        let locking = lock + pin > 0 ? (1 - share(seed.cardCancel)) * lock / (lock + pin) : 0
        cards[customer].generation = 1
        cards[customer].expiresAt = desk.context.now + desk.context.configuration.timeouts.cardValidity
        startingUp = true
        defer { startingUp = false }
        guard step(customer, .create(.virtual, eligible: true), nil, sca: false) else { return }
        // The same draw, read above the cardholders' share: a second uniform number for the lock.
        let second = draw / holders
        if second < locking / (1 + locking) {
            _ = step(customer, .update(.locked, scaVerified: true), nil, sca: true)
        }
    }

    func ref(_ customer: Int) -> PrepaidCardRef {
        PrepaidCardRef(CustomerID(UInt32(customer)), generation: cards[customer].generation)
    }

    private func request(_ step: SeedStep, _ request: StepRequest) {
        let lifecycle = request.lifecycle
        guard var session = sessions.open(lifecycle) else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        let attempt = request.call
        if desk.settledEarlier(session.last, step, attempt: attempt, payment: lifecycle) { return }
        if session.awaitingSca == step {
            // The same call again while the SCA authority answers: ask it again, in case a message was lost.
            desk.send(ScaAuthorityMessage.redeem(lifecycle, operation: UInt64(step.rawValue)), to: .scaAuthority)
            return
        }
        session.replyPayload = 0
        let payload = request.payload
        if step == .tokenizeForWallet { session.walletNonce = TokenizeWire.nonce(of: payload) }
        let answer = serve(step, withSca: TokenizeWire.withSca.read(payload) == 1, attempt: attempt, lifecycle: lifecycle,
                           session: &session)
        if let answer {
            session.last = LastAnswer(step: step, attempt: attempt, answer: answer, payload: session.replyPayload)
            desk.answer(lifecycle, step, answer, call: attempt, payload: session.replyPayload)
        }
        sessions[lifecycle] = session
    }

    private func serve(_ step: SeedStep, withSca: Bool, attempt: Int, lifecycle: LifecycleID,
                       session: inout Session) -> StepAnswer? {
        let customer = customer(of: lifecycle)
        // A card past its expiry date expires before the call is served: every call then meets an
        // expired card (a create makes the customer a new one; the others are refused).
        expireIfDue(customer, lifecycle)
        switch step {
        case .createPrepaidCard:
            return create(customer, lifecycle, &session)
        case .activatePrepaidCard:
            return activate(customer, lifecycle)
        case .lockPrepaidCard, .unlockPrepaidCard, .cancelPrepaidCard, .changePrepaidCardPin:
            if step == .changePrepaidCardPin && !withSca && desk.context.has(.pinChangeWithoutSca) {
                // The planted bug: a PIN change changes no status, so the platform takes it for harmless.
                return update(step, customer, lifecycle, from: cards[customer].state, sca: false)
            }
            if desk.context.has(.updateWithoutSca) && !withSca && step != .changePrepaidCardPin {
                // The planted bug: no step-up for a status change (a PIN change's is `pinChangeWithoutSca`).
                return update(step, customer, lifecycle, from: cards[customer].state, sca: false)
            }
            guard withSca else {
                session.stateAtCall = cards[customer].state
                if desk.context.has(.scaAppliesLatestPendingOperation) { cards[customer].latestPending = step }
                openScaEvent(for: step, lifecycle)
                if step == .changePrepaidCardPin && desk.context.has(.pinSetOnFirstCall) {
                    // The planted bug: the new PIN is written at once, the SCA asked for only to confirm it.
                    _ = update(step, customer, lifecycle, from: cards[customer].state, sca: false)
                }
                return .scaRequired  // SCA-5: the first call has no effect.
            }
            session.awaitingSca = step
            session.awaitingAttempt = attempt
            desk.send(ScaAuthorityMessage.redeem(lifecycle, operation: UInt64(step.rawValue)), to: .scaAuthority)
            return nil
        case .tokenizeForWallet:
            return tokenize(customer, lifecycle, withSca: withSca, attempt: attempt, session: &session)
        case .updateTokenizationStatus:
            return completeToken(customer, lifecycle, session)
        case .prepaidPurchase:
            return purchase(customer, lifecycle, attempt: attempt, session: &session)
        default:
            preconditionFailure("card platform cannot serve \(step)")
        }
    }

    /// `scaRequired`: the SCA authority opens the event now, so its expirationTime runs from here
    /// (domain §2.7), not from the customer's first attempt.
    private func openScaEvent(for step: SeedStep, _ lifecycle: LifecycleID) {
        desk.observe(.scaRequested(lifecycle, operation: step.rawValue))
        desk.send(ScaAuthorityMessage.opened(lifecycle, operation: step), to: .scaAuthority)
    }

    // MARK: S1 create and activate

    /// The customer's card: the one they have, or a new one when they have none left (a first card,
    /// or a replacement after a cancel). The answer tells the app which, and the card's status.
    private func create(_ customer: Int, _ lifecycle: LifecycleID, _ session: inout Session) -> StepAnswer {
        switch cards[customer].state {
        case .digital where cards[customer].plasticArrived:
            // The customer's digital card, whose plastic has come: the app has them activate it now.
            session.replyPayload = CardCreatedWire.encode(physical: true, delivery: .zero, status: .digital)
            return .ok
        case .applied, .issued, .digital, .active, .locked:
            session.replyPayload = CardCreatedWire.encode(physical: false, delivery: .zero, status: cards[customer].state.status)
            return .ok
        case .notCreated, .cancelled, .expired:
            break
        }
        let provisioning = desk.context.bodies[lifecycle].flow.traits.contains(.provisionsToWallet)
        let seed = desk.seed
        var card = cards[customer]
        card = Card(generation: card.generation &+ 1, met: true)
        card.expiresAt = desk.context.now + desk.context.configuration.timeouts.cardValidity
        card.physical = desk.random.chance(provisioning ? seed.provisioningInactiveCards : seed.physicalCards)
        cards[customer] = card
        guard step(customer, .create(card.physical ? .physical : .virtual, eligible: true), lifecycle, sca: false) else {
            return .refused
        }
        if cards[customer].physical {
            // The customer activates once the card arrives; the answer tells the app when that is.
            let delivery = seed.delivery.sample(&desk.random)
            desk.context.schedule(after: delivery, to: id,
                                  CardPlatformMessage.cardIssued(CustomerID(UInt32(customer)), generation: cards[customer].generation))
            // A digital-first program issues the card at once, DIGITAL while the plastic travels. Only
            // the card flow's: a push provisioning's inactive card is the plastic not activated (PROV-1).
            let twin = !provisioning && seed.digitalTwins.numerator > 0 && desk.random.chance(seed.digitalTwins)
            if twin { _ = step(customer, .issue(digitalTwin: true), lifecycle, sca: false) }
            session.replyPayload = CardCreatedWire.encode(physical: true, delivery: delivery, status: twin ? .digital : nil)
        } else {
            session.replyPayload = CardCreatedWire.encode(physical: false, delivery: .zero, status: .active)
        }
        return .ok
    }

    private func activate(_ customer: Int, _ lifecycle: LifecycleID) -> StepAnswer {
        guard cards[customer].physical else { return .ok }  // A virtual card is active from the start.
        switch cards[customer].state {
        case .applied: return .retryLater  // Still at the bureau.
        case .digital where !cards[customer].plasticArrived: return .retryLater  // The plastic is still in the post.
        case .active: return .ok           // Activated by an earlier try whose answer was lost.
        default: break
        }
        guard !desk.random.chance(desk.seed.activationMismatch) else { return .retryLater }  // Wrong digits: try again.
        guard desk.wouldAccept(cards[customer].state, .activate(credentialsMatch: true)) else { return .refused }
        return step(customer, .activate(credentialsMatch: true), lifecycle, sca: false) ? .ok : .refused
    }

    /// The bureau issued a physical card.
    private func issued(_ customer: CustomerID, generation: UInt32) {
        let index = Int(customer.rawValue)
        guard index < cards.count, cards[index].generation == generation else { return }
        cards[index].plasticArrived = true
        expireIfDue(index, nil)  // The bureau does not issue a card whose expiry date has passed.
        guard cards[index].state == .applied else { return }  // A digital twin was issued already: only the plastic came.
        _ = step(index, .issue(digitalTwin: false), nil, sca: false)
        if desk.context.has(.issueCountedAsActivation) {
            cards[index].activations += 1  // The planted bug: the dispatch is booked as an activation.
            desk.observe(.prepaidActivated(card: ref(index), physical: true, activations: cards[index].activations))
        }
    }

    // MARK: S2 protected updates

    /// The SCA authority's word on a protected call.
    private func redeemed(_ lifecycle: LifecycleID, operation: UInt64, verified: Bool) {
        guard var session = sessions[lifecycle], let step = session.awaitingSca, UInt64(step.rawValue) == operation else { return }
        session.awaitingSca = nil
        session.replyPayload = 0
        let customer = customer(of: lifecycle)
        expireIfDue(customer, lifecycle)  // The card may have expired while the customer did their SCA.
        let answer: StepAnswer
        if !verified {
            answer = .scaFailed
        } else if step == .tokenizeForWallet {
            answer = initiateToken(customer, lifecycle, &session)
        } else {
            // A platform that read the card before the SCA step writes after it by what it read then.
            let from = desk.context.has(.cardStatusReadBeforeSca) ? session.stateAtCall : cards[customer].state
            // The planted bug: the card's latest pending operation, whichever phone asked for it.
            let applied = desk.context.has(.scaAppliesLatestPendingOperation) ? cards[customer].latestPending ?? step : step
            answer = update(applied, customer, lifecycle, from: from, sca: true)
        }
        // A card update reports its effect itself (`update`), with or without SCA.
        if answer == .ok && step == .tokenizeForWallet { desk.observe(.scaProtectedEffect(lifecycle, operation: step.rawValue)) }
        if verified {
            // The used event ends with the operation's own answer (LC-10 pendingWithSca → ok | error).
            desk.send(ScaAuthorityMessage.applied(lifecycle, operation: UInt64(step.rawValue), applied: answer == .ok),
                      to: .scaAuthority)
        }
        // A tokenization's answer carries its activation data (PROV-5), as the call without SCA does.
        session.last = LastAnswer(step: step, attempt: session.awaitingAttempt, answer: answer, payload: session.replyPayload)
        sessions[lifecycle] = session
        desk.answer(lifecycle, step, answer, call: session.awaitingAttempt, payload: session.replyPayload)
    }

    /// Applies a lock, unlock, cancel or PIN change to the customer's card as it is now, through its
    /// table; one the table does not allow from there (another phone changed the card first) is
    /// refused, as Paysafe refuses an invalid transition, and the card stays as it was. Every one
    /// applied is reported as a protected effect, whatever path led here (SCA-1).
    private func update(_ step: SeedStep, _ customer: Int, _ lifecycle: LifecycleID, from: PrepaidCardState,
                        sca: Bool) -> StepAnswer {
        let answer = apply(step, customer, lifecycle, from: from, sca: sca)
        if answer == .ok { desk.observe(.scaProtectedEffect(lifecycle, operation: step.rawValue)) }
        return answer
    }

    private func apply(_ step: SeedStep, _ customer: Int, _ lifecycle: LifecycleID, from: PrepaidCardState,
                       sca: Bool) -> StepAnswer {
        let event: PrepaidCardEvent = switch step {
        case .lockPrepaidCard: .update(.locked, scaVerified: true)
        case .unlockPrepaidCard: .update(.active, scaVerified: true)
        case .changePrepaidCardPin: .setPin(scaVerified: true)
        default: .update(.cancelled, scaVerified: true)
        }
        if from != cards[customer].state {
            // The planted race: the write goes by the state read before the SCA step, not the card's.
            guard let transition = try? from.applying(event) else { return .refused }
            let actual = cards[customer].state
            cards[customer].state = transition.next
            if let to = transition.next.status, to != actual.status {
                desk.observe(.prepaidStatusChanged(lifecycle, card: ref(customer), from: from.status, to: to, sca: sca))
            }
            return .ok
        }
        guard desk.wouldAccept(cards[customer].state, event) else {
            desk.counters.cardConflicts &+= 1
            return .refused
        }
        guard self.step(customer, event, lifecycle, sca: sca) else { return .refused }
        if event == .update(.cancelled, scaVerified: true) && desk.context.has(.replacementReusesCancelledCard) {
            // The planted bug: the replacement card is issued on the cancelled card's record.
            cards[customer].state = .active
            desk.observe(.prepaidStatusChanged(lifecycle, card: ref(customer), from: .cancelled, to: .active, sca: sca))
        }
        return .ok
    }

    // MARK: S3 tokenization

    private func tokenize(_ customer: Int, _ lifecycle: LifecycleID, withSca: Bool, attempt: Int,
                          session: inout Session) -> StepAnswer? {
        let active = cards[customer].state == .active
        if !active && !desk.context.has(.tokenForInactiveCard) {
            return withSca ? .refused : answeredWithoutSca(.refused, lifecycle)
        }
        if !withSca && desk.random.chance(desk.seed.scaOnTokenize) {
            openScaEvent(for: .tokenizeForWallet, lifecycle)
            return .scaRequired
        }
        if withSca {
            session.awaitingSca = .tokenizeForWallet
            session.awaitingAttempt = attempt
            desk.send(ScaAuthorityMessage.redeem(lifecycle, operation: UInt64(SeedStep.tokenizeForWallet.rawValue)), to: .scaAuthority)
            return nil
        }
        return answeredWithoutSca(initiateToken(customer, lifecycle, &session), lifecycle)
    }

    /// An operation the platform answers at its first call, without asking for SCA: its LC-10 event
    /// goes `call` then `ok` (applied) or `error` (refused) at once. The event is a value that ends
    /// with the call, so nothing is kept per operation.
    private func answeredWithoutSca(_ answer: StepAnswer, _ lifecycle: LifecycleID) -> StepAnswer {
        var event = ScaState.idle
        for step in [ScaEvent.call, answer == .ok ? .ok : .error] {
            for effect in desk.step(&event, step, of: lifecycle) ?? [] {
                switch effect {
                case .sendCall, .applyOperation:
                    break  // The call in hand, and the operation already applied (or refused) above.
                case .startTimer, .promptCustomer, .sendAttempt, .callAgainWithScaDetails:
                    preconditionFailure("LC-10 \(step) from \(event) asked for \(effect) in an operation answered without SCA")
                }
            }
        }
        if answer == .ok { desk.counters.scaFreeOperations &+= 1 } else { desk.counters.scaFreeRefusals &+= 1 }
        return answer
    }

    /// One token per (card, device) at a time (PROV-3): a second tokenization for the same device
    /// while one is initiated or completed is refused.
    private func initiateToken(_ customer: Int, _ lifecycle: LifecycleID, _ session: inout Session) -> StepAnswer {
        let device = desk.context.bodies[lifecycle].device
        if cards[customer].tokens[device].isLive && !desk.context.has(.tokensDedupedPerRequest) {
            desk.counters.cardConflicts &+= 1
            return .alreadyDone
        }
        cards[customer].tokens[device] = .initiated
        setOwner(customer, device, lifecycle)
        desk.observe(.tokenizationInitiated(lifecycle))
        // The activation data the pass request must carry: fresh for each tokenization, and bound to
        // its card and the wallet's nonce (PROV-5). The planted bug keeps one per card instead.
        activationSerial = activationSerial & PassWire.activation.mask == PassWire.activation.mask ? 1 : activationSerial + 1
        if cards[customer].activationData == 0 || !desk.context.has(.activationDataPerCard) {
            cards[customer].activationData = activationSerial
        }
        session.replyPayload = cards[customer].activationData
        desk.observe(.activationDataIssued(lifecycle, data: cards[customer].activationData, card: ref(customer),
                                           nonce: session.walletNonce))
        // The push provisioning must complete within its time (600 s, domain §2.7), or it lapses.
        session.tokenCustomer = customer
        session.tokenDevice = device
        session.provisioningTimer &+= 1
        desk.context.schedule(after: desk.context.configuration.timeouts.provisioningCompletion, to: id,
                              CardPlatformMessage.provisioningExpired(lifecycle, timer: session.provisioningTimer))
        if desk.context.has(.tokenCompletedTwice) {
            // The planted bug: the token counts as completed as soon as it is started.
            desk.observe(.tokenizationCompleted(lifecycle, card: ref(customer), device: device,
                                                cardStatus: cards[customer].state.status ?? .unknown))
        }
        return .ok
    }

    /// A provisioning timer its tokenization no longer waits on: the slot was reused, a newer
    /// tokenization replaced it, or it already lapsed.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        if event.kind == PaymentMessage.prepaidPurchaseTimedOut.rawValue { return !ticketIsOpen(event.argument) }
        guard event.kind == PaymentMessage.provisioningExpired.rawValue else { return false }
        guard let session = sessions[LifecycleID(rawValue: event.subject)] else { return true }
        return session.provisioningTimer != UInt32(truncatingIfNeeded: event.argument) || session.provisioningExpired
    }

    /// The provisioning's completion time ran out with the token still initiated (the app never
    /// reported the pass added): the tokenization lapses, so the device holds no token and may
    /// start again; the app's late report is answered expired.
    private func provisioningExpired(_ lifecycle: LifecycleID, timer: UInt32) {
        guard var session = sessions[lifecycle], session.provisioningTimer == timer, !session.provisioningExpired else { return }
        let customer = session.tokenCustomer, device = session.tokenDevice
        guard customer < cards.count, owner(customer, device) == lifecycle, cards[customer].tokens[device] == .initiated
        else { return }  // Completed, deactivated with its card, or another lifecycle's by now.
        cards[customer].tokens[device] = .none
        desk.observe(.tokenizationLapsed(lifecycle))
        session.provisioningExpired = true
        desk.counters.count(expiry: .provisioningCompletion)
        sessions[lifecycle] = session
    }

    /// The mobile wallet added the pass: the token completes, if its card is still active (PROV-1).
    private func completeToken(_ customer: Int, _ lifecycle: LifecycleID, _ session: Session) -> StepAnswer {
        if session.provisioningExpired { return .expired }  // Reported after the 600 s: the tokenization lapsed.
        let device = desk.context.bodies[lifecycle].device
        guard owner(customer, device) == lifecycle, cards[customer].tokens[device] != .deactivated else {
            return cards[customer].tokens[device] == .completed && owner(customer, device) == lifecycle ? .ok : .refused
        }
        if cards[customer].tokens[device] == .completed { return .ok }
        guard cards[customer].tokens[device] == .initiated else { return .refused }
        let checksAtCompletion = !desk.context.has(.tokenizationChecksCardAtStartOnly) && !desk.context.has(.tokenForInactiveCard)
        if cards[customer].state != .active && checksAtCompletion {
            // The card was locked or cancelled since the tokenization started: the token dies with it.
            cards[customer].tokens[device] = .deactivated
            desk.counters.cardConflicts &+= 1
            return .refused
        }
        cards[customer].tokens[device] = .completed
        desk.observe(.tokenizationCompleted(lifecycle, card: ref(customer), device: device,
                                            cardStatus: cards[customer].state.status ?? .unknown))
        return .ok
    }

    private func owner(_ customer: Int, _ device: Int) -> LifecycleID {
        let owners = cards[customer].tokenOwners
        return device == 0 ? owners.0 : device == 1 ? owners.1 : owners.2
    }

    private func setOwner(_ customer: Int, _ device: Int, _ lifecycle: LifecycleID) {
        switch device {
        case 0: cards[customer].tokenOwners.0 = lifecycle
        case 1: cards[customer].tokenOwners.1 = lifecycle
        default: cards[customer].tokenOwners.2 = lifecycle
        }
    }

    // MARK: LC-09 through its table

    /// A live card met on or after its expiry date expires first (LC-09 `expiryReached`), so the
    /// call or step that met it goes by an expired card: refused, and a purchase declined (CARD-3).
    func expireIfDue(_ customer: Int, _ lifecycle: LifecycleID?) {
        switch cards[customer].state {
        case .applied, .issued, .digital, .active, .locked: break
        case .notCreated, .cancelled, .expired: return
        }
        guard desk.context.now >= cards[customer].expiresAt, step(customer, .expiryReached, lifecycle, sca: false) else { return }
        desk.counters.count(expiry: .cardValidity)
    }

    /// Offers `event` to the customer's card's table and performs what it returns; false when the
    /// table refused it (counted by G-6).
    func step(_ customer: Int, _ event: PrepaidCardEvent, _ lifecycle: LifecycleID?, sca: Bool) -> Bool {
        let before = cards[customer].state
        let subject = lifecycle ?? LifecycleID(rawValue: 0)
        guard let effects = desk.step(&cards[customer].state, event, of: subject) else { return false }
        for effect in effects { perform(effect, customer, lifecycle: subject, from: before, sca: sca) }
        return true
    }

    private func perform(_ effect: PrepaidCardEffect, _ customer: Int, lifecycle: LifecycleID, from: PrepaidCardState,
                         sca: Bool) {
        switch effect {
        case .allocateCard:
            if startingUp { desk.counters.prepaidCardsAtStart &+= 1 } else { desk.counters.prepaidCardsIssued &+= 1 }
            if balances.account(of: customer) == nil { openAccount(customer) }  // The customer's first card.
            desk.observe(.prepaidCardCreated(lifecycle, card: ref(customer)))
            desk.observe(.prepaidStatusChanged(lifecycle, card: ref(customer), from: nil,
                                               to: cards[customer].state.status ?? .unknown, sca: false))
        case .scheduleDelivery:
            desk.counters.prepaidCardsShipped &+= 1  // The courier has it; the customer activates on arrival.
            desk.observe(.prepaidStatusChanged(lifecycle, card: ref(customer), from: from.status,
                                               to: cards[customer].state.status ?? .unknown, sca: false))
        case .recordActivation:
            cards[customer].activations += 1
            desk.observe(.prepaidActivated(card: ref(customer), physical: cards[customer].physical,
                                           activations: cards[customer].activations))
        case .recordPinSet:
            desk.counters.prepaidPinsSet &+= 1
            desk.observe(.prepaidPinSet(lifecycle, card: ref(customer)))
        case .deactivateTokens:
            cards[customer].tokens.deactivateAll()
            desk.observe(.tokensDeactivated(lifecycle, card: ref(customer)))
        case .reportStatus(let status):
            desk.observe(.prepaidStatusChanged(lifecycle, card: ref(customer), from: from.status, to: status, sca: sca))
        }
    }
}

extension LifecycleID {
    /// No lifecycle: slot 0's generation 0, which no lifecycle has (generations start at 1).
    static let none = LifecycleID(rawValue: 0)
}
