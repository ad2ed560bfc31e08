import SimulationKernel

/// The claim `ScheduleExploration` checks: one order, at most one charge.
public struct DoubleCharge: Error, Sendable, CustomStringConvertible {
    public var charges: Int
    public var description: String { "order 7 was charged \(charges) times" }
}

/// The checkout of ``checkout(seed:client:strategy:)`` as an exploration trial, for
/// `ScheduleExploration.explore`: the same world on the trial's simulation, failing with
/// ``DoubleCharge``. Under the same seed and strategy it takes the same steps as `checkout`.
public func checkoutTrial(client kind: ClientKind) -> @Sendable (Trial) throws -> Void {
    { trial in
        let gateway = startCheckout(on: trial.simulation, client: kind, taps: Story())
        try trial.run()
        let charges = trial.simulation.inspect { gateway.assumeIsolated { $0.charges.count } }
        if charges > 1 { throw DoubleCharge(charges: charges) }
    }
}
