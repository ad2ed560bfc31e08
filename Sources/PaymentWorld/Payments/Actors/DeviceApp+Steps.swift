import SimulationKernel

/// Where a lifecycle is in its seed flow's SDK steps (design §4.2).
struct StepCursor {
    /// Index into the flow's steps; at the end the card core runs, or the flow is done.
    var index = 0
    /// The call waiting for an answer: a step, or a sub-step (a code, an SCA attempt).
    var current: SeedStep?
    var payload: UInt64 = 0
    /// Every new call gets a new number; a repeat after a timeout keeps it, so servers dedupe.
    var calls = 0
    /// The last call whose answer was taken: a second copy of that answer changes nothing.
    var answered = -1
    var repeats = 0
    /// Tells a live timer from one whose call was answered.
    var serial: UInt64 = 0
    var retries = 0
    var awaitingCode = false
    var code: UInt64 = 0
    /// The protected step an SCA step-up is for.
    var scaFor: SeedStep?
    var physicalCard = false
    /// The wallet card this lifecycle adds and deletes, or pays with: a name in the customer's wallet.
    var cardName: UInt8 = 0
    /// The prepaid card's status as the app last heard it.
    var cardStatus: CardStatus?
    /// The sale pays with a saved account by its accountId (SavedCardSaleRequest), not a token.
    var paysBySavedAccount = false
    /// Whether the customer's saved card pays, decided at the first step it makes unnecessary.
    var paysSaved: Bool?
    /// The code the customer types is the 2D verification's SMS code (Portmone P4
    /// finishVerify2dCard), not a Masterpass OTP: its failure is the 2D step's.
    var codeFor2D = false

    /// A verification that saves the card may run 3-D Secure first (a challenge, or the customer
    /// confirming in their banking app): the app waits it out as the SDK's 3DS screens do, asking
    /// again after each call timeout instead of giving up. The gateway's own timers end it.
    var waitsOutAuthentication: Bool { current == .verifyCard && payload == 1 }
    /// A push provisioning's LC-11 state, the phone's wallet (Google Pay, else Apple Pay), and the
    /// serial of its 600 s timer.
    var provisioning = ProvisioningState.idle
    var google = false
    /// The wallet's nonce the tokenization is asked with, and the activation data it was answered
    /// with: the pass request carries both (PROV-5).
    var walletNonce: UInt16 = 0
    /// The merchant's signature of the order's parameters (ecommpay E1), carried by the init.
    var signature: UInt32 = 0
    var activationData: UInt32 = 0
    var provisioningSerial: UInt64 = 0
}

extension DeviceApp {
    /// Runs the flow's SDK steps, then its card core.
    func startSteps(_ payment: LifecycleID) {
        cursors[payment.slot] = StepCursor()
        nextStep(payment)
    }

    private func nextStep(_ payment: LifecycleID) {
        let flow = flow(of: payment)
        let steps = flow.steps
        while cursors[payment.slot].index < steps.count {
            var step = steps[cursors[payment.slot].index]
            if step == .managePrepaidCard { step = pickCardChange(payment) }
            if step == .activatePrepaidCard && !cursors[payment.slot].physicalCard {
                cursors[payment.slot].index += 1  // A virtual card is active from the start.
                continue
            }
            if flow.traits.contains(.paysWithSavedToken) && flow.savedCardSkips.contains(step) && paysSavedCard(payment) {
                cursors[payment.slot].index += 1  // The customer's card on file pays: no new token (nor, at MPGS, a session).
                continue
            }
            if step == .prepaidPurchase && !appOffersPurchase(cursors[payment.slot].cardStatus) {
                cursors[payment.slot].index += 1  // The customer just locked or cancelled it: no shopping with it.
                continue
            }
            if step == .tokenizeForWallet && cursors[payment.slot].provisioning == .idle && !beginProvisioning(payment) {
                // No "add to wallet" button: straight on to paying with the card's details.
                cursors[payment.slot].index = steps.firstIndex(of: .prepaidPurchase) ?? steps.count
                continue
            }
            if step == .addPass && cursors[payment.slot].provisioning == .initiated,
               let away = handPassToWallet(payment) {
                // The wallet's sheet waits for the customer; the pass request goes when they are back.
                cursors[payment.slot].current = step
                cursors[payment.slot].payload = firstPayload(step, payment)
                context.schedule(after: away, to: id, DeviceMessage.stepRetryDue(payment, serial: cursors[payment.slot].serial))
                return
            }
            call(payment, step, payload: firstPayload(step, payment))
            return
        }
        cursors[payment.slot].current = nil
        if flow.core != nil {
            checkout(payment)
        } else {
            finish(payment, outcome: .succeeded, code: flow.system.code(for: .succeeded))
        }
    }

    /// Whether a customer whose digital twin's plastic has come uses it without activating it in the app.
    private func usesPlasticFirst() -> Bool {
        let share = context.configuration.seed.chipAndPinActivation
        return share.numerator > 0 && random.chance(share)
    }

    /// Whether the app offers a purchase with the card whose status it last heard: not with one the
    /// customer has just locked or cancelled. One another phone locked or cancelled meanwhile is
    /// offered, and the card platform declines it (CARD-3).
    private func appOffersPurchase(_ status: CardStatus?) -> Bool {
        status != .locked && status != .cancelled
    }

    /// The card's status once a change the app asked for went through; nil for a step that leaves it.
    private static func statusAfter(_ step: SeedStep) -> CardStatus? {
        switch step {
        case .lockPrepaidCard: .locked
        case .unlockPrepaidCard: .active
        case .cancelPrepaidCard: .cancelled
        default: nil
        }
    }

    /// What the customer does with their card, by its status as the app shows it (S2).
    private func pickCardChange(_ lifecycle: LifecycleID) -> SeedStep {
        let seed = context.configuration.seed
        if random.chance(seed.cardCancel) { return .cancelPrepaidCard }
        switch cursors[lifecycle.slot].cardStatus {
        case .locked?: return .unlockPrepaidCard
        default:
            let lock = Double(seed.cardLock.numerator) / Double(seed.cardLock.denominator)
            let pin = Double(seed.cardPinChange.numerator) / Double(seed.cardPinChange.denominator)
            return random.unitInterval() * (lock + pin) < lock ? .lockPrepaidCard : .changePrepaidCardPin
        }
    }

    private func firstPayload(_ step: SeedStep, _ lifecycle: LifecycleID) -> UInt64 {
        switch step {
        case .updateSession:
            // A stale app names the API version before the session's (M1 apiVersionMismatch); a customer
            // who will change the card enters another one first (SessionUpdateWire).
            let stale = random.chance(context.configuration.seed.apiVersionMismatch)
            let change = random.chance(context.configuration.seed.sessionCardChange)
            return SessionUpdateWire.request(stale: stale, cardToChange: change)
        case .walletAddCard:
            // One of the customer's other cards (names 1 and 2; 0 is the card the wallet starts with).
            cursors[lifecycle.slot].cardName = UInt8(1 + random.int(in: 0...1))
            return UInt64(cursors[lifecycle.slot].cardName)
        case .walletDeleteCard, .walletPayWithCard:
            return UInt64(cursors[lifecycle.slot].cardName)
        case .verifyCard:
            // 1: the customer asked to save the card once verified (VER-3).
            return random.chance(context.configuration.seed.verificationSavesCard) ? 1 : 0
        case .addPass:
            return passRequest(lifecycle, verified: false)
        case .initSession:
            return UInt64(cursors[lifecycle.slot].signature)
        case .tokenizeForWallet:
            return TokenizeWire.request(nonce: UInt64(cursors[lifecycle.slot].walletNonce), withSca: false)
        default:
            return 0
        }
    }

    func call(_ payment: LifecycleID, _ step: SeedStep, payload: UInt64) {
        cursors[payment.slot].current = step
        cursors[payment.slot].payload = payload
        cursors[payment.slot].calls &+= 1
        cursors[payment.slot].repeats = 0
        send(payment)
    }

    private func send(_ payment: LifecycleID) {
        let cursor = cursors[payment.slot]
        guard let step = cursor.current else { return }
        context.send(from: id, to: context.addresses[step.server], kind: PaymentMessage.stepRequest.rawValue, subject: payment.rawValue,
                     argument: StepWire.request(step, try: cursor.calls, payload: cursor.payload))
        armTimer(payment, after: context.configuration.seed.stepCall)
    }

    private func armTimer(_ payment: LifecycleID, after delay: SimDuration) {
        cursors[payment.slot].serial &+= 1
        context.schedule(after: delay, to: id, DeviceMessage.stepTimedOut(payment, serial: cursors[payment.slot].serial))
    }

    private func advance(_ payment: LifecycleID) {
        cursors[payment.slot].index += 1
        cursors[payment.slot].retries = 0
        cursors[payment.slot].scaFor = nil
        nextStep(payment)
    }

    func stepAnswered(_ payment: LifecycleID, _ reply: StepReply) {
        if isCurrent(payment) {
            context.observe(.answerReceived(payment, answered: reply.call,
                                          made: cursors[payment.slot].calls))
        }
        guard isCurrent(payment), let step = reply.step, cursors[payment.slot].current == step,
              !cursors[payment.slot].awaitingCode, reply.call == cursors[payment.slot].calls & StepWire.callMask,
              cursors[payment.slot].answered != cursors[payment.slot].calls else {
            counters.duplicatesDeduped &+= 1  // A repeated answer, or one for a call already settled.
            return
        }
        cursors[payment.slot].answered = cursors[payment.slot].calls
        cursors[payment.slot].serial &+= 1  // The call's timer is now stale.
        let answer = reply.answer
        let flow = flow(of: payment)
        provisioningAnswered(payment, step, answer, payload: reply.payload)
        if answer == .ok, cursors[payment.slot].index < flow.steps.count,
           flow.steps[cursors[payment.slot].index] == .walletAuthorize {
            // The wallet offers its default card for the payment to come (P1 → P4).
            cursors[payment.slot].cardName = UInt8(truncatingIfNeeded: reply.payload)
        }
        switch answer {
        case .ok:
            stepSucceeded(payment, step, reply, flow: flow)
        case .bankOtpRequired, .phoneOtpRequired:
            awaitCode(payment)
        case .codeInvalid:
            typeCode(payment)  // The customer types the code again.
        case .need2D:
            cursors[payment.slot].codeFor2D = true  // The SMS code that follows is the 2D verification's.
            call(payment, .start2DVerification, payload: 0)
        case .scaRequired, .scaRejected:
            awaitSca(payment, step, answer)
        case .retryLater:
            guard cursors[payment.slot].retries < context.configuration.seed.retries else { return fail(payment, step, answer) }
            cursors[payment.slot].retries += 1
            let backoff = SimDuration(nanoseconds: context.configuration.seed.backoff.nanoseconds << (cursors[payment.slot].retries - 1))
            context.schedule(after: backoff, to: id, DeviceMessage.stepRetryDue(payment, serial: cursors[payment.slot].serial))
        case .apiVersionMismatch:
            guard cursors[payment.slot].retries < context.configuration.seed.retries else { return fail(payment, step, answer) }
            cursors[payment.slot].retries += 1
            call(payment, step, payload: 0)  // The app reloads the session's version and updates again.
        case .refused, .notVerified, .codeFailed, .scaFailed, .expired, .alreadyDone, .declined:
            fail(payment, step, answer)
        }
    }

    /// The server answered the step ok: what the app does next, by the step.
    private func stepSucceeded(_ payment: LifecycleID, _ step: SeedStep, _ reply: StepReply, flow: PaymentFlow) {
        switch step {
        case .scaAttempt:
            // Verified: call the protected operation again, now with the event's details.
            let protected = cursors[payment.slot].scaFor ?? step
            call(payment, protected, payload: protected == .tokenizeForWallet
                ? TokenizeWire.request(nonce: UInt64(cursors[payment.slot].walletNonce), withSca: true) : 1)
        case .createPrepaidCard:
            prepaidCardCreated(payment, reply, flow: flow)
        case .walletAuthorize where addsOwnCardFirst(payment, reply), .submitCode where addsOwnCardFirst(payment, reply):
            // An empty wallet, or none yet: the customer adds their own card before the payment.
            cursors[payment.slot].cardName = 0
            call(payment, .walletAddCard, payload: 0)
        case .signParameters:
            // The merchant's signature of the order, which the init carries to the platform (SES-3).
            cursors[payment.slot].signature = UInt32(truncatingIfNeeded: reply.payload)
            if context.has(.amountChangedAfterSigning) {
                // The planted bug: the app adds the customer's tip to the order after it was signed.
                var order = context.bodies[payment]
                order.amount += 100
                context.bodies.publish(order, for: payment)
            }
            advance(payment)
        case .updateSession where SessionUpdateWire.cardToChange(cursors[payment.slot].payload):
            // The customer changes the card on the session: a second update, with the card they pay with.
            call(payment, .updateSession, payload: 0)
        default:
            if let status = Self.statusAfter(step) { cursors[payment.slot].cardStatus = status }
            if step == .cancelPrepaidCard { notePasses(payment, completed: false) }  // Its tokens are deactivated (CARD-6).
            // A tokenized card, or a verified one the customer asked to save (VER-3), is their saved card.
            if step == .tokenizeCard || step == .createToken { saveCard(payment, asAccount: false) }
            if step == .verifyCard && cursors[payment.slot].payload == 1 { saveCard(payment, asAccount: true) }
            if step.startsServerTimer, cursors[payment.slot].index + 1 < flow.steps.count, walksAway(payment) {
                return comeBackLater(payment)
            }
            advance(payment)
        }
    }

    /// The card platform created (or found) the customer's card: a physical one is activated a
    /// little after the post brings it, a digital twin is used at once.
    private func prepaidCardCreated(_ payment: LifecycleID, _ reply: StepReply, flow: PaymentFlow) {
        let payload = reply.payload
        let physical = CardCreatedWire.isPhysical(payload)
        cursors[payment.slot].physicalCard = physical
        cursors[payment.slot].cardStatus = physical ? .active : CardCreatedWire.status(payload)
        if physical && CardCreatedWire.status(payload) == .digital
            && (CardCreatedWire.delivery(payload) > .zero || usesPlasticFirst()) {
            // A digital twin: the customer uses it now, and activates the plastic in a later visit
            // once it has come, or never does and its first chip-and-PIN purchase activates it.
            cursors[payment.slot].physicalCard = false
            cursors[payment.slot].cardStatus = .digital
        }
        let next = cursors[payment.slot].index + 1
        guard cursors[payment.slot].physicalCard, next < flow.steps.count, flow.steps[next] == .activatePrepaidCard else {
            return advance(payment)
        }
        // A physical card: the customer activates it a little after it arrives by post.
        cursors[payment.slot].index = next
        cursors[payment.slot].current = .activatePrepaidCard
        cursors[payment.slot].payload = 0
        let delivery = CardCreatedWire.delivery(payload) + context.configuration.seed.backoff
        context.bodies.addPeopleTime(CardCreatedWire.delivery(payload), to: payment)  // The post, not the system.
        context.schedule(after: delivery, to: id, DeviceMessage.stepRetryDue(payment, serial: cursors[payment.slot].serial))
    }

    /// The operation needs SCA, or the attempt was rejected with attempts left: the customer does
    /// the SCA (or walks away and comes back), then the app submits the attempt.
    private func awaitSca(_ payment: LifecycleID, _ step: SeedStep, _ answer: StepAnswer) {
        if answer == .scaRequired { cursors[payment.slot].scaFor = step }
        cursors[payment.slot].current = .scaAttempt
        let think: SimDuration
        if walksAway(payment) {
            think = timeAway(payment)  // Back after the event's expirationTime, most likely.
        } else {
            think = context.configuration.seed.scaThink.sample(&random)
            context.bodies.addPeopleTime(think, to: payment)
        }
        context.schedule(after: think, to: id, DeviceMessage.scaReady(payment, serial: cursors[payment.slot].serial))
    }

    /// Whether the wallet's answer to a payment's `authorize` (or to its OTP) offers no card, so the
    /// customer adds their own first (P2: the add creates the wallet of a phone that has none). A
    /// flow whose next step is a card add has its own.
    private func addsOwnCardFirst(_ payment: LifecycleID, _ reply: StepReply) -> Bool {
        let steps = flow(of: payment).steps, index = cursors[payment.slot].index
        return reply.payload == UInt64(WalletList.noCard)
            && steps.dropFirst(index).first == .walletAuthorize && steps.dropFirst(index + 1).first != .walletAddCard
    }

    /// The customer leaves the app with a checkout session or a provisioning open, and makes the
    /// flow's next call when they come back (`behaviour.walkAwayTime`): by then it may have expired.
    private func comeBackLater(_ payment: LifecycleID) {
        cursors[payment.slot].index += 1
        cursors[payment.slot].retries = 0
        cursors[payment.slot].scaFor = nil
        let next = flow(of: payment).steps[cursors[payment.slot].index]
        cursors[payment.slot].current = next
        cursors[payment.slot].payload = firstPayload(next, payment)
        context.schedule(after: timeAway(payment), to: id, DeviceMessage.stepRetryDue(payment, serial: cursors[payment.slot].serial))
    }

    /// The OTP is on its way by SMS; if none comes, the customer asks for another.
    private func awaitCode(_ payment: LifecycleID) {
        cursors[payment.slot].current = .submitCode
        cursors[payment.slot].awaitingCode = true
        armTimer(payment, after: context.configuration.seed.smsWait)
    }

    func codeDelivered(_ payment: LifecycleID, code: UInt64) {
        guard isCurrent(payment), cursors[payment.slot].awaitingCode else { return }
        cursors[payment.slot].awaitingCode = false
        cursors[payment.slot].serial &+= 1
        cursors[payment.slot].code = code
        typeCode(payment)
    }

    private func typeCode(_ payment: LifecycleID) {
        let code = cursors[payment.slot].code
        let typed = random.chance(context.configuration.seed.codeTypo) ? code ^ 1 : code
        cursors[payment.slot].current = .submitCode
        let typing: SimDuration
        if walksAway(payment) {
            typing = timeAway(payment)  // Typed on their return, after the code's validity most likely.
        } else {
            typing = context.configuration.seed.codeEntry.sample(&random)
            context.bodies.addPeopleTime(typing, to: payment)
        }
        context.schedule(after: typing, to: id, DeviceMessage.codeTyped(payment, code: typed))
    }

    func codeTyped(_ payment: LifecycleID, code: UInt64) {
        guard isCurrent(payment), cursors[payment.slot].current == .submitCode, !cursors[payment.slot].awaitingCode
        else { return }
        call(payment, .submitCode, payload: code)
    }

    func scaReady(_ payment: LifecycleID, serial: UInt64) {
        guard timerIsLive(payment, serial: serial),
              let protected = cursors[payment.slot].scaFor else { return }
        call(payment, .scaAttempt, payload: UInt64(protected.rawValue))
    }

    func retryDue(_ payment: LifecycleID, serial: UInt64) {
        guard timerIsLive(payment, serial: serial), let step = cursors[payment.slot].current else { return }
        call(payment, step, payload: cursors[payment.slot].payload)  // A new try: a new context (Sips [A]).
    }

    func stepTimedOut(_ payment: LifecycleID, serial: UInt64) {
        guard timerIsLive(payment, serial: serial) else { return }
        if cursors[payment.slot].awaitingCode {
            cursors[payment.slot].awaitingCode = false
            call(payment, .resendCode, payload: 0)
            return
        }
        guard cursors[payment.slot].repeats < context.configuration.seed.stepRepeats
                || cursors[payment.slot].waitsOutAuthentication else {
            let flow = flow(of: payment)
            let step = cursors[payment.slot].current ?? flow.steps[min(cursors[payment.slot].index, flow.steps.count - 1)]
            finish(payment, outcome: .timedOut, code: flow.system.code(timedOutAt: step))
            return
        }
        cursors[payment.slot].repeats += 1
        counters.stepRepeats &+= 1
        send(payment)  // The same call again, same idempotency key.
    }

    private func fail(_ payment: LifecycleID, _ step: SeedStep, _ answer: StepAnswer) {
        let outcome: PaymentOutcome = switch answer {
        case .codeFailed, .scaFailed: .authenticationFailed
        case .expired: .timedOut  // The customer took longer than the server's timer allowed.
        case .retryLater, .apiVersionMismatch: .failed
        default: .declined
        }
        cursors[payment.slot].current = nil
        let failedAt = step == .submitCode && cursors[payment.slot].codeFor2D ? SeedStep.start2DVerification : step
        finish(payment, outcome: outcome, code: flow(of: payment).system.code(failedAt: failedAt, answer))
    }
}
