import SimulationKernel

/// The reference pipeline as a world: one customer source, a gateway, a primary and a backup
/// ACS pool and an issuer, wired over one network, on one simulation.
///
/// ```swift
/// let pipeline = ReferencePipeline(configuration: .init(lifecycles: 1_000), options: .init(seed: 42))
/// let result = pipeline.run()
/// #expect(result.completed == 1_000)
/// ```
public final class ReferencePipeline {
    public let configuration: PipelineConfiguration
    public let simulation: Simulation
    public let network: Network
    let customer: Customer
    let gateway: Gateway
    let acs: ACSServer
    let acsBackup: ACSServer
    let issuer: Issuer

    public init(configuration: PipelineConfiguration, options: Simulation.Options) {
        self.configuration = configuration
        let simulation = Simulation(options: options)
        let network = Network(simulation: simulation, defaultLatency: configuration.latency)
        // Ids first, so actors that address each other are built knowing every address.
        let addresses = PipelineAddresses(
            customer: simulation.reserveReceiverID(), gateway: simulation.reserveReceiverID(),
            acs: simulation.reserveReceiverID(), acsBackup: simulation.reserveReceiverID(),
            issuer: simulation.reserveReceiverID())
        // Built in a fixed order: each splits its random stream off the root in turn.
        customer = Customer(id: addresses.customer, simulation: simulation, network: network,
                            gateway: addresses.gateway, configuration: configuration)
        gateway = Gateway(id: addresses.gateway, simulation: simulation, network: network, addresses: addresses,
                          configuration: configuration.gateway, threeDSecureRatio: configuration.threeDSecureRatio)
        acs = ACSServer(id: addresses.acs, name: "acs", simulation: simulation, network: network,
                        gateway: addresses.gateway, failover: addresses.acsBackup, configuration: configuration.acs,
                        queueTimeout: configuration.acsQueueTimeout)
        acsBackup = ACSServer(id: addresses.acsBackup, name: "acs_backup", simulation: simulation, network: network,
                              gateway: addresses.gateway, failover: nil, configuration: configuration.acsBackup,
                              queueTimeout: configuration.acsQueueTimeout)
        issuer = Issuer(id: addresses.issuer, simulation: simulation, network: network, gateway: addresses.gateway,
                        configuration: configuration.issuer, declineRatio: configuration.declineRatio)
        for (receiver, id) in [(customer, addresses.customer), (gateway, addresses.gateway), (acs, addresses.acs),
                               (acsBackup, addresses.acsBackup), (issuer, addresses.issuer)] as [(any EventReceiver, ReceiverID)] {
            simulation.register(receiver, as: id)
        }
        self.simulation = simulation
        self.network = network
        customer.assumeIsolatedStations([addresses.gateway, addresses.acs, addresses.acsBackup, addresses.issuer],
                                        simulation: simulation)
        customer.start()
        if configuration.warmup > .zero {
            let end = SimTime(nanoseconds: configuration.warmup.nanoseconds)
            for station in [addresses.gateway, addresses.acs, addresses.acsBackup, addresses.issuer] {
                simulation.schedule(at: end, to: station, kind: PipelineMessage.warmupEnded.rawValue)
            }
        }
    }

    /// Runs to the end: every payment generated and drained.
    ///
    /// - Parameters:
    ///   - interval: virtual time between progress reports.
    ///   - progress: called after each interval with a snapshot; return false to stop early.
    public func run(reportingEvery interval: SimDuration = .seconds(10),
                    progress: (PipelineProgress) -> Bool = { _ in true }) -> PipelineResult {
        var end = Simulation.End.idle
        var nextReport = simulation.now + interval
        while true {
            end = simulation.run(until: min(nextReport, Simulation.horizon))
            guard case .reachedDeadline = end else { break }
            if simulation.now >= Simulation.horizon {
                _ = progress(snapshot())
                end = .stopped(reason: Simulation.horizonReason)
                break
            }
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

    /// Where the run stands now, with the figures of the interval since the last snapshot.
    public func snapshot() -> PipelineProgress {
        let now = simulation.now
        return simulation.inspect {
            var progress = customer.assumeIsolated { customer in
                PipelineProgress(now: now, generated: customer.generatedCount, completed: customer.completed,
                                 inFlight: customer.inFlight, latencyP99: customer.latency.percentile(0.99),
                                 interval: customer.takeInterval())
            }
            // In the order `result` reports them, so per-interval figures line up with its stations.
            progress.stations = [
                gateway.assumeIsolated { StationLifetime("gateway", $0.station, at: now) },
                acs.assumeIsolated { StationLifetime("acs", $0.station, at: now) },
                acsBackup.assumeIsolated { StationLifetime("acs_backup", $0.station, at: now) },
                issuer.assumeIsolated { StationLifetime("issuer", $0.station, at: now) },
            ]
            return progress
        }
    }

    func result(end: Simulation.End) -> PipelineResult {
        simulation.inspect {
            let now = simulation.now
            let (latency, outcomes, completed, last, measured, shed, inFlight) = customer.assumeIsolated {
                ($0.latency, $0.outcomes, $0.completed, $0.lastCompletion, $0.measured, $0.shed, $0.inFlight)
            }
            var stations: [StationReport] = []
            let configuration = self.configuration
            stations.append(gateway.assumeIsolated {
                StationReport(name: "gateway", station: $0.station, at: now, service: configuration.gateway.service,
                              utilizationUnderLoad: $0.utilizationUnderLoad, loadEndedAt: $0.loadEndedAt)
            })
            stations.append(acs.assumeIsolated {
                StationReport(name: "acs", station: $0.station, at: now, service: configuration.acs.service,
                              utilizationUnderLoad: $0.utilizationUnderLoad, loadEndedAt: $0.loadEndedAt)
            })
            stations.append(acsBackup.assumeIsolated {
                StationReport(name: "acs_backup", station: $0.station, at: now, service: configuration.acsBackup.service,
                              utilizationUnderLoad: $0.utilizationUnderLoad, loadEndedAt: $0.loadEndedAt)
            })
            stations.append(issuer.assumeIsolated {
                StationReport(name: "issuer", station: $0.station, at: now, service: configuration.issuer.service,
                              utilizationUnderLoad: $0.utilizationUnderLoad, loadEndedAt: $0.loadEndedAt)
            })
            let primaryTimeouts = acs.assumeIsolated { $0.timedOut }
            return PipelineResult(
                end: end, completed: completed, measured: measured, shed: shed, unfinished: inFlight,
                outcomes: PipelineOutcome.allCases.map { ($0.description, outcomes[Int($0.rawValue)]) },
                latency: latency, lastCompletion: last, traceHash: simulation.trace.hash,
                steps: simulation.trace.steps, stations: stations, acsPrimaryTimeouts: primaryTimeouts,
                network: network.statistics, escapes: simulation.escapes)
        }
    }
}

/// A progress snapshot, for the live line on stderr.
public struct PipelineProgress: Sendable {
    public var now: SimTime
    public var generated: Int
    public var completed: UInt64
    public var inFlight: Int
    public var latencyP99: Int64
    /// Completions since the previous snapshot.
    public var interval: ReferencePipeline.IntervalMetrics
    /// Each station's whole-run figures so far, for per-interval utilization under a ramp or spike.
    public var stations: [StationLifetime] = []
}

/// One station's figures at the end of a run.
public struct StationReport: Sendable {
    public var name: String
    public var servers: Int
    public var utilization: Double
    public var queueingDelay: LatencyHistogram
    /// Arrivals in the measured window (after the warm-up; in the payments world, up to the last arrival).
    public var arrivals: UInt64
    /// Every arrival of the run, the drain's included.
    public var totalArrivals: UInt64
    public var rejected: UInt64
    public var abandoned: UInt64
    /// Arrivals that had to wait for a server.
    public var waited: UInt64
    /// Virtual seconds of offered load the arrival counts cover (after any warm-up, before the drain).
    public var measuredSeconds: Double
    /// The mean service time in seconds when service is exponential (an M/M/c station), else nil.
    public var exponentialServiceMean: Double?
    /// The time-average number waiting for a server over the measured time (L in L = λW).
    public var meanQueueLength: Double

    init(name: String, station: ServiceStation, at now: SimTime, service: Distribution? = nil,
         utilizationUnderLoad: Double? = nil, loadEndedAt: SimTime? = nil) {
        self.name = name
        servers = station.servers
        utilization = utilizationUnderLoad ?? station.utilization(at: now)
        queueingDelay = station.queueingDelay
        arrivals = station.arrivals
        totalArrivals = station.totalArrivals
        rejected = station.rejected
        abandoned = station.abandoned
        waited = station.waited
        measuredSeconds = loadEndedAt.map { ($0 - station.measuredSince).seconds } ?? Double(station.measuredNanoseconds(at: now)) / 1e9
        meanQueueLength = station.meanWaiting(at: now)
        if case .exponential(let mean)? = service { exponentialServiceMean = mean.seconds } else { exponentialServiceMean = nil }
    }
}

/// Everything a pipeline run measured.
public struct PipelineResult: Sendable {
    public var end: Simulation.End
    /// Payments that reached an outcome, warm-up included.
    public var completed: UInt64
    /// Payments that started after the warm-up and reached an outcome: what `outcomes` and
    /// `latency` count.
    public var measured: UInt64
    /// Arrivals turned away because `maxInFlight` payments were already in flight.
    public var shed: UInt64
    /// Payments still in flight when the run ended (none after a full drain).
    public var unfinished: Int
    /// Outcome name → count, in a fixed order.
    public var outcomes: [(name: String, count: UInt64)]
    public var latency: LatencyHistogram
    public var lastCompletion: SimTime
    public var traceHash: UInt64
    public var steps: UInt64
    public var stations: [StationReport]
    public var acsPrimaryTimeouts: UInt64
    public var network: Network.Statistics
    public var escapes: [Escape]

    public var successRate: Double {
        guard measured > 0 else { return 0 }
        return Double(outcomes.first { $0.name == "approved" }?.count ?? 0) / Double(measured)
    }
}

extension StationLifetime {
    /// A station's figures brought up to `now`, under its report name.
    init(_ name: String, _ station: ServiceStation, at now: SimTime) {
        self.init(name: name, servers: station.servers, figures: station.lifetime(at: now))
    }
}
