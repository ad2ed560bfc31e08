import SimulationKernel

/// The payments world's books: the ledger, the facts every actor may read about a payment and
/// a card, the invariant monitors and the counters reports need.
///
/// A class shared by the world's actors rather than an actor of its own, on purpose: it is the
/// simulation's bookkeeping and observation layer, not a participant that messages could be
/// lost to. Every access happens on the simulation's one thread inside the step that caused it,
/// which is what lets the monitors check "after every event" (domain §2.5).
public final class WorldBooks: @unchecked Sendable {
    /// What a payment is, fixed at creation: the request's contents, which real messages carry.
    struct PaymentFacts {
        var generation: UInt32 = 0
        var flow = PaymentFlow.sale
        var card: UInt32 = 0
        var merchant: UInt32 = 0
        var amount: Int64 = 0
        var order: UInt64 = 0
        var started = SimTime.zero
        var measured = false
    }

    /// What a gateway payment asks for: the authorization request's contents.
    struct GatewayPaymentFacts {
        var generation: UInt32 = 0
        var order: UInt64 = 0
        var card: UInt32 = 0
        var merchant: UInt32 = 0
        var amount: Int64 = 0
    }

    /// A card as the issuer knows it.
    struct CardFacts {
        var accounts: CardAccounts
        var usable: Bool
        var enrolled: Bool
        /// Index in `configuration.cards.bins`; 0 when there are none.
        var bin: Int = 0
    }

    unowned(unsafe) let simulation: Simulation
    let configuration: PaymentsConfiguration
    public private(set) var ledger = Ledger()
    public private(set) var monitors: Monitors
    var payments: [PaymentFacts] = []
    var gatewayPayments: [GatewayPaymentFacts] = []
    var cards: [CardFacts] = []
    var merchants: [MerchantAccounts] = []
    public private(set) var openingTotal: Int64 = 0
    public var counters = PaymentCounters()
    /// The (state, event) pairs each lifecycle reached in this run.
    public var coverage = StateCoverage()
    /// Measured lifecycles finished since the last progress report: metrics.csv's rows.
    private(set) var interval = IntervalFigures()
    public private(set) var flows: [FlowMetrics] = PaymentFlow.allCases.map { FlowMetrics(flow: $0) }
    /// The first violation, which stopped the run (or every one, with keep-going).
    public private(set) var violations: [Violation] = []
    public var keepGoing = false

    init(simulation: Simulation, configuration: PaymentsConfiguration) {
        self.simulation = simulation
        self.configuration = configuration
        monitors = Monitors(cards: configuration.cards.count, proceedOnUnavailable: configuration.policies.proceedOnUnavailable,
                            lowValueExemption: configuration.policies.lowValueExemption)
        var random = simulation.random.split()
        let bins = configuration.cards.bins
        binCards = [UInt64](repeating: 0, count: bins.count)
        binApprovals = [UInt64](repeating: 0, count: bins.count)
        ledger.reserveAccounts(3 + 2 * (configuration.cards.count + configuration.merchants))
        for index in 0..<configuration.cards.count {
            let accounts = ledger.openCard(CardID(UInt32(index)))
            let usable = !random.chance(configuration.cards.unusable)
            // Drawn only when there are BIN ranges, so a population without them draws as before.
            let bin = bins.isEmpty ? 0 : Self.drawBIN(bins, &random)
            let enrolled = random.chance(bins.isEmpty ? configuration.cards.threeDSecureEnrolled
                                         : bins[bin].threeDSecureEnrolled ?? configuration.cards.threeDSecureEnrolled)
            if !bins.isEmpty { binCards[bin] &+= 1 }
            cards.append(CardFacts(accounts: accounts, usable: usable, enrolled: enrolled, bin: bin))
            // A prepaid or debit card starts funded from the outside world (domain §2.3).
            post(Ledger.prepaidLoad(card: accounts, amount: MinorUnits(configuration.cards.balance), lifecycle: 0),
                 payment: 0)
        }
        for index in 0..<configuration.merchants {
            merchants.append(ledger.openMerchant(MerchantID(UInt32(index))))
        }
    }

    /// A BIN range by share: one uniform draw in parts per billion against the running sum of
    /// the shares (which add up to 1; rounding leaves any remainder to the last range).
    static func drawBIN(_ bins: [CardBIN], _ random: inout SimRandom) -> Int {
        let draw = random.int(in: 0...999_999_999)
        var total: UInt64 = 0
        for (index, bin) in bins.enumerated() {
            // Full width: a ratio built in code may have a large denominator.
            let product = bin.share.numerator.multipliedFullWidth(by: 1_000_000_000)
            total += bin.share.denominator.dividingFullWidth(product).quotient
            if draw < total { return index }
        }
        return bins.count - 1
    }

    /// Cards and approvals (holds placed, stand-ins included) per BIN range, for summary.json.
    public private(set) var binCards: [UInt64] = []
    public private(set) var binApprovals: [UInt64] = []

    func approved(card: UInt32) {
        if !binApprovals.isEmpty { binApprovals[cards[Int(card)].bin] &+= 1 }
    }

    // MARK: Ledger

    /// Posts transfers all-or-none. A refusal is a modelled system's bug (an overdraft, a
    /// refund above what the merchant holds): it is reported as a violation, never a crash.
    @discardableResult
    func post<Transfers: RandomAccessCollection<Transfer>>(_ transfers: Transfers, payment: UInt64) -> Bool
    where Transfers.Index == Int {
        do {
            try ledger.postBatch(transfers)
            return true
        } catch {
            report(Violation(invariant: "G-1", claim: "EveryTransferIsLegal", lifecycle: payment, time: simulation.now,
                             detail: "\(error)", isLiveness: false))
            return false
        }
    }

    func available(_ card: UInt32) -> Int64 { ledger.balance(of: cards[Int(card)].accounts.available).value }
    func held(_ card: UInt32) -> Int64 { ledger.balance(of: cards[Int(card)].accounts.held).value }

    // MARK: Monitors

    /// Checks a fact against every claim; a safety violation stops the run unless keep-going.
    func observe(_ event: WorldEvent) {
        let before = monitors.violations.count
        // Closure literals, not method references: a non-escaping literal borrows self, where a
        // method reference is a partial application that retains it, on every event.
        monitors.observe(event, at: simulation.now, cardAvailable: { self.available($0) }, cardHeld: { self.held($0) })
        guard monitors.violations.count != before else { return }
        for violation in monitors.violations[before...] { report(violation) }
    }

    func deadlinePassed(payment: UInt64, detail: String) {
        let before = monitors.violations.count
        monitors.deadlinePassed(payment: payment, at: simulation.now, detail: detail)
        for violation in monitors.violations[before...] { report(violation) }
    }

    func lifecycleEndedInTime() { monitors.lifecycleEndedInTime() }

    private func report(_ violation: Violation) {
        violations.append(violation)
        if !keepGoing { simulation.stop("\(violation.invariant) \(violation.claim)") }
    }

    /// End-of-run checks: every failed payment released its hold; money is conserved.
    func finish(finals: [(payment: UInt64, succeeded: Bool)], open: [UInt64]) {
        let before = monitors.violations.count
        monitors.finish(at: simulation.now, finals: finals)
        for payment in open {
            monitors.deadlinePassed(payment: payment, at: simulation.now,
                                    detail: "the gateway's payment is still open with nothing left to finish it")
        }
        for violation in monitors.violations[before...] { report(violation) }
    }

    // MARK: Flow metrics

    func flowStarted(_ flow: PaymentFlow) { flows[flow.rawValue].started &+= 1 }

    func flowEnded(_ flow: PaymentFlow, outcome: PaymentOutcome, code: String, latency: Int64, measured: Bool) {
        flows[flow.rawValue].completed &+= 1
        guard measured else { return }
        flows[flow.rawValue].outcomes[Int(outcome.rawValue)] &+= 1
        flows[flow.rawValue].codes[code, default: 0] &+= 1
        flows[flow.rawValue].latency.record(latency)
        interval.completed &+= 1
        if outcome.isSuccess { interval.succeeded &+= 1 }
        interval.latency.record(latency)
    }

    /// The figures since the last call, and a fresh start for the next interval.
    func takeInterval() -> IntervalFigures {
        defer { interval = IntervalFigures() }
        return interval
    }
}

/// What finished in one reporting interval (measured lifecycles only).
public struct IntervalFigures: Sendable {
    public var completed: UInt64 = 0
    public var succeeded: UInt64 = 0
    public var latency = LatencyHistogram()
}

/// Per-flow figures: `summary.json`'s `flows` entries.
public struct FlowMetrics: Sendable {
    public var flow: PaymentFlow
    public var started: UInt64 = 0
    public var completed: UInt64 = 0
    public var outcomes = [UInt64](repeating: 0, count: PaymentOutcome.allCases.count)
    /// Outcomes in the source system's own codes (Portmone 2113, Sips 00 / 05, MPGS APPROVED…).
    /// Reports sort the keys; nothing in the simulation reads this dictionary's order.
    public var codes: [String: UInt64] = [:]
    public var latency = LatencyHistogram()
}

/// Failure-handling counters (domain §2.8).
public struct PaymentCounters: Sendable {
    public var frictionless: UInt64 = 0
    /// Payments of enrolled cards that skipped 3-D Secure under the low-value exemption.
    public var exempted: UInt64 = 0
    public var challenged: UInt64 = 0
    /// Final 3DS results by TransStatus: Y, A, N, U, R.
    public var threeDSResults = [UInt64](repeating: 0, count: WireTransStatus.all.count)
    public var cascades: UInt64 = 0
    public var cascadeSuccesses: UInt64 = 0
    public var unknownOutcomes: UInt64 = 0
    public var resolvedByInquiry: UInt64 = 0
    public var resolvedByReversal: UInt64 = 0
    public var resolvedByLateReply: UInt64 = 0
    public var lateApprovalsReversed: UInt64 = 0
    public var merchantRetries: UInt64 = 0
    /// SDK steps the app repeated after a timeout (same idempotency key).
    public var stepRepeats: UInt64 = 0
    public var duplicatesDeduped: UInt64 = 0
    public var staleMessages: UInt64 = 0
    public var standIns: UInt64 = 0
    public var captures: UInt64 = 0
    public var refunds: UInt64 = 0
    public var droppedByOutage: UInt64 = 0
    public var rejectedByQueue: UInt64 = 0
}
