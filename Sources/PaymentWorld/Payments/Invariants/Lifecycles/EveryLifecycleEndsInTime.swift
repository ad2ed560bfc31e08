import SimulationKernel

/// G-7: every lifecycle the customer starts ends within its budget, and no gateway payment is left
/// open when the run has nothing more to do. A started lifecycle is hot until it ends; the device's
/// deadline timer asks whether it still is.
final class EveryLifecycleEndsInTime: LivenessMonitor {
    static let invariant = "G-7"
    static let claim = "EveryLifecycleEndsInTime"
    static let watches: [WorldEvent.Kind] = [.lifecycleStarted, .lifecycleEnded, .lifecycleDeadlineReached, .paymentOpenAtEnd]

    /// The deadline of each hot lifecycle; nil once it ended.
    private var hot = LifecycleShadows<LifecycleID, SimTime?>(fresh: nil)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .lifecycleStarted(let lifecycle, let deadline):
            hot.update(lifecycle) { $0 = deadline }
        case .lifecycleEnded(let lifecycle):
            let deadline = hot[lifecycle]
            let now = checks.time
            hot.forget(lifecycle)
            checks.expect(deadline.map { now <= $0 } ?? true, about: lifecycle,
                          "ended at \(now), after its deadline \(deadline.map { "\($0)" } ?? "-")")
        case .lifecycleDeadlineReached(let lifecycle, let detail):
            // Reported once: its late end is not a second violation.
            let stillOpen = hot[lifecycle] != nil
            hot.forget(lifecycle)
            checks.expect(!stillOpen, about: lifecycle, detail)
        case .paymentOpenAtEnd(let payment):
            checks.expect(false, about: payment, "the gateway's payment is still open with nothing left to finish it")
        default:
            break
        }
    }
}
