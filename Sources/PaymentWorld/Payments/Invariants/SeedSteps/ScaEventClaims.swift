/// What the SCA claims know of a lifecycle's current SCA event, from the authority's events.
struct ScaEventShadow {
    var allowable = 0
    var attempts = 0
    var verified = false
    var expired = false
    var redeemed = 0
}

/// The SCA events a claim follows, by lifecycle; a new event replaces the lifecycle's last one.
struct ScaEventShadows {
    private var events = LifecycleShadows<LifecycleID, ScaEventShadow>(fresh: ScaEventShadow())

    static let watches: [WorldEvent.Kind] = [.scaEventOpened, .scaEventExpired, .scaAttemptDecided, .scaEventRedeemed,
                                             .lifecycleEnded]

    /// Follows `event`; returns the lifecycle's event as it was before it, and after.
    mutating func follow(_ event: WorldEvent) -> (LifecycleID, before: ScaEventShadow, after: ScaEventShadow)? {
        let lifecycle: LifecycleID
        let change: (inout ScaEventShadow) -> Void
        switch event {
        case .scaEventOpened(let id, let allowable):
            lifecycle = id
            change = { $0 = ScaEventShadow(allowable: allowable) }
        case .scaEventExpired(let id):
            lifecycle = id
            change = { $0.expired = true }
        case .scaAttemptDecided(let id, let verified):
            lifecycle = id
            change = { shadow in
                shadow.attempts += 1
                shadow.verified = verified
            }
        case .scaEventRedeemed(let id):
            lifecycle = id
            change = { $0.redeemed += 1 }
        case .lifecycleEnded(let id, _, _):
            events.forget(id)
            return nil
        default:
            return nil
        }
        let (before, after) = events.update(lifecycle) { shadow in
            let before = shadow
            change(&shadow)
            return (before, shadow)
        }
        return (lifecycle, before, after)
    }
}

/// SCA-2: a verified SCA event is redeemed for at most one effect, and only once it is verified.
final class ScaEventsTakeOneEffect: SafetyMonitor {
    static let invariant = "SCA-2"
    static let claim = "ScaEventsTakeOneEffect"
    static let watches = ScaEventShadows.watches
    @exclusivity(unchecked) private var events = ScaEventShadows()

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .scaEventRedeemed = event, let (lifecycle, before, _) = events.follow(event) else {
            _ = events.follow(event)
            return
        }
        checks.expect(before.verified && before.redeemed == 0, about: lifecycle,
                      before.verified ? "an SCA event redeemed for a second effect" : "an SCA event redeemed before it was verified")
    }
}

/// SCA-3: an event takes no more attempts than allowableAttempts, and one that expired never
/// becomes verified.
final class ExpiredOrExhaustedScaNeverVerifies: SafetyMonitor {
    static let invariant = "SCA-3"
    static let claim = "ExpiredOrExhaustedScaNeverVerifies"
    static let watches = ScaEventShadows.watches
    @exclusivity(unchecked) private var events = ScaEventShadows()

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .scaAttemptDecided = event, let (lifecycle, before, after) = events.follow(event) else {
            _ = events.follow(event)
            return
        }
        checks.expect(after.attempts <= after.allowable, about: lifecycle,
                      "attempt #\(after.attempts) on an SCA event that allows \(after.allowable)")
        checks.expect(!(after.verified && before.expired), about: lifecycle, "an expired SCA event became verified")
    }
}
