import SimulationKernel

/// A payments world: device, merchant, gateway, directory server, ACS, primary and backup acquirers, network and
/// issuer, on one network and one simulation, with the books every actor reports to.
///
/// ```swift
/// var configuration = PaymentsConfiguration()
/// configuration.lifecycles = 1_000
/// let result = PaymentsWorld(configuration: configuration, options: .init(seed: 42)).run()
/// #expect(result.violations.isEmpty)
/// ```
public final class PaymentsWorld {
    public let configuration: PaymentsConfiguration
    public let simulation: Simulation
    public let network: Network
    private let context: PaymentsContext
    private let device: DeviceApp
    private let gateway: Gateway
    private let issuer: Issuer
    /// Every actor, in the order of `PaymentActorKind.allCases`: the order they were built in.
    private let actors: [any ReportingActor]

    /// A world for one run. `extraClaims` adds claims of the caller's own to the catalogue's, checked
    /// after them on every event they watch.
    public init(configuration: PaymentsConfiguration, options: Simulation.Options, keepGoing: Bool = false,
                extraClaims: [any InvariantMonitor.Type] = []) {
        self.configuration = configuration
        let simulation = Simulation(options: options)
        let network = Network(simulation: simulation, defaultLatency: configuration.latency,
                              defaultFaults: configuration.faults)
        // The card file draws first, from a stream of its own, before any actor splits one.
        var random = simulation.random.split()
        let cards = CardFile(configuration.cards, random: &random)
        let population = Population(customers: configuration.customers, skew: configuration.customerSkew,
                                    cards: configuration.cards.count, random: &random)
        let cardPopulation = configuration.cards
        let ledger = WorldLedger(cards: cardPopulation.count, balance: cardPopulation.balance, merchants: configuration.merchants,
                                 opensEmpty: { cardPopulation.income > 0 && cardPopulation.isShortOfFunds($0) })
        let bodies = RequestBodies()
        let registry = InvariantRegistry(MonitoredWorld(configuration: configuration, ledger: ledger, bodies: bodies),
                                         catalogue: InvariantRegistry.catalogue + extraClaims)
        let observer = WorldObserver(simulation: simulation, registry: registry, keepGoing: keepGoing)
        let addresses = PaymentAddresses(reserving: simulation.reserveReceiverID)
        let context = PaymentsContext(simulation: SimulationHandle(simulation), network: network, addresses: addresses,
                                      configuration: configuration, ledger: ledger, observer: observer, cards: cards,
                                      bodies: bodies, population: population)
        // Built in a fixed order: each splits its random stream off the root in turn.
        let device = DeviceApp(context), merchant = MerchantServer(context), gateway = Gateway(context)
        let acs = ACSServer(context), acquirer = Acquirer(context, as: .acquirer)
        let backupAcquirer = Acquirer(context, as: .backupAcquirer), paymentNetwork = PaymentNetwork(context)
        let issuer = Issuer(context)
        let actors: [any ReportingActor] = [
            device, merchant, gateway, acs, acquirer, backupAcquirer, paymentNetwork, issuer, Platform(context),
            Wallet(context), MessageChannel(context), TokenService(context), CardPlatform(context), ScaAuthority(context),
            MobileWallet(context), DirectoryServer(context),
        ]
        (self.device, self.gateway, self.issuer) = (device, gateway, issuer)
        Self.bind(actors, to: addresses, in: simulation)
        self.actors = actors
        for link in configuration.links where link.between.count == 2 {
            let (a, b) = (addresses[link.between[0]], addresses[link.between[1]])
            network.connect(a, b, latency: link.latency, faults: configuration.faults)
            network.connect(b, a, latency: link.latency, faults: configuration.faults)
        }
        network.windows = configuration.faultWindows.map { window in
            let start = SimTime(nanoseconds: window.start.nanoseconds)
            let between = window.between.flatMap { $0.count == 2 ? (addresses[$0[0]], addresses[$0[1]]) : nil }
            return FaultWindow(kind: window.kind, start: start, end: start + window.duration, between: between)
        }
        self.simulation = simulation
        self.network = network
        self.context = context
        device.start()
    }

    /// Registers each actor at the address of its kind, and checks that every kind has exactly one.
    private static func bind(_ actors: [any ReportingActor], to addresses: PaymentAddresses, in simulation: Simulation) {
        var bound = [Bool](repeating: false, count: PaymentActorKind.allCases.count)
        for actor in actors {
            precondition(!bound[actor.kind.rawValue], "two actors of kind \(actor.kind)")
            bound[actor.kind.rawValue] = true
            simulation.register(actor, as: addresses[actor.kind])
        }
        let missing = PaymentActorKind.allCases.filter { !bound[$0.rawValue] }
        precondition(missing.isEmpty, "no actor for \(missing)")
    }

    /// The claims a payments run checks, in report order, without running one.
    public static var claims: [(invariant: String, claim: String)] { InvariantRegistry.claims }

    /// Runs until every payment is done (or a violation stops it), reporting progress.
    public func run(reportingEvery interval: SimDuration = .seconds(10),
                    progress: (PaymentsProgress) -> Bool = { _ in true }) -> PaymentsResult {
        var end = Simulation.End.idle
        var nextReport = simulation.now + interval
        while true {
            var until = min(nextReport, Simulation.horizon)
            if let drain = configuration.drain, let ended = arrivalsEnded() { until = min(until, ended + drain) }
            end = simulation.run(until: max(until, simulation.now))
            guard case .reachedDeadline = end else { break }
            if simulation.now >= Simulation.horizon {
                _ = progress(snapshot())
                end = .stopped(reason: Simulation.horizonReason)
                break
            }
            if let drain = configuration.drain, let ended = arrivalsEnded(), simulation.now >= ended + drain {
                _ = progress(snapshot())
                end = .stopped(reason: "drained")
                break
            }
            guard simulation.now >= nextReport else { continue }
            if !progress(snapshot()) {
                end = .stopped(reason: "interrupted")
                break
            }
            nextReport = Simulation.nextReport(after: simulation.now, every: interval, nextDue: simulation.nextDue)
        }
        if end == .idle, simulation.eventsBeyondHorizon > 0, snapshot().inFlight > 0 {
            // Idle only because what the open payments wait for was due past the clock's limit and
            // dropped: they are stuck at the horizon, and the verdict says so.
            end = .stopped(reason: Simulation.horizonReason)
        }
        return result(end: end)
    }

    /// Each station's whole-run figures so far, for the per-interval series of metrics.csv.
    private func stationLifetimes(at now: SimTime) -> [StationLifetime] {
        actors.compactMap { actor in
            guard let station = actor.collectFigures().station, station.totalArrivals > 0 || actor.kind == .gateway else { return nil }
            return StationLifetime(name: actor.kind.description, servers: station.servers, figures: station.lifetime(at: now))
        }
    }

    /// When the device generated its last arrival, if it has.
    func arrivalsEnded() -> SimTime? {
        simulation.inspect { device.assumeIsolated { $0.arrivalsEnded } }
    }

    /// The run's progress; it hands over (and restarts) the interval figures, so call it once per report.
    public func snapshot() -> PaymentsProgress {
        let now = simulation.now
        let violations = context.observer.violations.count
        let stations = simulation.inspect { stationLifetimes(at: now) }
        let held = simulation.inspect { context.ledger.ledger.openHolds.value }
        return simulation.inspect {
            device.assumeIsolated { device in
                PaymentsProgress(now: now, completed: device.completed, inFlight: device.inFlight,
                                 violations: violations, interval: device.takeInterval(),
                                 arrivalsEnded: device.arrivalsEnded, stations: stations, held: held)
            }
        }
    }

    /// The one read-only collector of what the run measured: each actor's figures, summed.
    func result(end: Simulation.End) -> PaymentsResult {
        simulation.inspect {
            let (completed, inFlight, shed, flows, completedInWindow) = device.assumeIsolated {
                ($0.completed, $0.inFlight, $0.shed, $0.flows, $0.completedInWindow)
            }
            if case .idle = end { checkTheEnd() }
            let now = simulation.now
            var counters = PaymentCounters()
            var coverage = StateCoverage()
            var stations: [PaymentActorKind: ServiceStation] = [:]
            for actor in actors {
                let figures = actor.collectFigures()
                counters.add(figures.counters)
                coverage.merge(figures.coverage)
                if let station = figures.station { stations[actor.kind] = station }
            }
            // The card core's stations, the directory server's among them (its desk always has one),
            // then the seed systems' servers where the scenario's flows used them.
            let core: [PaymentActorKind] = [.gateway, .directoryServer, .acs, .acquirer, .backupAcquirer, .network, .issuer]
            let seed: [PaymentActorKind] = [.platform, .wallet, .tokenService, .cardPlatform, .scaAuthority]
            // With each station's configured service, so an exponential one is checked against Erlang C.
            let report = { (kind: PaymentActorKind, station: ServiceStation) in
                StationReport(name: kind.description, station: station, at: now,
                              service: self.configuration.stations.configuration(for: kind)?.service)
            }
            let reports = core.compactMap { kind in stations[kind].map { report(kind, $0) } }
                + seed.compactMap { kind in stations[kind].flatMap { $0.totalArrivals > 0 ? report(kind, $0) : nil } }
            let approvalsByBIN = issuer.assumeIsolated { $0.approvalsByBIN }
            let (sharedArrivals, hottest) = device.assumeIsolated { ($0.sharedArrivals, $0.hottestCustomers(5)) }
            let contention = Contention(customers: configuration.customers, sharedArrivals: sharedArrivals,
                                        walletConflicts: counters.walletConflicts, cardConflicts: counters.cardConflicts,
                                        issuerAnswers: zip(PaymentCounters.issuerCodes, counters.issuerAnswers).map { ($0, $1) },
                                        hottestCustomers: hottest)
            var result = PaymentsResult(
                end: end, completed: completed, unfinished: inFlight, shed: shed, flows: flows,
                counters: counters, monitors: context.observer.registry.records, violations: context.observer.violations,
                audit: context.ledger.ledger.audit(), traceHash: simulation.trace.hash, steps: simulation.trace.steps,
                lastTime: simulation.now, stations: reports, network: network.statistics,
                recentTrace: simulation.trace.recent, escapes: simulation.escapes, coverage: coverage,
                cardsByBIN: context.cards.cardsByBIN, approvalsByBIN: approvalsByBIN, contention: contention,
                window: MeasuredWindow(start: context.window.start, end: context.window.end ?? now, completed: completedInWindow))
            result.eventsBeyondHorizon = simulation.eventsBeyondHorizon
            return result
        }
    }

    /// The end-of-run checks of a run that went idle: every payment's final status (RES-2) and the
    /// payments nothing is left to finish (G-7).
    private func checkTheEnd() {
        let (finals, open) = gateway.assumeIsolated { ($0.finalStatuses(), $0.openPayments()) }
        for final in finals { context.observe(.paymentStatusAtEnd(final.payment, succeeded: final.succeeded)) }
        for payment in open { context.observe(.paymentOpenAtEnd(payment)) }
        context.observe(.holdsAtEnd(openHolds: context.ledger.ledger.openHolds.value))
    }
}

/// The stretch a payments run's capacity figures describe: from the warm-up to the last arrival
/// (to the end of the run when arrivals never ended), and how many of the lifecycles that arrived in
/// it ended, whenever they did.
public struct MeasuredWindow: Sendable, Hashable {
    public var start: SimTime
    public var end: SimTime
    /// Lifecycles that arrived after the warm-up and ended, in the window or in the drain after it.
    public var completed: UInt64

    public init(start: SimTime, end: SimTime, completed: UInt64) {
        self.start = start
        self.end = end
        self.completed = completed
    }

    public var seconds: Double { max(0, (end - start).seconds) }
    /// The window's arrivals that ended, per second of the window: the offered rate less what the
    /// system really lost (shed, never ended), however long its flows take.
    public var throughput: Double { seconds > 0 ? Double(completed) / seconds : 0 }
}

/// How a run's lifecycles met on the customers' shared things (design §4.5).
public struct Contention: Sendable {
    public var customers: Int
    /// Lifecycles that started while another of the same customer was in flight.
    public var sharedArrivals: UInt64
    /// Calls refused because another lifecycle changed the customer's wallet or card first.
    public var walletConflicts: UInt64
    public var cardConflicts: UInt64
    /// The issuer's answers by ISO code: approvals (00) and declines by reason.
    public var issuerAnswers: [(code: String, count: UInt64)]
    public var hottestCustomers: [(customer: CustomerID, lifecycles: UInt64)]
}

public struct PaymentsProgress: Sendable {
    public var now: SimTime
    public var completed: UInt64
    public var inFlight: Int
    public var violations: Int
    /// Measured lifecycles finished since the previous progress report, with their latency.
    public var interval: IntervalFigures
    /// When the last arrival was generated, once it was.
    public var arrivalsEnded: SimTime?
    /// Each station's whole-run figures so far (stations that have had work).
    public var stations: [StationLifetime] = []
    /// Minor units held on cards now: authorizations not yet captured, voided, reversed or expired.
    public var held: Int64 = 0
}

/// One station's cumulative figures at a progress report.
public struct StationLifetime: Sendable {
    public var name: String
    public var servers: Int
    public var figures: ServiceStation.Lifetime
}

/// Everything a payments run measured.
public struct PaymentsResult: Sendable {
    public var end: Simulation.End
    public var completed: UInt64
    public var unfinished: Int
    public var shed: UInt64
    public var flows: [FlowMetrics]
    public var counters: PaymentCounters
    public var monitors: [InvariantRecord]
    public var violations: [Violation]
    public var audit: LedgerAudit
    public var traceHash: UInt64
    public var steps: UInt64
    public var lastTime: SimTime
    public var stations: [StationReport]
    public var network: Network.Statistics
    /// Messages and timers due past the clock's 150-year limit: never delivered (`Simulation.eventsBeyondHorizon`).
    public var eventsBeyondHorizon: UInt64 = 0
    public var recentTrace: [TraceRecord]
    public var escapes: [Escape]
    /// The (state, event) pairs each lifecycle reached.
    public var coverage: StateCoverage
    /// Cards and approvals per `configuration.cards.bins` entry (empty without BIN ranges).
    public var cardsByBIN: [UInt64]
    public var approvalsByBIN: [UInt64]
    /// How the customers' lifecycles met on their shared things.
    public var contention: Contention
    /// What the stations' figures and the throughput in the window describe.
    public var window: MeasuredWindow

    /// The first safety violation, if any.
    public var safetyViolation: Violation? { violations.first { !$0.isLiveness } }
    public var livenessViolation: Violation? { violations.first { $0.isLiveness } }
}
