import SimulationKernel

/// Where the world's actors report what happened: it hands each fact to the invariant registry
/// at the current virtual time, keeps the violations, and stops the run at the first safety or
/// liveness violation unless the run keeps going.
final class WorldObserver {
    private let simulation: SimulationHandle
    @exclusivity(unchecked) private(set) var registry: InvariantRegistry
    let keepGoing: Bool
    /// The first violation, which stopped the run (or every one, with keep-going).
    var violations: [Violation] { registry.violations }

    init(simulation: Simulation, registry: InvariantRegistry, keepGoing: Bool) {
        self.simulation = SimulationHandle(simulation)
        self.registry = registry
        self.keepGoing = keepGoing
    }

    /// Keeps text that a failure event carries as a note.
    func note(_ text: String) -> EventNote { registry.note(text) }

    func observe(_ event: WorldEvent) {
        let broken = registry.observe(event, at: simulation.now)
        guard broken > 0 else { return }
        guard !keepGoing else { return }
        for violation in registry.violations.suffix(broken) {
            simulation.with { $0.stop("\(violation.invariant) \(violation.claim)") }
        }
    }
}
