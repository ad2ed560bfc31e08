// The code of the SimulationKernel.docc articles. Every ```swift block in an article is a
// verbatim piece of this file (ArticleExampleTests checks it), so the articles' code compiles
// with the tests, and the tests run it.
import SimulationKernel

// MARK: Getting started

/// A card issuer that answers in 20–80 ms of virtual time, drawn from its own random stream.
actor Issuer: SimulatedActor {
    nonisolated let context: SimulationContext
    private(set) var approvals = 0

    init(context: SimulationContext) { self.context = context }

    func authorize(amount: Int64) async -> Bool {
        await context.sleep(for: .milliseconds(context.random.int(in: 20...80)))
        approvals += 1
        context.trace("approved", subject: UInt64(amount))
        return true
    }
}

/// Three shoppers pay at once. Returns how the run ended, what it measured and its fingerprint.
func checkoutRun(seed: UInt64) -> (end: Simulation.End, approvals: Int, slowest: SimDuration, traceHash: String) {
    let simulation = Simulation(options: .init(seed: seed, strategy: .random, lanes: .perActor))
    let issuer = Issuer(context: simulation.makeContext(name: "issuer"))
    let shoppers = simulation.makeContext(name: "shoppers")
    for amount: Int64 in [1_200, 4_200, 9_900] {
        simulation.spawn {
            let start = shoppers.clock.now
            _ = await issuer.authorize(amount: amount)
            shoppers.record(latency: start.duration(to: shoppers.clock.now), in: "authorize")
        }
    }
    let end = simulation.run()
    let approvals = simulation.inspect { issuer.assumeIsolated { $0.approvals } }
    let slowest = SimDuration(nanoseconds: simulation.metrics.histogram("authorize")?.max ?? 0)
    return (end, approvals, slowest, simulation.trace.hashHex)
}

// MARK: Exploring

/// A wallet with a check-then-act race: it checks the balance, waits for a fraud check across
/// the network, then debits.
actor Wallet: SimulatedActor {
    nonisolated let context: SimulationContext
    let fraudCheck: ReceiverID
    private(set) var balance: Int64 = 100

    init(context: SimulationContext, fraudCheck: ReceiverID) {
        self.context = context
        self.fraudCheck = fraudCheck
    }

    func pay(_ amount: Int64) async -> Bool {
        guard balance >= amount else { return false }
        context.trace("checked", subject: UInt64(amount))
        guard await context.transmit(to: fraudCheck, timeout: .seconds(1)) else { return false }
        balance -= amount  // BUG: a second pay may have passed the guard while this one waited.
        context.trace("debited", subject: UInt64(amount))
        return true
    }
}

/// One run: two payments of 60 against a balance of 100, the second 0–10 ms after the first.
/// `beforeRun` sees the simulation once it is set up (to attach a trace sink, say).
func walletRun(_ options: Simulation.Options,
               beforeRun: (Simulation) -> Void = { _ in }) -> (balance: Int64, traceHash: String) {
    let simulation = Simulation(options: options)
    let network = Network(simulation: simulation, defaultLatency: .uniform(.milliseconds(1), .milliseconds(5)))
    let fraudCheck = simulation.makeContext(name: "fraud-check", network: network)
    let wallet = Wallet(context: simulation.makeContext(name: "wallet", network: network),
                        fraudCheck: fraudCheck.address)
    let shopper = simulation.makeContext(name: "shopper")
    simulation.spawn { _ = await wallet.pay(60) }
    simulation.spawn {
        await shopper.sleep(for: .milliseconds(shopper.random.int(in: 0...10)))
        _ = await wallet.pay(60)
    }
    beforeRun(simulation)
    let end = simulation.run()
    precondition(end == .idle && simulation.escapes.isEmpty, "\(options): \(end), \(simulation.escapes)")
    let balance = simulation.inspect { wallet.assumeIsolated { $0.balance } }
    return (balance, simulation.trace.hashHex)
}

/// Runs every seed under every strategy and returns the runs that overdraw the wallet, in the
/// order tried.
func exploreWallet(seeds: Range<UInt64>, deliveryJitter: SimDuration = .zero)
    -> [(options: Simulation.Options, traceHash: String)] {
    let strategies: [SchedulingStrategy] = [.fifo, .random, .pct(depth: 2, steps: 50)]
    var failures: [(options: Simulation.Options, traceHash: String)] = []
    for seed in seeds {
        for strategy in strategies {
            let options = Simulation.Options(seed: seed, strategy: strategy, lanes: .perActor,
                                             deliveryJitter: deliveryJitter)
            let run = walletRun(options)
            if run.balance < 0 { failures.append((options, run.traceHash)) }
        }
    }
    return failures
}

/// The wallet's overdraft as a thrown error: what fails a trial.
struct Overdraft: Error {
    var balance: Int64
}

/// One trial of the wallet: the workload on the trial's simulation, the run, then the claim.
@Sendable func walletOverdraftTrial(_ trial: Trial) throws {
    let simulation = trial.simulation
    let network = Network(simulation: simulation, defaultLatency: .uniform(.milliseconds(1), .milliseconds(5)))
    let fraudCheck = simulation.makeContext(name: "fraud-check", network: network)
    let wallet = Wallet(context: simulation.makeContext(name: "wallet", network: network),
                        fraudCheck: fraudCheck.address)
    let shopper = simulation.makeContext(name: "shopper")
    simulation.spawn { _ = await wallet.pay(60) }
    simulation.spawn {
        await shopper.sleep(for: .milliseconds(shopper.random.int(in: 0...10)))
        _ = await wallet.pay(60)
    }
    try trial.run()
    let balance = simulation.inspect { wallet.assumeIsolated { $0.balance } }
    withExtendedLifetime(network) {}
    if balance < 0 { throw Overdraft(balance: balance) }
}

/// The trial explored by the library over the default portfolio of strategies (random, PCT at
/// depths 2, 3 and 5, delay-bounded), on two threads, stopping at the first failure.
func exploreWalletWithTheLibrary(seeds: Range<UInt64>) -> ExplorationOutcome {
    ScheduleExploration.explore(seeds: seeds, threads: 2, walletOverdraftTrial)
}

/// The first failing trial of the wallet under 5 ms of jitter, made small: fifo order without
/// delays if that still fails, else the few scheduler choices the failure needs.
func shrinkFirstWalletFailure(seeds: Range<UInt64>) -> ShrunkFailure? {
    let outcome = ScheduleExploration.explore(seeds: seeds, strategies: [.random], jitters: [.milliseconds(5)],
                                              walletOverdraftTrial)
    return outcome.failures.first.map { ScheduleExploration.shrink($0, walletOverdraftTrial) }
}

// MARK: Replaying

/// Every step of one run as a line of text: time, actor, event and subject.
func traceLines(of options: Simulation.Options) -> [String] {
    let lines = TraceLines()
    _ = walletRun(options) { simulation in
        simulation.setTraceSink { [unowned simulation] record in
            lines.all.append("\(record.time) \(simulation.name(of: record.receiver)) "
                + "\(simulation.eventName(record.kind, at: record.receiver)) "
                + simulation.subjectName(record.kind, record.subject, at: record.receiver))
        }
    }
    return lines.all
}

/// Lines a trace sink collects. Unchecked `Sendable` because the sink must be `@Sendable`;
/// safe because a simulation calls its sink on its one thread, one record at a time.
final class TraceLines: @unchecked Sendable {
    var all: [String] = []
}
