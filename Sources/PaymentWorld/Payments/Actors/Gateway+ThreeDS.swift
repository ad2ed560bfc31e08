import SimulationKernel

/// How an authentication's result reaches LC-01 or LC-02.
enum AuthenticationEnding {
    /// The ACS answered: the result decides.
    case answered
    /// A wait ran out (ARes/VERes or the challenge's completion): the sale declines as timed out.
    case timedOut
    /// The cardholder cancelled the challenge: the customer abandoned the payment.
    case cancelled
}

extension Gateway {
    /// A payment's 3-D Secure: whether it needs an authentication, and the current attempt's.
    struct AuthenticationPart {
        /// Enrolled and not exempted: every attempt authenticates, a cascade's next one afresh (`nextNeeds3DS`).
        var needed = false
        /// An enrolled card's payment the gateway exempted from 3-D Secure (low value).
        var exempted = false
        /// A 3-D Secure 1.0 payment with a card outside 3-D Secure: the MPI asks all the same, and
        /// the VERes N lets the order go on without authentication (W2 `orderWithoutAuth`).
        var outsideThreeDS = false
        /// The current attempt's provider asked for a fresh 3-D Secure authentication (LC-08).
        var attemptNeeds3DS = false
        /// The current attempt's result; nil while it authenticates, or before.
        var status: TransStatus?
        /// LC-06 for the current attempt's authentication: v1 or v2 by the flow's system.
        var threeDS = ThreeDSState.start

        init() {}

        /// - Parameter asksEveryCard: the MPI of 3-D Secure 1.0, which sends a VEReq for every card.
        init(enrolled: Bool, amount: Int64, lowValueExemption: Int64, asksEveryCard: Bool) {
            needed = enrolled || asksEveryCard
            outsideThreeDS = !enrolled
            if enrolled && amount < lowValueExemption {
                // The gateway asks for the low-value exemption: no authentication is required.
                needed = false
                exempted = true
            }
        }

        /// The LC-06 events `answer` stands for, when the running authentication takes them all;
        /// nil for a copy, or for an answer to an earlier attempt's authentication.
        func events(for answer: ThreeDSAnswer) -> [ThreeDSEvent]? {
            guard status == nil, let events = Gateway.threeDSEvents(for: answer, in: threeDS),
                  Gateway.accepts(threeDS, events) else { return nil }
            return events
        }

        /// The running authentication still waits for the answer whose wait ran out.
        var waitsForTimeout: Bool { status == nil && Gateway.accepts(threeDS, [.timeout]) }
    }

    // MARK: LC-06 3-D Secure

    /// Whether a U lets the payment go on: by the policy, or for a card outside 3-D Secure 1.0,
    /// whose VERes N ends LC-06 as U and means "no authentication to do".
    func proceedsOnUnavailable(_ payment: PaymentID) -> Bool {
        context.configuration.policies.proceedOnUnavailable || records[payment.slot].authentication.outsideThreeDS
    }

    /// The gateway is the 3DS server (v2) or the MPI behind the TermUrl (v1): it steps LC-06 on
    /// what comes back through the directory server and on its own timers.
    func threeDSVersion(_ payment: PaymentID) -> ThreeDSVersion { orderFlow(payment).system.threeDSVersion }

    /// The flow of the order the payment is for.
    private func orderFlow(_ payment: PaymentID) -> PaymentFlow { context.bodies[records[payment.slot].order].flow }

    /// Starts a fresh LC-06: a cascade's next provider needs a new authentication (3DS-3).
    func requestAuthentication(_ payment: PaymentID) {
        records[payment.slot].authentication.threeDS = .start
        context.observe(.authenticationStarted(AttemptID(payment, records[payment.slot].attempt)))
        switch threeDSVersion(payment) {
        case .v1:
            // The VEReq: v1's start waits for its VERes, so no event is stepped until one comes.
            countThreeDS1([.veReq], of: orderFlow(payment))
            sendAuthenticationRequest(payment)
            startTimer(.authenticationTimedOut, payment, after: context.configuration.timeouts.authentication)
        case .v2:
            // App flows: the SDK gathered the device data at checkout, so the AReq goes at once.
            stepThreeDS(payment, [.deviceDataCollected], ending: .answered)
        }
    }

    private func sendAuthenticationRequest(_ payment: PaymentID) {
        context.send(from: id, to: context.addresses[.directoryServer], DirectoryServerMessage.authenticationRequest(payment))
    }

    /// An ARes, VERes, PaRes or RReq, or the cardholder's cancellation, offered to LC-06 as the
    /// events it stands for. One LC-06 cannot take (a copy, or an answer to an earlier attempt's
    /// authentication) is a duplicate: the network may deliver twice, so it is no illegal transition.
    func authenticated(_ payment: PaymentID, _ answer: ThreeDSAnswer) {
        if context.has(.authenticationAnswerAppliedTwice), let record = record(payment),
           let ended = record.authentication.status, case .status(let status) = answer, status == ended {
            // The planted bug: a copy of the answer that ended the authentication ends it again.
            return authenticationEnded(payment, status, .answered)
        }
        guard isLive(payment), !records[payment.slot].endedEarly,
              let events = records[payment.slot].authentication.events(for: answer) else {
            counters.duplicatesDeduped &+= 1
            return
        }
        if answer == .status(.challengeRequired) {
            counters.challenged &+= 1
            if context.has(.authorizeDuringChallenge), records[payment.slot].verification == nil,
               records[payment.slot].flow == .sale {
                // The planted bug: the authorization goes out while the cardholder is still on the challenge.
                sendAuthorization(payment, liabilityShift: false)
            }
        }
        if answer == .status(.decoupled) {
            counters.decoupled &+= 1
            if context.has(.decoupledTakenAsFinal), records[payment.slot].verification == nil {
                // The planted bug: ARes D read as the authentication's result, not as "wait for the RReq".
                return authenticationEnded(payment, .decoupled, .answered)
            }
            // The app says so ("approve in your banking app") instead of waiting on its call.
            context.send(from: id, to: context.addresses[.device], DeviceMessage.decoupledStarted(context.bodies[payment].order))
        }
        stepThreeDS(payment, events, ending: answer == .cancelled ? .cancelled : .answered)
    }

    /// What one answer means in each LC-06 state. A 3DS 1.0 ACS that answers at once (no
    /// cardholder on its page) sends VERes Y and the PaRes together; after a challenge an RReq
    /// carries the interaction counter, one CReq → CRes round in this model, and a cancelled
    /// challenge ends in an RReq N with `challengeCancel` (EMV 3DS 2.2 §5.9).
    static func threeDSEvents(for answer: ThreeDSAnswer, in state: ThreeDSState) -> [ThreeDSEvent]? {
        switch (state, answer) {
        case (.start, .status(.challengeRequired)):
            return [.veRes(.enrolled)]  // The ACS page opens.
        case (.start, .status(.attempted)):
            return [.veRes(.notEnrolled(schemeCreditsAttempt: true))]
        case (.start, .status(.unavailable)), (.start, .erro):
            return [.veRes(.undetermined)]
        case (.start, .notEnrolled):
            return [.veRes(.notEnrolled(schemeCreditsAttempt: false))]
        case (.start, .status(let status)) where status == .authenticated || status == .notAuthenticated:
            return [.veRes(.enrolled), .paResPosted, .paResVerified(status)]
        case (.challengeRedirect, .status(let status)) where status.isFinal:
            return [.paResPosted, .paResVerified(status)]
        case (.challengeRedirect, .cancelled):
            return [.abandon]
        case (.aReqSent, .status(let status)):
            return [.aRes(status, reason: nil)]
        case (.aReqSent, .erro):
            return [.erro]
        case (.challenging, .status(let status)) where status.isFinal:
            return [.challengeRound, .rReq(status)]
        case (.challenging, .cancelled):
            return [.challengeRound, .rReq(.notAuthenticated)]
        case (.decoupled, .status(let status)) where status.isFinal:
            return [.rReq(status)]
        default:
            return nil
        }
    }

    /// Whether LC-06 takes every event in turn, asked without changing or reporting anything.
    static func accepts(_ state: ThreeDSState, _ events: [ThreeDSEvent]) -> Bool {
        var probe = state
        for event in events {
            guard let transition = try? probe.applying(event) else { return false }
            probe = transition.next
        }
        return true
    }

    private func countThreeDS1(_ steps: [ThreeDS1Step], of flow: PaymentFlow) {
        for step in steps { counters.threeDS1[flow.rawValue][step.rawValue] &+= 1 }
    }

    /// The VERes/ARes wait or the challenge's completion ran out while LC-06 still waited for it.
    func authenticationTimedOut(_ payment: PaymentID, _ timer: ExpiringTimer) {
        guard records[payment.slot].authentication.waitsForTimeout else { return }
        counters.count(expiry: timer)
        // No RReq or PaRes came: the cardholder did not finish (ecommpay 108 when they left the page).
        if timer == .challengeCompletion { records[payment.slot].cause = .challengeExpired }
        stepThreeDS(payment, [.timeout], ending: .timedOut)
    }

    /// Offers LC-06 the events in order, then performs their effects. A timer is armed only if
    /// LC-06 still waits after the last event: a PaRes that came with its VERes passes through
    /// challengeRedirect without waiting there.
    private func stepThreeDS(_ payment: PaymentID, _ events: [ThreeDSEvent], ending: AuthenticationEnding) {
        var effects: [ThreeDSEffect] = []
        let flow = orderFlow(payment)
        let countsV1 = flow.system.threeDSVersion == .v1  // Once per answer, not per event.
        for event in events {
            guard let next = context.step(&records[payment.slot].authentication.threeDS, event, of: .payment(payment),
                                          coverage: &coverage) else { return }
            if countsV1 { countThreeDS1(ThreeDS1Step.steps(of: event), of: flow) }
            effects += next
        }
        let waiting = !records[payment.slot].authentication.threeDS.isTerminal
        for effect in effects {
            switch effect {
            case .sendAReq: sendAuthenticationRequest(payment)
            case .startTimer(let timer): if waiting { armThreeDS(timer, payment) }
            case .reportResult(let status): authenticationEnded(payment, status, ending)
            case .redirectToACS, .verifyPaRes, .sendRRes:
                // The ACS sent the page to the device itself, the PaRes is taken as signed, and the
                // RRes acknowledges nothing the model keeps: none is a message of the world's.
                break
            }
        }
    }

    private func armThreeDS(_ timer: TimerKind, _ payment: PaymentID) {
        let timeouts = context.configuration.timeouts
        switch timer {
        case .aResResponse: startTimer(.authenticationTimedOut, payment, after: timeouts.authentication)
        case .challengeCompletion: startTimer(.challengeTimedOut, payment, after: timeouts.challenge)
        case .decoupledMaxTime:
            // The planted bug: a decoupled authentication waited out for twice the challenge's time.
            startTimer(.challengeTimedOut, payment, after: timeouts.challenge * (context.has(.decoupledWaitDoubled) ? 2 : 1))
        case .firstChallengeRequest:
            break  // The ACS's wait for the first CReq: the 3DS server sees no CReq, only the RReq or its own timer.
        default: preconditionFailure("LC-06 asked the gateway for a \(timer) timer")
        }
    }

    /// LC-06 is done: LC-01 or LC-02 takes its result. C and D never get here (3DS-1).
    private func authenticationEnded(_ payment: PaymentID, _ ended: TransStatus, _ ending: AuthenticationEnding) {
        cancelTimer(payment)
        context.observe(.authenticationEnded(AttemptID(payment, records[payment.slot].attempt), status: ended))
        // The planted bug: an ACS's U sent on as A, a liability shift the ACS never granted.
        let status = ended == .unavailable && context.has(.unavailableTakenAsAttempted) ? .attempted : ended
        records[payment.slot].authentication.status = status
        // Results only: C or D here is a bug 3DS-1 reports, and has no column to count in.
        if status.isFinal { counters.threeDSResults[Int(WireTransStatus.encode(status))] &+= 1 }
        if records[payment.slot].verification != nil { return verificationAuthenticated(payment, status, ending) }
        switch records[payment.slot].flow {
        case .sale:
            switch ending {
            case .answered: applySale(payment, .authResult(status))
            case .timedOut: applySale(payment, .timeout)
            case .cancelled:
                // The customer left the page: LC-01 fails as abandoned, in the system's words for that.
                records[payment.slot].cause = .challengeAbandoned
                applySale(payment, .abandon)
            }
        case .authorization:
            guard ending != .cancelled else {
                records[payment.slot].cause = .challengeAbandoned
                records[payment.slot].authorization = .declined(reason: .authentication(status))
                finish(payment, .failed)
                return
            }
            let passed = status == .authenticated || status == .attempted || status == .informational
                || (status == .unavailable && proceedsOnUnavailable(payment))
                || context.has(.authorizeWithoutAuthentication)
            if passed {
                authorizeOutsideTheTable(payment)
            } else {
                records[payment.slot].authorization = .declined(reason: .authentication(status))
                finish(payment, .authenticationFailed)
            }
        }
    }
}
