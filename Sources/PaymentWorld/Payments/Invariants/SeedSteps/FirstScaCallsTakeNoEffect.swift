/// SCA-5: the first call of an SCA-protected operation, the one without scaDetails, has no effect:
/// once the platform has answered it `scaRequired`, nothing of the operation happens to the card
/// (no status change, no PIN set, no tokenization) until the lifecycle redeems a verified event.
///
/// CARD-4 sees a status change made without SCA; a PIN change changes no status, and SCA-1 sees
/// only the effects the platform reports after a redeem. This claim sees the card's own facts.
final class FirstScaCallsTakeNoEffect: SafetyMonitor {
    static let invariant = "SCA-5"
    static let claim = "FirstScaCallsTakeNoEffect"
    static let watches: [WorldEvent.Kind] = [.scaRequested, .scaEventRedeemed, .prepaidStatusChanged, .prepaidPinSet,
                                             .tokenizationInitiated, .lifecycleEnded]

    /// The operation (a `SeedStep` raw value) whose first call was answered `scaRequired` and whose
    /// event is not redeemed yet, by lifecycle; 0 for none.
    @exclusivity(unchecked) private var awaiting = LifecycleShadows<LifecycleID, UInt8>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .scaRequested(let lifecycle, let operation):
            awaiting.update(lifecycle) { $0 = operation }
        case .scaEventRedeemed(let lifecycle, _):
            awaiting.update(lifecycle) { $0 = 0 }
        case .lifecycleEnded(let lifecycle, _, _):
            awaiting.forget(lifecycle)
        case .prepaidStatusChanged(let lifecycle, let card, let from, let to, _):
            // The card's expiry is the clock's, not the operation's.
            guard to != .expired else { return }
            expectNoEffect(lifecycle, checks: &checks, "\(card) went \(from.map { "\($0)" } ?? "nowhere") → \(to)")
        case .prepaidPinSet(let lifecycle, let card):
            expectNoEffect(lifecycle, checks: &checks, "\(card)'s PIN was set")
        case .tokenizationInitiated(let lifecycle):
            expectNoEffect(lifecycle, checks: &checks, "a tokenization was initiated")
        default:
            break
        }
    }

    private func expectNoEffect(_ lifecycle: LifecycleID, checks: inout InvariantChecks, _ what: @autoclosure () -> String) {
        let operation = awaiting[lifecycle]
        checks.expect(operation == 0, about: lifecycle,
                      "\(what()) on the first call of \(SeedStep(rawValue: operation).map { "\($0)" } ?? "operation \(operation)"), "
                          + "answered scaRequired, before any SCA event was redeemed")
    }
}
