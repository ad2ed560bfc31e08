import SimulationKernel

/// The card issuer (domain §2.1): decides authorizations against the card's status and
/// balance, places and releases holds, answers inquiries, applies reversals and books the
/// network's stand-in approvals, each exactly once per authorization id (G-4, RES-3).
public actor Issuer: ReportingActor {
    /// What the issuer did with one authorization id (payment, attempt).
    enum Decision: Equatable {
        case none
        case approved(held: Int64)
        case declined(IssuerAnswer)
        /// Reversed or asked about before it arrived: a later arrival is refused (RES-3).
        case closed
        /// Captured: the money left the hold, so a late reversal has nothing to release.
        case captured
    }

    /// One payment's decisions, one per attempt (provider in routing order): the first two in fields,
    /// so a new payment in a slot allocates nothing unless its cascade reaches a third provider.
    struct Book {
        var payment = PaymentID(rawValue: 0)
        var primary = Decision.none
        var backup = Decision.none
        /// Attempts 3 and on (a cascade past the first backup).
        var later: [Decision] = []

        subscript(attempt: Int) -> Decision {
            get {
                switch attempt {
                case 0: primary
                case 1: backup
                default: attempt - 2 < later.count ? later[attempt - 2] : .none
                }
            }
            set {
                switch attempt {
                case 0: primary = newValue
                case 1: backup = newValue
                default:
                    while later.count <= attempt - 2 { later.append(.none) }
                    later[attempt - 2] = newValue
                }
            }
        }
    }

    nonisolated public let lane: SimulationLane
    nonisolated public let id: ReceiverID
    nonisolated let kind = PaymentActorKind.issuer
    private let context: PaymentsContext
    @exclusivity(unchecked) private var intake: Intake
    @exclusivity(unchecked) private var random: SimRandom
    @exclusivity(unchecked) private var book: [Book] = []
    /// What each card spent and how often it was approved, for the daily and velocity limits.
    @exclusivity(unchecked) private var usage: [CardUsage]
    @exclusivity(unchecked) private(set) var counters = PaymentCounters()
    /// Approvals (holds placed, stand-ins included) per BIN range, for summary.json.
    @exclusivity(unchecked) private(set) var approvalsByBIN: [UInt64]

    init(_ context: PaymentsContext) {
        self.context = context
        id = context.addresses[kind]
        lane = context.makeLane()
        intake = Intake(context, kind: kind, station: context.configuration.stations.issuer,
                        operations: context.configuration.stations.operations)
        random = context.splitRandom()
        approvalsByBIN = [UInt64](repeating: 0, count: context.configuration.cards.bins.count)
        usage = [CardUsage](repeating: CardUsage(), count: context.configuration.cards.count)
        incomeRates = Self.incomeRates(context.configuration) { context.customerPopularity }
    }

    /// Each card's income per virtual second, in minor units (`CardPopulation.income`); empty
    /// without income.
    private let incomeRates: [Double]

    /// What each card's customers are expected to spend per second, times `income`: the run's rate,
    /// the share of flows that spend on a card, the mean amount, and the card's share of the
    /// customers' Zipf popularity (customer c holds card c mod cards).
    static func incomeRates(_ configuration: PaymentsConfiguration, popularity: () -> [Double]) -> [Double] {
        let cards = configuration.cards
        let total = configuration.mix.reduce(0, +)
        guard cards.income > 0, total > 0, configuration.customers > 0 else { return [] }
        let spending = zip(PaymentFlow.allCases, configuration.mix).filter { $0.0.core != nil }.reduce(0) { $0 + $1.1 }
        let meanAmount = Double(configuration.amounts.lowerBound + configuration.amounts.upperBound) / 2
        let perSecond = cards.income * configuration.rate * spending / total * meanAmount
        var rates = [Double](repeating: 0, count: cards.count)
        let popularity = popularity()
        for customer in popularity.indices { rates[customer % cards.count] += popularity[customer] * perSecond }
        for card in rates.indices where cards.isShortOfFunds(card) { rates[card] *= CardPopulation.shortIncome }
        return rates
    }

    /// Credits the card the income it earned since its last credit, and says whether it now covers
    /// `amount`. Income is credited only when an authorization needs it: the balance that check
    /// sees is the one continuous income would give, without a transfer on every authorization.
    private func earnsEnough(_ card: CardID, for amount: Int64) -> Bool {
        let index = Int(card.rawValue)
        guard index < incomeRates.count else { return false }
        let now = context.now.nanoseconds
        let earned = incomeRates[index] * Double(now - usage[index].incomeSince) / 1e9 + usage[index].incomeCarry
        usage[index].incomeSince = now
        let whole = earned.rounded(.down)
        usage[index].incomeCarry = earned - whole
        if whole >= 1 {
            let credit = Int64(min(whole, 1e15))
            if context.post(Ledger.prepaidLoad(card: context.ledger.accounts(of: card), amount: MinorUnits(credit), lifecycle: 0),
                            for: .world) {
                counters.incomeCredits &+= 1
                counters.incomeCredited &+= UInt64(credit)
            }
        }
        return context.ledger.available(card) >= amount
    }

    /// A card's spending in the current virtual day and approvals in the current virtual hour.
    struct CardUsage {
        var day: Int64 = -1
        var spent: Int64 = 0
        var hour: Int64 = -1
        var approvals = 0
        /// When the card was last credited its income, and the fraction of a minor unit carried over.
        var incomeSince: Int64 = 0
        var incomeCarry = 0.0
    }

    func figures() -> ActorFigures { ActorFigures(counters: counters, station: intake.station) }

    public func handle(_ event: SimulationEvent) {
        guard let message = IssuerMessage(decoding: event.unserved) else {
            preconditionFailure("issuer got unexpected \(PaymentMessage.name(event.kind))")
        }
        if isPast(PaymentID(rawValue: event.subject)) {
            // About a payment older than its slot's tenant here: it retired long ago, and the network
            // held this back. A request decided now would hold money for a payment nobody settles any
            // more (AUTH-4, card-payments.json with lognormal sigma 3, seed 3), and an advice would
            // write over the newer payment's book. Refused or dropped; the sender stopped waiting.
            counters.staleMessages &+= 1
            if case .request(.authorization, let request) = message { answer(request.attempt, .doNotHonor) }
            return
        }
        switch message {
        case .standInAdvice(let advice):
            standInAdvised(advice.attempt)
        case .captureAdvice(let advice):
            if case .approved = decision(advice.attempt) { record(advice.attempt, .captured) }
        case .holdBooked(let booked):
            placeHold(booked.attempt, amount: context.bodies[booked.payment].amount, standIn: false, checked: true)
            answer(booked.attempt, .approved)
        case .request(let exchange, let request):
            guard intake.take(event, to: id, counters: &counters) else { return }
            switch exchange {
            case .authorization: authorize(request.attempt)
            case .inquiry: inquire(request.attempt)
            case .reversal: reverse(request.attempt)
            }
        }
    }

    /// Whether the book's slot already belongs to a later payment of the gateway's.
    private func isPast(_ payment: PaymentID) -> Bool {
        payment.slot < book.count && book[payment.slot].payment.generation > payment.generation
    }

    private func decision(_ attempt: AttemptID) -> Decision {
        let slot = attempt.payment.slot
        guard slot < book.count, book[slot].payment == attempt.payment, attempt.index >= 0 else { return .none }
        return book[slot][attempt.index]
    }

    private func record(_ attempt: AttemptID, _ decision: Decision) {
        let slot = attempt.payment.slot
        while book.count <= slot { book.append(Book()) }
        if book[slot].payment != attempt.payment { book[slot] = Book(payment: attempt.payment) }
        book[slot][attempt.index] = decision
    }

    private func answer(_ attempt: AttemptID, _ answer: IssuerAnswer) {
        context.send(from: id, to: context.addresses[.network],
                     NetworkMessage.response(.authorization, AttemptMessage(attempt, code: answer.rawValue)))
    }

    private func authorize(_ attempt: AttemptID) {
        switch decision(attempt) {
        case .approved where context.has(.issuerApprovesDuplicates):
            decide(attempt)  // The planted bug: a duplicate is a new decision.
        case .approved:
            counters.duplicatesDeduped &+= 1
            answer(attempt, .approved)  // A duplicate: the first answer again (G-4).
        case .declined(let earlier):
            counters.duplicatesDeduped &+= 1
            answer(attempt, earlier)
        case .closed: answer(attempt, .doNotHonor)  // Reversed or asked about before it arrived: never approved.
        case .captured:
            counters.duplicatesDeduped &+= 1
            answer(attempt, .approved)
        case .none: decide(attempt)
        }
    }

    private func decide(_ attempt: AttemptID) {
        let request = context.bodies[attempt.payment]
        let card = context.cards[request.card]
        let defects = context.configuration.defects
        let behaviour = context.configuration.behaviour
        let outcome: IssuerAnswer
        if !card.usable && !defects.contains(.approveUnusableCard) {
            outcome = .restrictedCard
        } else if let limit = limitReached(request.card, amount: request.amount) {
            outcome = limit
        } else if context.ledger.available(request.card) < request.amount && !defects.contains(.approveOverAvailable)
                    && !earnsEnough(request.card, for: request.amount) {
            outcome = .insufficientFunds
        } else if random.chance(behaviour.issuerSoftDecline) {
            outcome = .issuerUnavailable
        } else if random.chance(behaviour.issuerHardDecline) {
            outcome = .doNotHonor
        } else {
            outcome = otherDecline() ?? .approved
        }
        if outcome == .approved && request.amount == 0 {
            // A zero-amount verification (LC-03) approves with 85 and holds nothing (VER-1).
            record(attempt, .approved(held: 0))
            answer(attempt, .noReasonToDecline)
            return
        }
        counters.count(issuerAnswer: outcome.responseCode)
        guard outcome == .approved else {
            record(attempt, .declined(outcome))
            answer(attempt, outcome)
            return
        }
        if context.has(.issuerBooksHoldAfterCheck) {
            // The planted race: the hold is booked after a call to the core banking system (50 ms), by a step that
            // does not check again, so another authorization on the card can pass the same balance.
            record(attempt, .approved(held: request.amount))
            context.schedule(after: .milliseconds(50), to: id, IssuerMessage.holdBooked(AttemptMessage(attempt)))
            return
        }
        placeHold(attempt, amount: request.amount, standIn: false)
        answer(attempt, outcome)
    }

    /// 14, 54, 57 or 96 by their shares, or nil.
    private func otherDecline() -> IssuerAnswer? {
        random.pick(context.configuration.behaviour.issuerDeclines.shares)
    }

    /// The card's limit per payment, daily spending or hourly approvals limit, if this
    /// authorization would pass it.
    private func limitReached(_ card: CardID, amount: Int64) -> IssuerAnswer? {
        let limits = context.configuration.cards
        let now = context.now.nanoseconds
        let index = Int(card.rawValue)
        let day = now / SimDuration.hours(24).nanoseconds, hour = now / SimDuration.hours(1).nanoseconds
        if usage[index].day != day { (usage[index].day, usage[index].spent) = (day, 0) }
        if usage[index].hour != hour { (usage[index].hour, usage[index].approvals) = (hour, 0) }
        if amount > limits.transactionLimit && limits.hasTransactionLimit(index) { return .exceedsAmountLimit }
        if limits.dailyLimit > 0 && usage[index].spent + amount > limits.dailyLimit { return .exceedsAmountLimit }
        if limits.velocityLimit > 0 && usage[index].approvals >= limits.velocityLimit { return .exceedsFrequencyLimit }
        return nil
    }

    /// Books an approval's hold. `checked`: the balance was checked earlier, by the planted race's
    /// first step, and the booking goes through whatever the balance is now.
    private func placeHold(_ attempt: AttemptID, amount: Int64, standIn: Bool, checked: Bool = false) {
        let payment = attempt.payment
        let card = context.bodies[payment].card
        var transfers = Ledger.authorize(card: context.ledger.accounts(of: card), amount: MinorUnits(amount),
                                         lifecycle: payment.rawValue)
        if standIn || checked || context.has(.approveOverAvailable) {
            transfers = transfers.allowingOverdraft()
        }
        if !standIn {
            let index = Int(card.rawValue)
            usage[index].spent += amount
            usage[index].approvals += 1
        }
        guard context.post(transfers, for: .payment(payment)) else { return }
        record(attempt, .approved(held: amount))
        counters.holdsPlaced &+= 1
        if !approvalsByBIN.isEmpty { approvalsByBIN[context.cards[card].bin] &+= 1 }
        context.observe(.holdPlaced(payment, card: card, amount: amount, attempt: attempt.index, standIn: standIn,
                                    usableCard: context.cards[card].usable))
    }

    /// The network approved on our behalf and booked the hold: the stand-in stands for the
    /// authorization, whatever we decided meanwhile. Our own approval's hold goes (one hold per
    /// authorization); a reversal that came before the advice undoes the stand-in's hold.
    private func standInAdvised(_ attempt: AttemptID) {
        let amount = context.bodies[attempt.payment].amount
        switch decision(attempt) {
        case .approved(let held):
            release(attempt, held)
            record(attempt, .approved(held: amount))
        case .none, .declined:
            record(attempt, .approved(held: amount))
        case .closed:
            release(attempt, amount)
        case .captured:
            break  // Captured already, from the stand-in's hold.
        }
    }

    /// Gives a hold of `attempt` back to the card.
    private func release(_ attempt: AttemptID, _ amount: Int64) {
        let card = context.bodies[attempt.payment].card
        if context.post(Ledger.releaseHold(card: context.ledger.accounts(of: card), remaining: MinorUnits(amount),
                                           lifecycle: attempt.payment.rawValue), for: .payment(attempt.payment)) {
            context.observe(.holdReleased(attempt.payment, card: card, amount: amount))
        }
    }

    private func inquire(_ attempt: AttemptID) {
        if decision(attempt) == .none { record(attempt, .closed) }  // Never arrived: it never will count (RES-3).
        let approved: Bool
        switch decision(attempt) {
        case .approved, .captured: approved = true
        case .none, .declined, .closed: approved = false
        }
        context.send(from: id, to: context.addresses[.network],
                     NetworkMessage.response(.inquiry, AttemptMessage(attempt, code: approved ? 1 : 0)))
    }

    /// Applies once, by authorization id; a no-op if the original never arrived (RES-3).
    private func reverse(_ attempt: AttemptID) {
        let decided = decision(attempt)
        var releasedHold: Int64 = 0
        if case .approved(let held) = decided, held > 0 {
            let card = context.bodies[attempt.payment].card
            // The planted bug releases one unit short while still reporting the whole hold released.
            let released = context.has(.reversalReleasesShort) ? held - 1 : held
            if context.post(Ledger.releaseHold(card: context.ledger.accounts(of: card), remaining: MinorUnits(released),
                                               lifecycle: attempt.payment.rawValue), for: .payment(attempt.payment)) {
                context.observe(.holdReleased(attempt.payment, card: card, amount: held))
                releasedHold = held
            }
        }
        context.observe(.reversalApplied(attempt, arrived: decided != .none, released: releasedHold))
        // The planted bug keeps the approval on the book, so a repeated reversal releases it again.
        if !context.has(.reversalReleasesTwice) { record(attempt, .closed) }
        context.send(from: id, to: context.addresses[.network], NetworkMessage.response(.reversal, AttemptMessage(attempt)))
    }
}
