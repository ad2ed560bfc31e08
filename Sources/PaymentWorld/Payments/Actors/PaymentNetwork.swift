import SimulationKernel

/// The card network (domain §2.1): routes by BIN to the issuer and back to the acquirer that
/// asked, and stands in for an issuer that does not answer in time (STIP): it approves up to
/// its limit on the issuer's behalf and advises the issuer, which books the stand-in once.
public actor PaymentNetwork: ReportingActor {
    /// One authorization attempt in transit through the network.
    struct Transit {
        var payment = PaymentID(rawValue: 0)
        var attempt = -1
        var answered = false
        /// The gateway asked about it or reversed it: too late to stand in.
        var settling = false
        /// The network approved this attempt itself (STIP): it answers inquiries about it.
        var stoodIn = false
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.network
    private let context: PaymentsContext
    @exclusivity(unchecked) private var intake: Intake
    @exclusivity(unchecked) private var transits: [Transit] = []
    @exclusivity(unchecked) private(set) var counters = PaymentCounters()
    /// Places in `transits` per payment: one per provider a cascade may try (at least the primary
    /// and a backup, which a planted defect's extra attempt uses).
    private let attemptsPerPayment: Int

    init(_ context: PaymentsContext) {
        self.context = context
        attemptsPerPayment = max(2, context.configuration.policies.cascadeProviders)
        id = context.addresses[kind]
        lane = context.makeLane()
        intake = Intake(context, kind: kind, station: context.configuration.stations.network)
    }

    func figures() -> ActorFigures { ActorFigures(counters: counters, station: intake.station) }

    public func handle(_ event: SimulationEvent) {
        guard let message = NetworkMessage(decoding: event.unserved) else {
            preconditionFailure("network got unexpected \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .standInDue(let request):
            standIn(request.payment, attempt: request.attempt.index)
        case .prepaidAuthorizationRequest, .prepaidAuthorizationResponse:
            // A prepaid purchase's authorization or its answer (by lifecycle, not by gateway payment): the
            // card platform is both the purchase's API face and its cards' issuer-processor, so the network
            // takes the request through its intake and routes it by the card's BIN to the platform, and
            // the answer back. No stand-in: the API face asks again when the app repeats its call.
            guard intake.take(event, to: id, counters: &counters) else { return }
            context.send(from: id, to: context.addresses[.cardPlatform], message.wire)
        case .request(let exchange, let request):
            guard admits(event, request) else { return }
            route(exchange, request)
        case .response(let exchange, let response):
            guard admits(event, response) else { return }
            if exchange == .authorization {
                guard let transit = transit(response.payment, attempt: response.attempt.index), !transit.answered else {
                    counters.duplicatesDeduped &+= 1  // Already answered, by the issuer or by stand-in.
                    return
                }
                transits[index(response.payment, response.attempt.index)].answered = true
            }
            context.send(from: id, to: context.addresses.acquirer(attempt: response.attempt.index),
                         AcquirerMessage.response(exchange, response))
        }
    }

    /// Takes an attempt's message through the intake, unless it is about a payment long retired.
    private func admits(_ event: SimulationEvent, _ message: AttemptMessage) -> Bool {
        if isPast(message.payment, attempt: message.attempt.index) {
            // The attempt's slot already carries a later payment: this one retired long ago and the
            // hop held it back. Tracked again, a late request took the later payment's place and
            // was stood in for, holding money for a payment nobody settles (AUTH-4, card-payments.json
            // with lognormal sigma 3, seed 2). Nobody waits for it any more.
            counters.staleMessages &+= 1
            return false
        }
        return intake.take(event, to: id, counters: &counters)
    }

    /// An acquirer's request, on its way to the issuer.
    private func route(_ exchange: AttemptExchange, _ request: AttemptMessage) {
        let payment = request.payment, attempt = request.attempt.index
        switch exchange {
        case .authorization:
            track(payment, attempt: attempt)
            context.send(from: id, to: context.addresses[.issuer], IssuerMessage.request(exchange, request))
            if context.configuration.policies.standIn {
                context.schedule(after: context.configuration.timeouts.issuerStandIn, to: id, NetworkMessage.standInDue(request))
            }
        case .inquiry, .reversal:
            // The gateway is settling this attempt: a stand-in now would approve an attempt it may
            // already count as failed and have cascaded past (a double approval: swarm seed 280). The
            // original may still be on its way (a heavy-tailed hop), so the attempt is remembered as
            // settling even before it arrives: its late arrival must not start a stand-in either.
            if transit(payment, attempt: attempt) == nil { track(payment, attempt: attempt) }
            if transit(payment, attempt: attempt) != nil { transits[index(payment, attempt)].settling = true }
            if exchange == .inquiry, transit(payment, attempt: attempt)?.stoodIn == true {
                // The network approved it: it answers for the issuer, whose advice may still be on its way.
                context.send(from: id, to: context.addresses.acquirer(attempt: attempt),
                             AcquirerMessage.response(.inquiry, AttemptMessage(request.attempt, code: 1)))
                return
            }
            context.send(from: id, to: context.addresses[.issuer], IssuerMessage.request(exchange, request))
        }
    }

    /// A stand-in timer for an attempt already answered, being settled, or forgotten.
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        event.kind == PaymentMessage.standInDue.rawValue
            && !standInIsLive(PaymentID(rawValue: event.subject), attempt: AttemptWire.attempt(of: event.argument))
    }

    /// The attempt is still in transit, unanswered and not being settled: a stand-in may still help.
    private func standInIsLive(_ payment: PaymentID, attempt: Int) -> Bool {
        transit(payment, attempt: attempt).map { !$0.answered && !$0.settling } ?? false
    }

    /// Whether the attempt's place in `transits` already belongs to a later payment.
    private func isPast(_ payment: PaymentID, attempt: Int) -> Bool {
        attempt < attemptsPerPayment && index(payment, attempt) < transits.count
            && transits[index(payment, attempt)].payment.generation > payment.generation
    }

    /// Where an attempt's transit sits in `transits`.
    private func index(_ payment: PaymentID, _ attempt: Int) -> Int { payment.slot * attemptsPerPayment + attempt }

    private func track(_ payment: PaymentID, attempt: Int) {
        while transits.count <= index(payment, attemptsPerPayment - 1) { transits.append(Transit()) }
        guard attempt < attemptsPerPayment, transits[index(payment, attempt)].payment != payment else { return }  // A duplicate request.
        transits[index(payment, attempt)] = Transit(payment: payment, attempt: attempt)
    }

    private func transit(_ payment: PaymentID, attempt: Int) -> Transit? {
        guard attempt < attemptsPerPayment, index(payment, attempt) < transits.count,
              transits[index(payment, attempt)].payment == payment else { return nil }
        return transits[index(payment, attempt)]
    }

    /// The issuer did not answer in time: approve within the limit on its behalf (STIP).
    private func standIn(_ payment: PaymentID, attempt: Int) {
        guard standInIsLive(payment, attempt: attempt) else { return }
        let amount = context.bodies[payment].amount
        guard amount <= context.configuration.policies.standInLimit else { return }  // Above the limit: let the gateway time out.
        // A zero-amount verification is not stood in for: it asks whether the issuer knows the card.
        guard amount > 0 else { return }
        transits[index(payment, attempt)].answered = true
        transits[index(payment, attempt)].stoodIn = true
        // The network books its stand-in's hold before the approval leaves (STIP, flagged, allowed below
        // zero): a capture can follow the approval at once, whatever the hops take. The issuer learns
        // of it by advice, store-and-forward so never lost, and reconciles its own book.
        let card = context.bodies[payment].card
        let transfers = Ledger.authorize(card: context.ledger.accounts(of: card), amount: MinorUnits(amount),
                                         lifecycle: payment.rawValue).allowingOverdraft()
        guard context.post(transfers, for: .payment(payment)) else { return }
        counters.standInHolds &+= 1
        context.observe(.holdPlaced(payment, card: card, amount: amount, attempt: attempt, standIn: true,
                                    usableCard: context.cards[card].usable))
        let attemptID = AttemptID(payment, attempt)
        context.schedule(after: .milliseconds(1), to: context.addresses[.issuer], IssuerMessage.standInAdvice(AttemptMessage(attemptID)))
        context.send(from: id, to: context.addresses.acquirer(attempt: attempt),
                     AcquirerMessage.response(.authorization, AttemptMessage(attemptID, code: IssuerAnswer.standInApproved.rawValue)))
    }
}
