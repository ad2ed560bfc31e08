import SimulationKernel

/// The customer with the app and SDK (domain §2.1): starts payments per the workload mix,
/// completes 3-D Secure challenges, and measures each payment from its arrival to its result.
/// It also watches every payment's budget: one still open at its deadline breaks G-7.
public actor DeviceApp: ReportingActor {
    /// What the device knows of one of its lifecycles; what the requests say is in `RequestBodies`.
    struct Lifecycle {
        var generation: UInt32 = 0
        var flow = PaymentFlow.sale
        var started = SimTime.zero
        /// Started after the warm-up: its result counts in the flow's figures.
        var measured = false
        var done = false
        /// The end of its budget (G-7).
        var deadline = SimTime.zero
        /// The customer walked away once already (`behaviour.walkAway`): they do not twice.
        var walkedAway = false
        /// The app's call for the payment's result (E2): whether it handed the payment to the
        /// merchant, whether a call waits for its answer, the serial of its latest call or
        /// re-init timer, and the calls gone unanswered in a row.
        var inCheckout = false
        var calling = false
        var callSerial: UInt32 = 0
        var unanswered: UInt8 = 0
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.device
    let context: PaymentsContext
    @exclusivity(unchecked) var random: SimRandom
    private let arrivals: ArrivalProcess
    private let mixTotal: Double
    /// Each flow's lifecycle budget, by `PaymentFlow.rawValue` (derived from its stage timeouts).
    private let budgets: [SimDuration]
    /// How long after an authorization's "held" notice the customer looks at the order again:
    /// the longest the merchant's captures may take, and a call. Fixed for the run.
    let heldRecheck: SimDuration
    @exclusivity(unchecked) private var generated = 0
    /// The last token sale started, whose token a later one may name instead of its own.
    @exclusivity(unchecked) private var lastTokenSale: LifecycleID?
    @exclusivity(unchecked) private var freeSlots: [UInt32] = []
    /// The deadlines of the lifecycles in flight, and the one timer that watches them: its time
    /// and its serial (a timer with an older serial was replaced by an earlier one).
    @exclusivity(unchecked) private var deadlines = LifecycleDeadlines(flows: PaymentFlow.allCases.count)
    @exclusivity(unchecked) private var deadlineCheck: SimTime?
    @exclusivity(unchecked) private var deadlineCheckSerial: UInt64 = 0
    @exclusivity(unchecked) var lifecycles: [Lifecycle] = []
    @exclusivity(unchecked) var cursors: [StepCursor] = []
    /// By customer, a bit per phone: the phone's wallet holds a pass of the customer's card (LC-11's
    /// "card not already in the wallet"). The app knows its own phones' wallets.
    @exclusivity(unchecked) var passesOnPhones: [UInt8] = []
    /// By customer, the saved card the init lists for their token sales (DeviceApp+SavedTokens).
    @exclusivity(unchecked) var savedCards = CustomerTable<SavedCard?>(empty: nil)
    @exclusivity(unchecked) public private(set) var inFlight = 0
    @exclusivity(unchecked) public private(set) var completed: UInt64 = 0
    @exclusivity(unchecked) public private(set) var shed: UInt64 = 0
    /// When the last arrival was generated (nil while arrivals go on).
    @exclusivity(unchecked) public private(set) var arrivalsEnded: SimTime?
    /// Lifecycles that started after the warm-up and ended before the last arrival.
    @exclusivity(unchecked) public private(set) var completedInWindow: UInt64 = 0
    @exclusivity(unchecked) var counters = PaymentCounters()
    /// The (state, event) pairs of the lifecycles the app steps itself (LC-11).
    @exclusivity(unchecked) var coverage = StateCoverage()
    /// Push provisioning's choices (LC-11), apart from the main stream, so the other flows' draws
    /// stay what they were.
    @exclusivity(unchecked) var provisioningRandom: SimRandom
    /// Which customers cancel a running payment, and when (`behaviour.paymentCancel`): a stream of
    /// its own, so the other draws stay what they were.
    @exclusivity(unchecked) private var cancelRandom: SimRandom
    /// The backoffs of the app's re-inits and the customer's return after an unknown outcome: a
    /// stream of its own, so the other draws stay what they were.
    @exclusivity(unchecked) var recoveryRandom: SimRandom
    /// Per-flow figures: `summary.json`'s `flows` entries.
    @exclusivity(unchecked) private(set) var flows: [FlowMetrics] = PaymentFlow.allCases.map { FlowMetrics(flow: $0) }
    /// Measured lifecycles finished since the last progress report: metrics.csv's rows.
    @exclusivity(unchecked) private var interval = IntervalFigures()
    /// Per customer: lifecycles in flight now, and lifecycles started in the run (contention).
    @exclusivity(unchecked) private var customerInFlight: [UInt16] = []
    @exclusivity(unchecked) private var customerStarted: [UInt32] = []
    /// Lifecycles that started while another of the same customer was in flight.
    @exclusivity(unchecked) private(set) var sharedArrivals: UInt64 = 0

    init(_ context: PaymentsContext) {
        self.context = context
        id = context.addresses[kind]
        lane = context.makeLane()
        random = context.splitRandom()
        provisioningRandom = context.sideRandom(0x4C43_3131)  // "LC11"
        cancelRandom = context.sideRandom(0x4341_4E43_454C)  // "CANCEL"
        recoveryRandom = context.sideRandom(0x5245_494E_4954)  // "REINIT"
        let configuration = context.configuration
        var pipeline = PipelineConfiguration(rate: configuration.rate)
        pipeline.shape = configuration.shape
        arrivals = pipeline.arrivalProcess ?? .poisson(rate: configuration.rate)
        mixTotal = configuration.mix.reduce(0, +)
        budgets = PaymentFlow.allCases.map(configuration.lifecycleBudget(for:))
        heldRecheck = configuration.captureWait + configuration.timeouts.deviceCall
    }

    /// The figures since the last call, and a fresh start for the next interval.
    func takeInterval() -> IntervalFigures {
        defer { interval = IntervalFigures() }
        return interval
    }

    nonisolated func start() {
        if case .closed(let customers, _) = context.configuration.shape {
            // A closed model: every customer pays at once, then again after each think time.
            for _ in 0..<max(1, customers) {
                context.schedule(at: .zero, to: id, DeviceMessage.lifecycleDue(.customer))
            }
            return
        }
        context.schedule(at: .zero, to: id, DeviceMessage.lifecycleDue(.begin))
    }

    func figures() -> ActorFigures { ActorFigures(counters: counters, coverage: coverage) }

    public func handle(_ event: SimulationEvent) {
        guard let message = DeviceMessage(decoding: event) else {
            preconditionFailure("device got unexpected event \(PaymentMessage.name(event.kind))")
        }
        switch message {
        case .lifecycleDue(let arrival): lifecycleDue(arrival)
        case .lifecycleDeadline(let serial): checkDeadlines(serial: serial)
        case .checkoutResponse(let lifecycle, let report): checkoutAnswered(lifecycle, report)
        case .checkoutRestored(_, .secondPayRefused):
            counters.duplicatesDeduped &+= 1  // The refusal of a double tap: the app goes on with the first.
        case .checkoutRestored(let lifecycle, .held): held(lifecycle)
        case .checkoutRestored(let lifecycle, .running(let serial)): restored(lifecycle, serial: serial)
        case .checkoutTimedOut(let lifecycle, let serial): callTimedOut(lifecycle, serial: serial)
        case .appReinitDue(let lifecycle, let serial): reinit(lifecycle, serial: serial)
        case .decoupledStarted(let lifecycle): decoupledStarted(lifecycle)
        case .secondTapDue(let lifecycle):
            guard isCurrent(lifecycle) else { return }
            context.send(from: id, to: context.addresses[.merchant], MerchantMessage.checkout(lifecycle, CheckoutCall(secondPay: true)))
        case .paymentCancelDue(let lifecycle): cancelPayment(lifecycle)
        case .stepAnswer(let lifecycle, let reply): stepAnswered(lifecycle, reply)
        case .stepTimedOut(let lifecycle, let serial): stepTimedOut(lifecycle, serial: serial)
        case .stepRetryDue(let lifecycle, let serial): retryDue(lifecycle, serial: serial)
        case .codeDelivered(let lifecycle, let code): codeDelivered(lifecycle, code: code)
        case .codeTyped(let lifecycle, let code): codeTyped(lifecycle, code: code)
        case .scaReady(let lifecycle, let serial): scaReady(lifecycle, serial: serial)
        case .identityVerificationRequired(let lifecycle, _): identityVerificationRequired(lifecycle)
        case .identityVerified(let lifecycle, let serial): identityVerified(lifecycle, serial: serial)
        case .provisioningTimedOut(let lifecycle, let serial): provisioningTimedOut(lifecycle, serial: serial)
        case .challengeRequest(let lifecycle): challenge(lifecycle)
        case .challengeResponse(let lifecycle, let answer):
            // The cardholder's answer, ready after their think time: it goes to the ACS, unless the
            // payment ended meanwhile (a cancel) and the app closed the page.
            guard isCurrent(lifecycle) else { return }
            context.send(from: id, to: context.addresses[.acs], ACSMessage.challengeResponse(lifecycle, answer))
        case .cascadeConsentRequest(let lifecycle, let payment): askCascadeConsent(lifecycle, payment: payment)
        case .cascadeConsentGiven(let payment, let consented):
            // The customer's answer to a cascade, ready after their think time: it goes to the gateway.
            context.send(from: id, to: context.addresses[.gateway], GatewayMessage.inbound(.cascadeConsentGiven(payment, consented: consented)))
        case .paResPosted(let payment, let answer): forwardPaRes(payment, answer)
        }
    }

    private func lifecycleDue(_ arrival: DeviceMessage.Arrival) {
        switch arrival {
        case .open:
            arrive()
            scheduleNext()
        case .begin: scheduleNext()
        case .customer: customerPays()
        }
    }

    @inline(__always)
    private func checkoutAnswered(_ lifecycle: LifecycleID, _ report: OutcomeReport) {
        if report.foundFinal, isCurrent(lifecycle) { counters.appRecovery.count(.final, of: flow(of: lifecycle).system) }
        checkoutAnswered(lifecycle, outcome: report.outcome, cause: report.cause, tokenRefusal: report.tokenRefusal,
                         declinedBy: report.declinedBy?.responseCode)
    }

    /// The cardholder approves in their banking app; the result comes as the challenge's would,
    /// and if it does not, the app asks once the authentication's time is up.
    private func decoupledStarted(_ lifecycle: LifecycleID) {
        guard isCurrent(lifecycle) else { return }
        pauseCall(lifecycle)
        returnLater(lifecycle, after: context.configuration.timeouts.challenge + context.configuration.timeouts.deviceCall)
    }

    /// The TermUrl page passed the PaRes and its MD into the app, which hands them to the gateway
    /// (Sips cardValidateAuthenticationAndOrder, MPGS PROCESS_ACS_RESULT), unless the payment ended
    /// meanwhile and the app closed the page.
    private func forwardPaRes(_ payment: PaymentID, _ answer: ThreeDSAnswer) {
        guard isCurrent(context.bodies[payment].order) else { return }
        counters.paResForwarded &+= 1
        context.send(from: id, to: context.addresses[.gateway], GatewayMessage.inbound(.paResForwarded(payment, answer)))
    }

    /// Timers of finished lifecycles and of steps already answered: the guards of their handlers,
    /// which stay false once false (generations and serials only move on).
    public func wouldIgnore(_ event: SimulationEvent) -> Bool {
        let lifecycle = LifecycleID(rawValue: event.subject)
        switch PaymentMessage(rawValue: event.kind) {
        case .lifecycleDeadline:
            return event.argument != deadlineCheckSerial
        case .paymentCancelDue, .secondTapDue:
            return !isCurrent(lifecycle)
        case .checkoutTimedOut, .appReinitDue:
            return !isCurrent(lifecycle) || lifecycles[lifecycle.slot].callSerial != UInt32(truncatingIfNeeded: event.argument)
        case .stepTimedOut, .stepRetryDue, .scaReady, .identityVerified:
            return !timerIsLive(lifecycle, serial: event.argument)
        case .provisioningTimedOut:
            return !isCurrent(lifecycle) || cursors[lifecycle.slot].provisioningSerial != event.argument
        default:
            return false
        }
    }

    /// A closed-model customer starts a payment, if the run still wants one.
    private func customerPays() {
        let end = context.configuration.duration.map { SimTime(nanoseconds: $0.nanoseconds) } ?? SimTime(nanoseconds: .max)
        guard generated < context.configuration.lifecycles, context.now < end else {
            if arrivalsEnded == nil { endArrivals() }
            return
        }
        arrive()
    }

    /// The load is over: the measurement window closes here, and the rest is the drain.
    private func endArrivals() {
        arrivalsEnded = context.now
        context.window.close(at: context.now)
    }

    private func scheduleNext() {
        let end = context.configuration.duration.map { SimTime(nanoseconds: $0.nanoseconds) } ?? SimTime(nanoseconds: .max)
        guard generated < context.configuration.lifecycles,
              let next = arrivals.nextArrival(after: context.now, random: &random), next < end else {
            endArrivals()
            return
        }
        context.schedule(at: next, to: id, DeviceMessage.lifecycleDue(.open))
    }

    private func arrive() {
        generated += 1
        guard inFlight < context.configuration.maxInFlight else {
            shed &+= 1
            return
        }
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = Int(reused)
        } else {
            slot = lifecycles.count
            lifecycles.append(Lifecycle())
            cursors.append(StepCursor())
        }
        let configuration = context.configuration
        let now = context.now
        let flow = pickFlow()
        var order = RequestBodies.Order(flow: flow)
        let population = context.population
        order.customer = population.pickCustomer(&random)
        order.device = Int(random.int(in: 0...UInt64(population.devices(of: order.customer) - 1)))
        order.card = population.card(of: order.customer)
        order.merchant = MerchantID(UInt32(random.int(in: 0...UInt64(configuration.merchants - 1))))
        order.amount = Int64(random.int(in: UInt64(configuration.amounts.lowerBound)...UInt64(configuration.amounts.upperBound)))
        if flow.traits.contains(.chargesCommission) {
            // P4 money: the card pays the bill plus Portmone's commission.
            order.commission = order.amount * Int64(configuration.seed.commission.numerator)
                / Int64(configuration.seed.commission.denominator)
            order.amount += order.commission
        }
        if flow.traits.contains(.paysWithSavedToken) && flow.system.appNamesTokens {
            // A share of token sales pay with a token that cannot pay for them: deleted by the
            // customer first, or the previous token sale's, most often another customer's.
            order.deletesToken = random.chance(configuration.seed.tokenSaleDeletedToken)
            if random.chance(configuration.seed.tokenSaleForeignToken) { order.namedToken = lastTokenSale }
        }
        let generation = lifecycles[slot].generation &+ 1
        let deadline = now + budgets[flow.rawValue]
        lifecycles[slot] = Lifecycle(generation: generation, flow: flow, started: now,
                                     measured: now.nanoseconds >= configuration.warmup.nanoseconds, deadline: deadline)
        let lifecycle = LifecycleID(slot: slot, generation: generation)
        if flow.traits.contains(.paysWithSavedToken) && flow.system.appNamesTokens { lastTokenSale = lifecycle }
        order.placedAt = now
        context.bodies.publish(order, for: lifecycle)
        noteArrival(of: order.customer)
        inFlight += 1
        flows[flow.rawValue].started &+= 1
        // No deadline on a network no duration bounds, nor one past the clock's limit.
        if budgets[flow.rawValue] < .budgetClamp && deadline.nanoseconds > now.nanoseconds
            && deadline < Simulation.horizon {
            deadlines.link(slot, flow: flow.rawValue, deadline: deadline)
            if deadlineCheck.map({ deadline < $0 }) ?? true { armDeadlineCheck(at: deadline) }
        }
        if flow.steps.isEmpty {
            checkout(lifecycle)
        } else {
            startSteps(lifecycle)
        }
    }

    /// Hands the payment to the merchant for the card core, and waits for its result.
    func checkout(_ lifecycle: LifecycleID) {
        lifecycles[lifecycle.slot].inCheckout = true
        call(lifecycle, reinit: false)
        let behaviour = context.configuration.behaviour
        if behaviour.doubleTap.numerator > 0, recoveryRandom.chance(behaviour.doubleTap) {
            // The second tap comes before the first's answer could: one pay, refused as a duplicate.
            context.schedule(after: .milliseconds(100), to: id, DeviceMessage.secondTapDue(lifecycle))
        }
        if behaviour.paymentCancel.numerator > 0, cancelRandom.chance(behaviour.paymentCancel) {
            context.schedule(after: behaviour.cancelTime.sample(&cancelRandom), to: id,
                             DeviceMessage.paymentCancelDue(lifecycle))
        }
    }

    /// The customer taps cancel while the payment runs: the merchant passes it to the gateway,
    /// whose answer (failed, or whatever the payment had come to) ends the lifecycle as usual.
    private func cancelPayment(_ lifecycle: LifecycleID) {
        guard isCurrent(lifecycle) else { return }
        counters.paymentCancels &+= 1
        context.send(from: id, to: context.addresses[.merchant], MerchantMessage.paymentCancel(lifecycle))
    }

    private func pickFlow() -> PaymentFlow {
        var point = random.unitInterval() * mixTotal
        for flow in PaymentFlow.allCases {
            point -= context.configuration.mix[flow.rawValue]
            if point < 0 { return flow }
        }
        return .sale
    }

    /// The flow a lifecycle runs.
    func flow(of lifecycle: LifecycleID) -> PaymentFlow { lifecycles[lifecycle.slot].flow }

    /// Whether a step timer (timeout, retry, SCA think time) is the one its lifecycle waits on.
    func timerIsLive(_ lifecycle: LifecycleID, serial: UInt64) -> Bool {
        isCurrent(lifecycle) && cursors[lifecycle.slot].serial == serial
    }

    func isCurrent(_ lifecycle: LifecycleID) -> Bool {
        lifecycle.slot < lifecycles.count && lifecycles[lifecycle.slot].generation == lifecycle.generation
            && !lifecycles[lifecycle.slot].done
    }

    private func checkoutAnswered(_ lifecycle: LifecycleID, outcome: PaymentOutcome, cause: FailureCause,
                                  tokenRefusal: TokenLookupWire.Result?, declinedBy: ResponseCode?) {
        guard isCurrent(lifecycle) else {
            counters.duplicatesDeduped &+= 1  // A duplicate or late answer for a finished payment.
            return
        }
        forgetSavedCard(lifecycle, tokenRefusal)
        let system = flow(of: lifecycle).system
        let code = if let tokenRefusal, !cursors[lifecycle.slot].paysBySavedAccount {
            system.code(for: outcome, tokenRefusal: tokenRefusal)
        } else {
            // A saved account the platform no longer has: ecommpay's seed gives no code of its own
            // (PAYMENT_TOKEN_NOT_EXIST is a token request without a token), so it is the "fail" status.
            system.code(for: outcome, cause: cause, declinedBy: declinedBy)
        }
        finish(lifecycle, outcome: outcome, code: code,
               detail: tokenRefusal == nil ? system.detailCode(for: outcome, declinedBy: declinedBy) : nil)
    }

    private func noteArrival(of customer: CustomerID) {
        let index = Int(customer.rawValue)
        while customerStarted.count <= index {
            customerStarted.append(0)
            customerInFlight.append(0)
        }
        if customerInFlight[index] > 0 { sharedArrivals &+= 1 }
        customerInFlight[index] &+= 1
        customerStarted[index] &+= 1
    }

    /// The customers with the most lifecycles, most first (ties by number), with their counts.
    func hottestCustomers(_ count: Int) -> [(customer: CustomerID, lifecycles: UInt64)] {
        var top: [(customer: CustomerID, lifecycles: UInt64)] = []
        for index in customerStarted.indices {
            let started = customerStarted[index]
            if started == 0 { continue }
            if top.count == count, let last = top.last, UInt64(started) <= last.lifecycles { continue }
            let entry = (customer: CustomerID(UInt32(index)), lifecycles: UInt64(started))
            let position = top.firstIndex { $0.lifecycles < entry.lifecycles } ?? top.count
            top.insert(entry, at: position)
            if top.count > count { top.removeLast() }
        }
        return top
    }

    /// Ends a lifecycle with its system's code, and the detail code some systems add to it (Sips's
    /// acquirerResponseCode, Stripe's decline_code).
    func finish(_ lifecycle: LifecycleID, outcome: PaymentOutcome, code: String, detail: String? = nil) {
        let record = lifecycles[lifecycle.slot]
        customerInFlight[Int(context.bodies[lifecycle].customer.rawValue)] &-= 1
        lifecycles[lifecycle.slot].done = true
        deadlines.unlink(lifecycle.slot)
        if deadlines.count == 0, deadlineCheck != nil {
            // Nothing left to watch: the pending check goes stale, so a drained run ends at its last
            // event, not at a check with nothing to find.
            deadlineCheck = nil
            deadlineCheckSerial &+= 1
        }
        inFlight -= 1
        completed &+= 1
        context.observe(.lifecycleEnded(lifecycle, deadline: record.deadline, told: outcome))
        let latency = (context.now - record.started).nanoseconds
        let flow = record.flow.rawValue
        flows[flow].completed &+= 1
        // Throughput of the window: every lifecycle that arrived in it, counted when it ends, drain
        // included. Counting only those that also ended before the last arrival read long flows
        // (a capture a minute later, an SMS code) as loss, by a share that grew as windows shrank.
        if record.measured { completedInWindow &+= 1 }
        if record.measured {
            flows[flow].outcomes[Int(outcome.rawValue)] &+= 1
            flows[flow].codes[code, default: 0] &+= 1
            if let detail { flows[flow].details[detail, default: 0] &+= 1 }
            flows[flow].latency.record(latency)
            let people = min(max(0, context.bodies.peopleTime(of: lifecycle)), latency)
            flows[flow].systemLatency.record(latency - people)
            flows[flow].peopleLatency.record(people)
            interval.completed &+= 1
            if outcome.isSuccess { interval.succeeded &+= 1 }
            interval.latency.record(latency)
        }
        freeSlots.append(UInt32(lifecycle.slot))
        if case .closed(_, let thinkTime) = context.configuration.shape {
            // The customer thinks, then pays again.
            context.schedule(after: thinkTime.sample(&random), to: id, DeviceMessage.lifecycleDue(.customer))
        }
    }

    /// Whether the customer walks away at this wait (`behaviour.walkAway`, at most once per
    /// lifecycle). No draw when the share is 0, so such scenarios keep their random streams.
    func walksAway(_ lifecycle: LifecycleID) -> Bool {
        let share = context.configuration.behaviour.walkAway
        guard share.numerator > 0, !lifecycles[lifecycle.slot].walkedAway, random.chance(share) else { return false }
        lifecycles[lifecycle.slot].walkedAway = true
        counters.walkAways &+= 1
        return true
    }

    /// How long a customer who walked away stays away; it is people's time, not the system's.
    func timeAway(_ lifecycle: LifecycleID) -> SimDuration {
        let away = context.configuration.behaviour.walkAwayTime.sample(&random)
        context.bodies.addPeopleTime(away, to: lifecycle)
        return away
    }

    /// The cardholder works through the ACS's challenge, then answers or cancels it; one who walks
    /// away from the ACS page never comes back, and the challenge's timer ends the payment (ecommpay 108).
    private func challenge(_ lifecycle: LifecycleID) {
        guard isCurrent(lifecycle) else { return }
        // The app shows the ACS page: no call of its own waits meanwhile.
        pauseCall(lifecycle)
        if walksAway(lifecycle) {
            // Gone until the challenge's timer ends the payment: that wait is the customer's, not the
            // system's. Back after it, the customer opens the app, which asks for the result.
            let away = context.configuration.timeouts.challenge
            context.bodies.addPeopleTime(away, to: lifecycle)
            returnLater(lifecycle, after: away + context.configuration.timeouts.deviceCall)
            return
        }
        let behaviour = context.configuration.behaviour
        // No draw when the share is 0, so such scenarios keep their random streams.
        let cancels = behaviour.challengeAbandon.numerator > 0 && random.chance(behaviour.challengeAbandon)
        let answer: ChallengeAnswer = cancels ? .cancelled
            : random.chance(behaviour.challengeSuccess) ? .passed : .failed
        let think = behaviour.challengeTime.sample(&random)
        context.bodies.addPeopleTime(think, to: lifecycle)
        // The answer leaves after the cardholder's time; the network adds the hop on top.
        context.schedule(after: think, to: id, DeviceMessage.challengeResponse(lifecycle, answer))
        // Then the app waits for the payment's result again.
        awaitResult(lifecycle, after: think)
    }

    /// ecommpay's `onThreeDSecure(isCascading: true)`: the app shows the error and asks whether to try the
    /// next provider, which needs 3-D Secure. The customer agrees, refuses, or never answers (the
    /// gateway's consent timer then refuses for them), by the scenario's shares.
    private func askCascadeConsent(_ lifecycle: LifecycleID, payment: UInt64) {
        guard isCurrent(lifecycle) else { return }
        pauseCall(lifecycle)  // The app shows the question: no call of its own waits meanwhile.
        let behaviour = context.configuration.behaviour
        guard let consents = random.pick([(true, behaviour.cascadeConsent), (false, behaviour.cascadeRefusal)]) else {
            let away = context.configuration.timeouts.cascadeConsent
            context.bodies.addPeopleTime(away, to: lifecycle)
            returnLater(lifecycle, after: away + context.configuration.timeouts.deviceCall)
            return
        }
        let think = behaviour.cascadeConsentTime.sample(&random)
        context.bodies.addPeopleTime(think, to: lifecycle)
        context.schedule(after: think, to: id, DeviceMessage.cascadeConsentGiven(PaymentID(rawValue: payment), consented: consents))
        awaitResult(lifecycle, after: think)
    }

    /// One timer for every lifecycle's deadline: replacing it makes the old one stale. A check
    /// finds nothing due when the lifecycle it was set for ended first (most do, in seconds); it
    /// then sets the next, so the timer fires about once a budget, not once a lifecycle.
    private func armDeadlineCheck(at time: SimTime) {
        deadlineCheckSerial &+= 1
        deadlineCheck = time
        context.schedule(at: time, to: id, DeviceMessage.lifecycleDeadline(serial: deadlineCheckSerial))
    }

    private func checkDeadlines(serial: UInt64) {
        guard serial == deadlineCheckSerial else { return }
        deadlineCheck = nil
        for slot in deadlines.takeDue(at: context.now) {
            let record = lifecycles[slot]
            let lifecycle = LifecycleID(slot: slot, generation: record.generation)
            let detail = context.observer.note("\(record.flow) started at \(record.started) still open after its budget "
                                               + "\(budgets[record.flow.rawValue])")
            context.observe(.lifecycleDeadlineReached(lifecycle, detail: detail))
        }
        if let next = deadlines.earliest { armDeadlineCheck(at: next) }
    }
}
