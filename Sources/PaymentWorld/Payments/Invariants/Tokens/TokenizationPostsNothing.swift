/// TOK-3: tokenization itself makes no posting: no transfers for the tokenizing lifecycle before
/// its token exists, whether booked for the lifecycle or for one of its payments (the card core
/// posts under the payment, whose body names its order). Checked on every token created.
final class TokenizationPostsNothing: SafetyMonitor {
    static let invariant = "TOK-3"
    static let claim = "TokenizationPostsNothing"
    static let watches: [WorldEvent.Kind] = [.transfersPosted, .tokenCreated]

    private struct Shadow {
        var posted = false
    }

    /// By lifecycle, one entry per slot: a slot's next lifecycle starts fresh.
    @exclusivity(unchecked) private var lifecycles = LifecycleShadows<LifecycleID, Shadow>(fresh: Shadow())

    private let bodies: RequestBodies

    init(_ world: MonitoredWorld) { bodies = world.bodies }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .transfersPosted(.lifecycle(let lifecycle)):
            lifecycles.update(lifecycle) { $0.posted = true }
        case .transfersPosted(.payment(let payment)):
            lifecycles.update(bodies[payment].order) { $0.posted = true }
        case .tokenCreated(let lifecycle, _, _):
            checks.expect(!lifecycles[lifecycle].posted, about: lifecycle, "transfers were posted for a tokenization")
        default:
            break
        }
    }
}
