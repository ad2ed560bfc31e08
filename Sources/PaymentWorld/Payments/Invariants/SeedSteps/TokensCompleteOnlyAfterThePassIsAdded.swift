/// PROV-2: a wallet tokenization is COMPLETED only after the card platform initiated it and the
/// customer's mobile wallet reported the pass added with its DPAN.
final class TokensCompleteOnlyAfterThePassIsAdded: SafetyMonitor {
    static let invariant = "PROV-2"
    static let claim = "TokensCompleteOnlyAfterThePassIsAdded"
    static let watches: [WorldEvent.Kind] = [.tokenizationInitiated, .passAdded, .tokenizationCompleted, .lifecycleEnded]

    private struct Shadow {
        var initiated = false
        var passAdded = false
    }

    @exclusivity(unchecked) private var lifecycles = LifecycleShadows<LifecycleID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .tokenizationInitiated(let lifecycle):
            lifecycles.update(lifecycle) { $0.initiated = true }
        case .passAdded(let lifecycle):
            lifecycles.update(lifecycle) { $0.passAdded = true }
        case .tokenizationCompleted(let lifecycle, let card, _, _):
            let shadow = lifecycles[lifecycle]
            checks.expect(shadow.initiated && shadow.passAdded, about: lifecycle,
                          shadow.initiated ? "\(card)'s token completed before the mobile wallet added the pass"
                                           : "\(card)'s token completed without being initiated")
        case .lifecycleEnded(let lifecycle, _, _):
            lifecycles.forget(lifecycle)
        default:
            break
        }
    }
}
