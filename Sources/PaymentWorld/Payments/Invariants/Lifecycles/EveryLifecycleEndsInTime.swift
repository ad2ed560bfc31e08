import SimulationKernel

/// G-7: every lifecycle the customer starts ends within its budget, and no gateway payment is left
/// open when the run has nothing more to do.
///
/// What is hot is kept by the device, which owns the lifecycles: its deadline timer fires only for a
/// lifecycle still open, and an ending names the deadline it had. So this claim needs no shadow of
/// its own, which keeps the one check every lifecycle makes cheap.
final class EveryLifecycleEndsInTime: LivenessMonitor {
    static let invariant = "G-7"
    static let claim = "EveryLifecycleEndsInTime"
    static let watches: [WorldEvent.Kind] = [.lifecycleEnded, .lifecycleDeadlineReached, .paymentOpenAtEnd]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .lifecycleEnded(let lifecycle, let deadline, _):
            let now = checks.time
            checks.expect(now <= deadline, about: lifecycle, "ended at \(now), after its deadline \(deadline)")
        case .lifecycleDeadlineReached(let lifecycle, let detail):
            checks.expect(false, about: .lifecycle(lifecycle), note: detail)
        case .paymentOpenAtEnd(let payment):
            checks.expect(false, about: payment, "the gateway's payment is still open with nothing left to finish it")
        default:
            break
        }
    }
}
