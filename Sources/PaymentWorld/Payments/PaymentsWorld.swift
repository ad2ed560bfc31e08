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
    public let books: WorldBooks
    let device: DeviceApp
    let merchant: MerchantServer
    let gateway: Gateway
    let acs: ACSServer
    let acquirers: [Acquirer]
    let paymentNetwork: PaymentNetwork
    let issuer: Issuer
    let platform: Platform
    let wallet: Wallet
    let messageChannel: MessageChannel
    let tokenService: TokenService
    let cardPlatform: CardPlatform
    let scaAuthority: ScaAuthority
    let mobileWallet: MobileWallet
    let directoryServer: DirectoryServer

    public init(configuration: PaymentsConfiguration, options: Simulation.Options, keepGoing: Bool = false) {
        self.configuration = configuration
        let simulation = Simulation(options: options)
        let network = Network(simulation: simulation, defaultLatency: configuration.latency,
                              defaultFaults: configuration.faults)
        let books = WorldBooks(simulation: simulation, configuration: configuration)
        books.keepGoing = keepGoing
        let addresses = PaymentAddresses(ids: PaymentActorKind.allCases.map { _ in simulation.reserveReceiverID() })
        // Built in a fixed order: each splits its random stream off the root in turn.
        device = DeviceApp(id: addresses[.device], simulation: simulation, network: network, books: books, addresses: addresses)
        merchant = MerchantServer(id: addresses[.merchant], simulation: simulation, network: network, books: books,
                                  addresses: addresses)
        gateway = Gateway(id: addresses[.gateway], simulation: simulation, network: network, books: books, addresses: addresses)
        acs = ACSServer(id: addresses[.acs], simulation: simulation, network: network, books: books, addresses: addresses)
        acquirers = [PaymentActorKind.acquirer, .backupAcquirer].map {
            Acquirer(id: addresses[$0], kind: $0, simulation: simulation, network: network, books: books, addresses: addresses)
        }
        paymentNetwork = PaymentNetwork(id: addresses[.network], simulation: simulation, network: network, books: books,
                                        addresses: addresses)
        issuer = Issuer(id: addresses[.issuer], simulation: simulation, network: network, books: books, addresses: addresses)
        platform = Platform(id: addresses[.platform], simulation: simulation, network: network, books: books, addresses: addresses)
        wallet = Wallet(id: addresses[.wallet], simulation: simulation, network: network, books: books, addresses: addresses)
        messageChannel = MessageChannel(id: addresses[.messageChannel], simulation: simulation, network: network,
                                        books: books, addresses: addresses)
        tokenService = TokenService(id: addresses[.tokenService], simulation: simulation, network: network, books: books,
                                    addresses: addresses)
        cardPlatform = CardPlatform(id: addresses[.cardPlatform], simulation: simulation, network: network, books: books,
                                    addresses: addresses)
        scaAuthority = ScaAuthority(id: addresses[.scaAuthority], simulation: simulation, network: network, books: books,
                                    addresses: addresses)
        mobileWallet = MobileWallet(id: addresses[.mobileWallet], simulation: simulation, network: network, books: books,
                                    addresses: addresses)
        directoryServer = DirectoryServer(id: addresses[.directoryServer], simulation: simulation, network: network,
                                          books: books, addresses: addresses)
        let actors: [any EventReceiver] = [device, merchant, gateway, acs, acquirers[0], acquirers[1], paymentNetwork, issuer,
                                           platform, wallet, messageChannel, tokenService, cardPlatform, scaAuthority,
                                           mobileWallet, directoryServer]
        for (actor, kind) in zip(actors, PaymentActorKind.allCases) { simulation.register(actor, as: addresses[kind]) }
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
        self.books = books
        device.start()
    }

    /// Runs until every payment is done (or a violation stops it), reporting progress.
    public func run(reportingEvery interval: SimDuration = .seconds(10),
                    progress: (PaymentsProgress) -> Bool = { _ in true }) -> PaymentsResult {
        var end = Simulation.End.idle
        var nextReport = simulation.now + interval
        while true {
            var until = nextReport
            if let drain = configuration.drain, let ended = arrivalsEnded() { until = min(until, ended + drain) }
            end = simulation.run(until: max(until, simulation.now))
            guard case .reachedDeadline = end else { break }
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
            nextReport = simulation.now + interval
        }
        return result(end: end)
    }

    /// When the device generated its last arrival, if it has.
    func arrivalsEnded() -> SimTime? {
        simulation.inspect { device.assumeIsolated { $0.arrivalsEnded } }
    }

    /// The run's progress; it hands over (and restarts) the interval figures, so call it once per report.
    public func snapshot() -> PaymentsProgress {
        let now = simulation.now
        let books = self.books
        return simulation.inspect {
            device.assumeIsolated { device in
                PaymentsProgress(now: now, completed: device.completed, inFlight: device.inFlight,
                                 violations: books.violations.count, interval: books.takeInterval(),
                                 arrivalsEnded: device.arrivalsEnded)
            }
        }
    }

    func result(end: Simulation.End) -> PaymentsResult {
        let books = self.books
        return simulation.inspect {
            let (completed, inFlight, shed) = device.assumeIsolated { ($0.completed, $0.inFlight, $0.shed) }
            if case .idle = end {
                let (finals, open) = gateway.assumeIsolated { ($0.finalStatuses(), $0.openPayments()) }
                books.finish(finals: finals, open: open)
            }
            let now = simulation.now
            // The card core's stations, the directory server's among them (its desk always has one).
            let core: [(String, ServiceStation?)] = [
                ("gateway", gateway.assumeIsolated { $0.intake.station }),
                ("directory_server", directoryServer.assumeIsolated { $0.stationSnapshot }),
                ("acs", acs.assumeIsolated { $0.stationSnapshot }),
                ("acquirer", acquirers[0].assumeIsolated { $0.stationSnapshot }),
                ("acquirer_backup", acquirers[1].assumeIsolated { $0.stationSnapshot }),
                ("network", paymentNetwork.assumeIsolated { $0.stationSnapshot }),
                ("issuer", issuer.assumeIsolated { $0.stationSnapshot }),
            ]
            let stations = core.compactMap { name, station in station.map { StationReport(name: name, station: $0, at: now) } }
            // The seed systems' servers, where the scenario's flows used them.
            let seedStations: [(String, ServiceStation?)] = [
                ("platform", platform.assumeIsolated { $0.stationSnapshot }),
                ("wallet", wallet.assumeIsolated { $0.stationSnapshot }),
                ("token_service", tokenService.assumeIsolated { $0.stationSnapshot }),
                ("card_platform", cardPlatform.assumeIsolated { $0.stationSnapshot }),
                ("sca_authority", scaAuthority.assumeIsolated { $0.stationSnapshot }),
            ]
            let used = seedStations.compactMap { name, station in
                station.flatMap { $0.arrivals > 0 ? StationReport(name: name, station: $0, at: now) : nil }
            }
            return PaymentsResult(
                end: end, completed: completed, unfinished: inFlight, shed: shed, flows: books.flows,
                counters: books.counters, monitors: books.monitors.records, violations: books.violations,
                audit: books.ledger.audit(), traceHash: simulation.trace.hash, steps: simulation.trace.steps,
                lastTime: simulation.now, stations: stations + used, network: network.statistics,
                recentTrace: simulation.trace.recent, escapes: simulation.escapes, coverage: books.coverage,
                cardsByBIN: books.binCards, approvalsByBIN: books.binApprovals)
        }
    }
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
}

/// Everything a payments run measured.
public struct PaymentsResult: Sendable {
    public var end: Simulation.End
    public var completed: UInt64
    public var unfinished: Int
    public var shed: UInt64
    public var flows: [FlowMetrics]
    public var counters: PaymentCounters
    public var monitors: [Monitors.Record]
    public var violations: [Violation]
    public var audit: LedgerAudit
    public var traceHash: UInt64
    public var steps: UInt64
    public var lastTime: SimTime
    public var stations: [StationReport]
    public var network: Network.Statistics
    public var recentTrace: [TraceRecord]
    public var escapes: [Escape]
    /// The (state, event) pairs each lifecycle reached.
    public var coverage: StateCoverage
    /// Cards and approvals per `configuration.cards.bins` entry (empty without BIN ranges).
    public var cardsByBIN: [UInt64]
    public var approvalsByBIN: [UInt64]

    /// The first safety violation, if any.
    public var safetyViolation: Violation? { violations.first { !$0.isLiveness } }
    public var livenessViolation: Violation? { violations.first { $0.isLiveness } }
}
