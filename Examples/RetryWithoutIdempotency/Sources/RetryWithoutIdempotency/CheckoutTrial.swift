import SimulationKernel

/// The claim this example checks: one payment, at most one charge.
public struct DoubleCharge: Error, Sendable, Hashable, CustomStringConvertible {
    public var order: OrderID
    public var charges: Int
    public var description: String { "order \(order) was charged \(charges) times for one payment" }
}

/// The network between the connection and the gateway, both ways: 5–30 ms a crossing; one message
/// in 25 lost, and one in 25 held back 50–300 ms, so it may come after the client's timeout.
/// (Duplicated messages are left out: a `transmit` completes at the first copy, so a second one
/// would change nothing here.)
public func checkoutNetwork(on simulation: Simulation) -> Network {
    Network(simulation: simulation, defaultLatency: .uniform(.milliseconds(5), .milliseconds(30)),
            defaultFaults: FaultProfile(loss: Ratio(1, 25), reordering: Ratio(1, 25),
                                        reorderDelay: .uniform(.milliseconds(50), .milliseconds(300))))
}

/// One checkout as an exploration trial: the shopper pays order 7 once, through `kind` of client,
/// over ``checkoutNetwork(on:)``; the trial fails with ``DoubleCharge`` if the gateway charged
/// the order more than once. Pass it to `ScheduleExploration.explore` or `expectNoScheduleFailure`.
///
/// Everything is made on `trial.simulation`, in a fixed order: the network and each context take
/// their random streams when they are made, so moving a line changes every seed's run.
public func checkoutTrial(client kind: ClientKind) -> @Sendable (Trial) throws -> Void {
    { trial in
        let simulation = trial.simulation
        let network = checkoutNetwork(on: simulation)
        let gateway = FakeGateway(context: simulation.makeContext(name: "gateway", network: network))
        let connection = GatewayConnection(context: simulation.makeContext(name: "connection", network: network),
                                           gateway: gateway)
        let clientContext = simulation.makeContext(name: "client")
        let client: any ChargingClient = switch kind {
        case .retrying: RetryingClient(context: clientContext, connection: connection)
        case .idempotent: IdempotentClient(context: clientContext, connection: connection)
        }
        simulation.spawn { _ = await client.pay(7, amount: 4_200) }
        try trial.run()
        let charges = simulation.inspect { gateway.assumeIsolated { $0.charges.count } }
        if charges > 1 { throw DoubleCharge(order: 7, charges: charges) }
    }
}
