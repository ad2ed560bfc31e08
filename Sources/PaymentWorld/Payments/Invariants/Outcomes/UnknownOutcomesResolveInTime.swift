import SimulationKernel

/// RES-1: every unknown outcome is settled by LC-12 in time, and none is left unknown when the
/// gateway retires its payment or the run ends.
///
/// "In time" is a whole lifecycle budget (§2.7) from the moment the answer was lost: the order's
/// own deadline plus a grace of however far into its lifecycle the payment went unknown. On a
/// network no duration bounds (a budget at its clamp) only the retirement and end checks apply.
final class UnknownOutcomesResolveInTime: LivenessMonitor {
    static let invariant = "RES-1"
    static let claim = "UnknownOutcomesResolveInTime"
    static let watches: [WorldEvent.Kind] = [.outcomeUnknown, .outcomeResolved, .paymentRetired, .paymentOpenAtEnd]

    private struct Shadow {
        /// When the outcome must be known, in nanoseconds; 0 while it is not unknown.
        var deadline: Int64 = 0
    }

    private let world: MonitoredWorld
    /// The resolution budget of each flow, by its raw value.
    private let budgets: [SimDuration]
    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {
        self.world = world
        budgets = PaymentFlow.allCases.map { world.configuration.lifecycleBudget(for: $0) }
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .outcomeUnknown(let payment):
            let flow = world.bodies[world.bodies[payment].order].flow
            let budget = budgets[Int(flow.rawValue)]
            let deadline = budget >= .budgetClamp ? Simulation.horizon : checks.time + budget
            payments.update(payment) { $0.deadline = deadline.nanoseconds }
        case .outcomeResolved(let payment, _):
            let deadline = SimTime(nanoseconds: payments[payment].deadline)
            guard deadline.nanoseconds != 0 else { return }
            let now = checks.time
            checks.expect(now <= deadline, about: payment, "the unknown outcome was settled at \(now), after \(deadline)")
            payments.update(payment) { $0.deadline = 0 }
        case .paymentRetired(let payment, _):
            checks.expect(payments[payment].deadline == 0, about: payment, "retired with its outcome still unknown")
            payments.forget(payment)
        case .paymentOpenAtEnd(let payment):
            checks.expect(payments[payment].deadline == 0, about: payment,
                          "the run ended with the payment's outcome still unknown")
        default:
            break
        }
    }
}
