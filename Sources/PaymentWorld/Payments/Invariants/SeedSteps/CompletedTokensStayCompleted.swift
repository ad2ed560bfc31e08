/// PROV-4: a COMPLETED tokenization is immutable: its completion time running out afterwards does
/// not take the device's token away (only cancelling the card deactivates it: CARD-6).
final class CompletedTokensStayCompleted: SafetyMonitor {
    static let invariant = "PROV-4"
    static let claim = "CompletedTokensStayCompleted"
    static let watches: [WorldEvent.Kind] = [.tokenizationCompleted, .tokenizationLapsed]

    /// Lifecycles whose tokenization completed. Kept past the lifecycle's end, as its timer outlives
    /// it; the slot's next tenant starts fresh.
    @exclusivity(unchecked) private var completed = LifecycleShadows<LifecycleID, Bool>(fresh: false)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .tokenizationCompleted(let lifecycle, _, _, _):
            completed.update(lifecycle) { $0 = true }
        case .tokenizationLapsed(let lifecycle):
            checks.expect(!completed[lifecycle], about: lifecycle, "a completed tokenization lapsed at its completion time")
        default:
            break
        }
    }
}
