/// What the session claims (SES-1, SES-2, SES-4, SES-5) know of a lifecycle's checkout session,
/// from the platform's events: one copy for all four (`SharedShadows`), each reading it as its own.
struct SessionShadow {
    /// The API version the session was created with (0 for none), and the submissions it allows (0 for no limit).
    var apiVersion = 0
    var limit = 0
    var uses = 0
    /// The uses the device submitted, which the limit counts (SES-4).
    var submissions = 0
    var bound = false
    var expired = false
    var oneShot = false

    /// A fresh binding replaces whatever the lifecycle's session was: a new context, a new session.
    mutating func bind(apiVersion: Int, limit: Int, oneShot: Bool) {
        self = SessionShadow(apiVersion: apiVersion, limit: limit, uses: 0, submissions: 0, bound: true, expired: false,
                             oneShot: oneShot)
    }
}

/// The sessions a claim follows, by lifecycle: bound, used and expired as the platform reports,
/// forgotten when the lifecycle ends.
struct SessionShadows {
    private var sessions = LifecycleShadows<LifecycleID, SessionShadow>(fresh: SessionShadow())

    static let watches: [WorldEvent.Kind] = [.sessionBound, .sessionUsed, .sessionExpired, .lifecycleEnded]

    /// Follows `event`, and hands a use to `check` with the session as it was before the use, and
    /// whether the device submitted it.
    mutating func follow(_ event: WorldEvent, check: (LifecycleID, Int, SessionShadow, Bool) -> Void) {
        switch event {
        case .sessionBound(let lifecycle, let apiVersion, let limit, let oneShot):
            sessions.update(lifecycle) { $0.bind(apiVersion: apiVersion, limit: limit, oneShot: oneShot) }
        case .sessionUsed(let lifecycle, let apiVersion, let submitted):
            let before = sessions.update(lifecycle) { session in
                defer {
                    session.uses += 1
                    if submitted { session.submissions += 1 }
                }
                return session
            }
            if before.bound { check(lifecycle, apiVersion, before, submitted) }
        case .sessionExpired(let lifecycle):
            sessions.update(lifecycle) { $0.expired = true }
        case .lifecycleEnded(let lifecycle, _, _):
            sessions.forget(lifecycle)
        default:
            break
        }
    }
}

/// SES-1: no operation runs on a session after its lifetime (or a Sips context's inactivity
/// limit) ran out; only a new binding brings the lifecycle a live session again.
final class NoOperationOnAnExpiredSession: SafetyMonitor {
    static let invariant = "SES-1"
    static let claim = "NoOperationOnAnExpiredSession"
    static let watches = SessionShadows.watches
    private let sessions: SharedSessions

    init(_ world: MonitoredWorld) { sessions = world.shared.sessions }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard let (lifecycle, _, session, _) = sessions.follow(event, checks) else { return }
        checks.expect(!session.expired, about: lifecycle, "an operation ran on the session after it expired")
    }
}

/// SES-2: every update names the API version that created the session (Mastercard); a stale app's
/// update is refused, never applied.
final class UpdatesNameTheSessionsVersion: SafetyMonitor {
    static let invariant = "SES-2"
    static let claim = "UpdatesNameTheSessionsVersion"
    static let watches = SessionShadows.watches
    private let sessions: SharedSessions

    init(_ world: MonitoredWorld) { sessions = world.shared.sessions }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard let (lifecycle, named, session, _) = sessions.follow(event, checks) else { return }
        guard named != 0 || session.apiVersion != 0 else { return }  // Neither side is versioned.
        checks.expect(named == session.apiVersion, about: lifecycle,
                      "an update naming API version \(named) was applied to a session of version \(session.apiVersion)")
    }
}

/// SES-4: a session takes no more device submissions than its authenticationLimit (Mastercard).
final class SessionUsesStayWithinTheLimit: SafetyMonitor {
    static let invariant = "SES-4"
    static let claim = "SessionUsesStayWithinTheLimit"
    static let watches = SessionShadows.watches
    private let sessions: SharedSessions

    init(_ world: MonitoredWorld) { sessions = world.shared.sessions }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard let (lifecycle, _, session, submitted) = sessions.follow(event, checks) else { return }
        guard session.limit > 0, submitted else { return }  // The merchant's PAY is no device submission.
        checks.expect(session.submissions < session.limit, about: lifecycle,
                      "submission #\(session.submissions + 1) on a session that allows \(session.limit)")
    }
}

/// SES-5: a one-shot credential (ecommpay's signed parameters, a Sips initialize context) is
/// consumed at most once; another operation needs a new one.
final class OneShotSessionsAreUsedOnce: SafetyMonitor {
    static let invariant = "SES-5"
    static let claim = "OneShotSessionsAreUsedOnce"
    static let watches = SessionShadows.watches
    private let sessions: SharedSessions

    init(_ world: MonitoredWorld) { sessions = world.shared.sessions }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard let (lifecycle, _, session, _) = sessions.follow(event, checks) else { return }
        guard session.oneShot else { return }
        checks.expect(session.uses == 0, about: lifecycle, "a one-shot session used a second time")
    }
}
