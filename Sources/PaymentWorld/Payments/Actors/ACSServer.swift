import SimulationKernel

/// The issuer's 3-D Secure access control server (domain §2.1, LC-06): answers an AReq
/// frictionless (Y, or by the scenario's shares A, N, U, R or I; N for a card it refuses), with
/// a challenge (C) it runs with the cardholder's device, or decoupled (D), reaching the cardholder
/// in their banking app itself; after C or D it sends the final result (RReq). AReqs come, and
/// ARes and RReq go, through the scheme's directory server.
///
/// For a 3-D Secure 1.0 payment the same messages carry the v1 answers: VERes U for an undetermined
/// card, VERes N with an attempt credited (A), or VERes Y, after which every other enrolled
/// cardholder meets the ACS page: v1 has no frictionless Y or N, and no R, I or decoupled answer.
/// The page's PaRes does not go back through the directory server: it is POSTed with its MD to the
/// merchant's TermUrl, and the app hands it to the gateway, which applies it to the payment the MD
/// names (domain §3.1 "3-D Secure 1.0.2", the Sips W2 flow).
public actor ACSServer: ReportingActor {
    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.acs
    private let context: PaymentsContext
    @exclusivity(unchecked) private var intake: Intake
    /// Each order's open challenge, by the order's slot: the order itself (its generation tells a
    /// reused slot) and the payment it is for; nil when none is open.
    private struct Challenge {
        let order: LifecycleID
        let payment: PaymentID
    }
    @exclusivity(unchecked) private var challenges: [Challenge?] = []
    @exclusivity(unchecked) private var random: SimRandom
    @exclusivity(unchecked) private(set) var counters = PaymentCounters()

    init(_ context: PaymentsContext) {
        self.context = context
        id = context.addresses[kind]
        lane = context.makeLane()
        intake = Intake(context, kind: kind, station: context.configuration.stations.acs,
                        operations: context.configuration.stations.operations)
        random = context.splitRandom()
    }

    func figures() -> ActorFigures { ActorFigures(counters: counters, station: intake.station) }

    public func handle(_ event: SimulationEvent) {
        guard intake.take(event, to: id, counters: &counters) else { return }
        guard let message = ACSMessage(decoding: event.unserved) else {
            preconditionFailure("acs got unexpected \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .authenticationRequest(let payment): authenticate(payment)
        case .challengeResponse(let order, let answer), .decoupledAnswered(let order, let answer):
            challengeAnswered(order: order, answer)
        }
    }

    private func authenticate(_ payment: PaymentID) {
        let facts = context.bodies[payment]
        guard context.cards[facts.card].usable else {
            result(payment, .notAuthenticated)  // The ACS refuses a card its issuer would not use.
            return
        }
        let behaviour = context.configuration.behaviour
        let version = context.bodies[facts.order].flow.system.threeDSVersion
        if version == .v1 {
            // 3-D Secure 1.0 has no frictionless path: the VERes is U, or an attempt credited (A),
            // by their shares; every other enrolled card's cardholder meets the ACS page.
            if let status = random.pick(behaviour.frictionless.threeDS1VEResShares) {
                counters.frictionless &+= 1
                result(payment, status)
                return
            }
        } else if !random.chance(behaviour.challengeRatio) {
            counters.frictionless &+= 1
            result(payment, random.pick(behaviour.frictionless.shares) ?? .authenticated)
            return
        }
        let order = facts.order
        while challenges.count <= order.slot { challenges.append(nil) }
        challenges[order.slot] = Challenge(order: order, payment: payment)
        // Decoupled authentication came with EMV 3DS 2.2: a 3DS 1.0 challenge is always the ACS page.
        if version == .v2, random.chance(behaviour.decoupledRatio) {
            // ARes(D): the gateway keeps waiting; the issuer asks the cardholder in their banking app.
            result(payment, .decoupled)
            let passed = random.chance(behaviour.challengeSuccess)
            let think = behaviour.decoupledTime.sample(&random)
            context.bodies.addPeopleTime(think, to: order)
            context.schedule(after: think, to: id, ACSMessage.decoupledAnswered(order, passed ? .passed : .failed))
            return
        }
        // ARes(C): the gateway keeps waiting; the cardholder gets the challenge on their device.
        result(payment, .challengeRequired)
        context.send(from: id, to: context.addresses[.device], DeviceMessage.challengeRequest(order))
    }

    private func challengeAnswered(order: LifecycleID, _ answer: ChallengeAnswer) {
        // The order's own challenge: an answer from a lifecycle whose slot has since been reused (a
        // payment cancelled on the ACS page) is not the new lifecycle's (smallWorld seed 5: an old
        // CRes answered a new payment's challenge, whose own answer then found none).
        guard order.slot < challenges.count, let challenge = challenges[order.slot], challenge.order == order else {
            counters.duplicatesDeduped &+= 1
            return
        }
        challenges[order.slot] = nil
        let payment = challenge.payment
        if context.bodies[order].flow.system.threeDSVersion == .v1 {
            // 3-D Secure 1.0: the page POSTs the PaRes and the MD it was opened with (the payment)
            // to the merchant's TermUrl, which passes them into the app; the app hands them on.
            let paRes: ThreeDSAnswer = answer == .cancelled ? .cancelled : .status(answer == .passed ? .authenticated : .notAuthenticated)
            context.send(from: id, to: context.addresses[.device], DeviceMessage.paResPosted(payment, paRes))
            return
        }
        switch answer {
        // RReq with the final transStatus (3DS-2).
        case .passed, .failed:
            let status: TransStatus = answer == .passed ? .authenticated : .notAuthenticated
            // EMV 3DS: the final CRes closes the SDK's challenge screen with the same transStatus.
            // The planted bug: a CRes composed from the challenge's completion, not its verdict.
            let shown: TransStatus = context.has(.cresShowsCompletion) ? .authenticated : status
            context.observe(.challengeCompleted(payment, rReq: status, cRes: shown))
            result(payment, status)
        case .cancelled:
            context.send(from: id, to: context.addresses[.directoryServer],
                         DirectoryServerMessage.authenticationResult(payment, status: WireTransStatus.cancelled))
        }
    }

    private func result(_ payment: PaymentID, _ status: TransStatus) {
        context.send(from: id, to: context.addresses[.directoryServer],
                     DirectoryServerMessage.authenticationResult(payment, status: WireTransStatus.encode(status)))
    }
}
