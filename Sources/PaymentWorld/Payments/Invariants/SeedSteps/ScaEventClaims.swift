import SimulationKernel

/// What the SCA claims know of a lifecycle's current SCA event, from the authority's events.
struct ScaEventShadow {
    /// The operation (a `SeedStep`'s raw value) the event was opened for.
    var operation: UInt8 = 0
    /// When it was opened: its expirationTime is this plus `timeouts.scaEventExpiry`, on the
    /// claims' own clock, whether or not the authority's timer says so (`scaEventExpired`).
    var opened: Int64 = 0  // In nanoseconds: SimTime is not BitwiseCopyable.
    var allowable = 0
    var attempts = 0
    var verified = false
    var expired = false
    var redeemed = 0
    /// The operation redeemed last, 0 for none.
    var redeemedOperation: UInt8 = 0
    /// The status of the last attempt, and whether any was decided.
    var lastAttemptVerified = false
}

/// The SCA events a claim follows, by lifecycle; a new event replaces the lifecycle's last one.
struct ScaEventShadows {
    private var events = LifecycleShadows<LifecycleID, ScaEventShadow>(fresh: ScaEventShadow())

    static let watches: [WorldEvent.Kind] = [.scaEventOpened, .scaEventExpired, .scaAttemptDecided, .scaEventRedeemed,
                                             .lifecycleEnded]

    /// The lifecycle's event as known now.
    subscript(lifecycle: LifecycleID) -> ScaEventShadow { events[lifecycle] }

    /// Follows `event`, observed at `now`; returns the lifecycle's event as it was before it, and after.
    mutating func follow(_ event: WorldEvent, at now: SimTime) -> (LifecycleID, before: ScaEventShadow, after: ScaEventShadow)? {
        let lifecycle: LifecycleID
        let change: (inout ScaEventShadow) -> Void
        switch event {
        case .scaEventOpened(let id, let operation, let allowable):
            lifecycle = id
            change = { $0 = ScaEventShadow(operation: operation, opened: now.nanoseconds, allowable: allowable) }
        case .scaEventExpired(let id):
            lifecycle = id
            change = { $0.expired = true }
        case .scaAttemptDecided(let id, let attemptVerified, let verified):
            lifecycle = id
            change = { shadow in
                shadow.attempts += 1
                shadow.verified = verified
                shadow.lastAttemptVerified = attemptVerified
            }
        case .scaEventRedeemed(let id, let operation):
            lifecycle = id
            change = { shadow in
                shadow.redeemed += 1
                shadow.redeemedOperation = operation
            }
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

/// SCA-2: a verified SCA event is redeemed for at most one effect, only once it is verified, and
/// only before its expirationTime (domain.md: "a verified, unexpired, unused event"). The expiry is
/// the claim's own clock, the event's opening plus `timeouts.scaEventExpiry`: until the claims
/// audit it was the authority's own `scaEventExpired`, so an authority whose timer skipped
/// verified events let a redeem through at any age.
final class ScaEventsTakeOneEffect: SafetyMonitor {
    static let invariant = "SCA-2"
    static let claim = "ScaEventsTakeOneEffect"
    static let watches = ScaEventShadows.watches
    private let events: SharedScaEvents
    private let expiry: SimDuration

    init(_ world: MonitoredWorld) {
        events = world.shared.scaEvents
        expiry = world.configuration.timeouts.scaEventExpiry
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let followed = events.follow(event, checks)
        guard case .scaEventRedeemed = event, let (lifecycle, before, _) = followed else { return }
        checks.expect(before.verified && before.redeemed == 0, about: lifecycle,
                      before.verified ? "an SCA event redeemed for a second effect" : "an SCA event redeemed before it was verified")
        let now = checks.time, expiresAt = SimTime(nanoseconds: before.opened) + expiry
        checks.expect(now <= expiresAt, about: lifecycle, "an SCA event redeemed at \(now), past its expirationTime \(expiresAt)")
    }
}

/// SCA-3: an event takes no more attempts than allowableAttempts, and one that expired never
/// becomes verified.
final class ExpiredOrExhaustedScaNeverVerifies: SafetyMonitor {
    static let invariant = "SCA-3"
    static let claim = "ExpiredOrExhaustedScaNeverVerifies"
    static let watches = ScaEventShadows.watches
    private let events: SharedScaEvents
    private let expiry: SimDuration

    init(_ world: MonitoredWorld) {
        events = world.shared.scaEvents
        expiry = world.configuration.timeouts.scaEventExpiry
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let followed = events.follow(event, checks)
        guard case .scaAttemptDecided = event, let (lifecycle, before, after) = followed else { return }
        checks.expect(after.attempts <= after.allowable, about: lifecycle,
                      "attempt #\(after.attempts) on an SCA event that allows \(after.allowable)")
        // Expired by the authority's word, or by the claim's own clock (opened + scaEventExpiry).
        let expired = before.expired || checks.time > SimTime(nanoseconds: before.opened) + expiry
        checks.expect(!(after.verified && expired), about: lifecycle, "an expired SCA event became verified")
    }
}

/// SCA-4: an SCA event's status is the status of its last attempt: verified after a verified
/// attempt, and not verified after a rejected one.
final class ScaEventsTakeTheirLastAttemptsStatus: SafetyMonitor {
    static let invariant = "SCA-4"
    static let claim = "ScaEventsTakeTheirLastAttemptsStatus"
    static let watches = ScaEventShadows.watches
    private let events: SharedScaEvents

    init(_ world: MonitoredWorld) { events = world.shared.scaEvents }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let followed = events.follow(event, checks)
        guard case .scaAttemptDecided = event, let (lifecycle, _, after) = followed else { return }
        checks.expect(after.verified == after.lastAttemptVerified, about: lifecycle,
                      after.verified ? "the SCA event is verified after a rejected attempt"
                                     : "the SCA event is not verified after a verified attempt")
    }
}

/// SCA-1: an SCA-protected operation takes effect only by redeeming a verified event opened for
/// that same operation, after the first call was answered `scaRequired`.
///
/// Every effect the card platform applies is judged: until the claims audit only those whose first
/// call had been answered `scaRequired`, so an operation the platform applied at its first call,
/// never asking for SCA (a PIN change, which changes no status for CARD-4 to see), passed.
final class ScaEffectsRedeemTheirOwnOperation: SafetyMonitor {
    static let invariant = "SCA-1"
    static let claim = "ScaEffectsRedeemTheirOwnOperation"
    static let watches = ScaEventShadows.watches + [.scaRequested, .scaProtectedEffect]
    @exclusivity(unchecked) private var events = ScaEventShadows()
    /// The operation whose first call was answered `scaRequired`, by lifecycle; 0 for none.
    @exclusivity(unchecked) private var requested = LifecycleShadows<LifecycleID, UInt8>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .scaRequested(let lifecycle, let operation):
            requested.update(lifecycle) { $0 = operation }
        case .scaProtectedEffect(let lifecycle, let operation):
            guard requested[lifecycle] == operation else {
                return checks.expect(false, about: lifecycle, "operation \(operation) took effect though SCA was never asked for it")
            }
            let sca = events[lifecycle]
            checks.expect(sca.redeemed > 0 && sca.operation == operation && sca.redeemedOperation == operation,
                          about: lifecycle,
                          sca.redeemed == 0 ? "operation \(operation) took effect without redeeming a verified SCA event"
                                            : "operation \(operation) took effect on an SCA event for operation \(sca.operation)")
            requested.update(lifecycle) { $0 = 0 }
        case .lifecycleEnded:
            // Kept past the lifecycle's end (its slot's next tenant reads fresh): the platform may
            // apply a redeemed event after the app stopped waiting for it.
            break
        default:
            _ = events.follow(event, at: checks.time)
        }
    }
}
