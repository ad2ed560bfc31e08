import SimulationKernel

/// What both clients offer the app.
public protocol CheckoutClient: SimulatedActor {
    func pay(_ order: OrderID, amount: Int64, card: String) async throws -> Receipt
}

public enum ClientKind: String, Sendable, CaseIterable {
    case buggy, safe
}

/// How one simulated checkout went.
public struct CheckoutOutcome: Sendable, Hashable {
    /// Charges the gateway made for the order: 1 is right, 2 is a double charge.
    public var charges: Int
    /// What each tap got back, in the order the taps finished.
    public var taps: [String]
    /// The run's fingerprint: every step, in order. Same seed, same hash.
    public var traceHash: String
    /// The named events (`context.trace`) in order: `time actor event #subject`.
    public var story: [String]
    /// The longest a tap waited for its answer (the shopper's "tap" latency histogram).
    public var slowestTap: SimDuration

    public var doubleCharged: Bool { charges > 1 }
}

/// One checkout: a shopper taps Pay, then taps it again 0–80 ms later (drawn from the shopper's
/// seeded stream). Everything runs on the simulation's virtual clock, on one thread, with every
/// actor on its own lane so each actor hop is a scheduling point the strategy chooses.
///
/// This race is decided by timing: whether the second tap lands while the first is tokenizing.
/// The seed draws that timing from the actors' streams; the strategy orders the steps due at
/// one instant from a stream of its own, so here fifo, random and pct fail on the same seeds.
public func checkout(seed: UInt64, client kind: ClientKind, strategy: SchedulingStrategy = .random) -> CheckoutOutcome {
    let simulation = Simulation(options: .init(seed: seed, strategy: strategy, lanes: .perActor))
    let story = Story()
    simulation.setTraceSink { [unowned simulation] record in
        // Keep the named events: receivers, not the kernel (0) or job steps (top bit set).
        guard record.receiver != .kernel, record.receiver.rawValue & 0x8000_0000 == 0 else { return }
        story.lines.append("\(record.time) \(simulation.name(of: record.receiver)) "
                           + "\(simulation.eventName(record.kind, at: record.receiver)) #\(record.subject)")
    }
    let taps = Story()
    let gateway = startCheckout(on: simulation, client: kind, taps: taps)
    let end = simulation.run()
    precondition(end == .idle && simulation.escapes.isEmpty, "seed \(seed): the run ended \(end), \(simulation.escapes)")
    let charges = simulation.inspect { gateway.assumeIsolated { $0.charges.count } }
    let slowestTap = SimDuration(nanoseconds: simulation.metrics.histogram("tap")?.max ?? 0)
    return CheckoutOutcome(charges: charges, taps: taps.lines, traceHash: simulation.trace.hashHex,
                           story: story.lines, slowestTap: slowestTap)
}

/// Builds the checkout's world on `simulation` and starts the shopper's two taps; each tap's
/// result goes to `taps`. The gateway it returns counts the charges once the run is over.
func startCheckout(on simulation: Simulation, client kind: ClientKind, taps: Story) -> FakeGateway {
    let gateway = FakeGateway(context: simulation.makeContext(name: "gateway"))
    let clientContext = simulation.makeContext(name: "client")
    let client: any CheckoutClient = switch kind {
    case .buggy: PaymentClient(context: clientContext, gateway: gateway)
    case .safe: SafePaymentClient(context: clientContext, gateway: gateway)
    }
    let shopper = simulation.makeContext(name: "shopper")
    let secondTap = Duration.milliseconds(shopper.random.int(in: 0...80))

    func tap(_ number: UInt64) async {
        shopper.trace("tap", subject: number)
        let start = shopper.clock.now
        do {
            let receipt = try await client.pay(7, amount: 4_200, card: "4242424242424242")
            taps.lines.append("tap \(number): paid, charge \(receipt.chargeID)")
        } catch {
            taps.lines.append("tap \(number): \(error)")
        }
        shopper.record(latency: start.duration(to: shopper.clock.now), in: "tap")
    }
    simulation.spawn { await tap(1) }
    simulation.spawn {
        await shopper.sleep(for: secondTap)
        await tap(2)
    }
    return gateway
}

/// The first seed in `seeds` whose checkout double-charges, if any.
public func firstDoubleCharge(in seeds: Range<UInt64>, client kind: ClientKind,
                              strategy: SchedulingStrategy = .random) -> UInt64? {
    seeds.first { checkout(seed: $0, client: kind, strategy: strategy).doubleCharged }
}

/// Lines collected during a run; the simulation's one thread makes sharing it safe.
final class Story: @unchecked Sendable {
    var lines: [String] = []
}
