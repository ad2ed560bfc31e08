/// CAS-6: a cascade makes at most N attempts, N being the payment's eligible providers in routing order.
final class CascadeStaysWithinItsProviders: SafetyMonitor {
    static let invariant = "CAS-6"
    static let claim = "CascadeStaysWithinItsProviders"
    static let watches: [WorldEvent.Kind] = [.cascadeAttemptStarted]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .cascadeAttemptStarted(let attempt, let providers, _) = event else { return }
        checks.expect(attempt.index < providers, about: attempt.payment,
                      "attempt #\(attempt.index + 1) started with only \(providers) eligible providers")
    }
}
