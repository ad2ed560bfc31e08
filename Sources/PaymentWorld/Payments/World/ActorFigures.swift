import SimulationKernel

/// What one actor counted during a run, read once at its end by the world's collector: its
/// counters, the (state, event) pairs its lifecycles reached, and its station when it has one.
struct ActorFigures {
    var counters = PaymentCounters()
    var coverage = StateCoverage()
    var station: ServiceStation?
}

/// An actor that reports its figures when the run is over.
protocol ReportingActor: PaymentsActor {
    func figures() -> ActorFigures
}

extension ReportingActor {
    /// The actor's figures, read from outside its isolation: legal only on the simulation's thread
    /// between steps, where the world's collector reads them (`Simulation.inspect`).
    nonisolated func collectFigures() -> ActorFigures { assumeIsolated { $0.figures() } }
}
