/// The shadows that several claims keep alike, kept once per world.
///
/// The OTP claims (OTP-1, OTP-2, OTP-4, WAL-2), the session claims (SES-1, SES-2, SES-4, SES-5)
/// and three SCA claims (SCA-2, SCA-3, SCA-4) each followed the same events into the same
/// per-lifecycle shadow, one copy per claim. Each family's claims now read one copy: the first of
/// them to see an event follows it, and the others read what that did (the shadow before and
/// after), so every claim judges exactly what its own copy would have shown. A claim keeps its
/// own copy where it follows the events differently (SCA-1 keeps its SCA event past the
/// lifecycle's end).
final class SharedShadows {
    private(set) lazy var otpCodes = SharedOtpCodes()
    private(set) lazy var sessions = SharedSessions()
    private(set) lazy var scaEvents = SharedScaEvents()
}

/// ``OtpShadows`` followed once per event for the claims that share it.
final class SharedOtpCodes {
    private var codes = OtpShadows()
    private var followed: UInt64 = 0
    private var accepted: (lifecycle: LifecycleID, code: UInt64, before: OtpShadow)?

    /// Follows the event `checks` is observing, if no claim has yet; an accepted code, with what
    /// was known before it.
    func follow(_ event: WorldEvent, _ checks: borrowing InvariantChecks) -> (lifecycle: LifecycleID, code: UInt64, before: OtpShadow)? {
        if followed != checks.sequence {
            followed = checks.sequence
            accepted = nil
            codes.follow(event, at: checks.time) { lifecycle, code, before in accepted = (lifecycle, code, before) }
        }
        return accepted
    }

    subscript(lifecycle: LifecycleID) -> OtpShadow { codes[lifecycle] }
}

/// ``SessionShadows`` followed once per event for the claims that share it.
final class SharedSessions {
    private var sessions = SessionShadows()
    private var followed: UInt64 = 0
    private var use: (lifecycle: LifecycleID, named: Int, before: SessionShadow, submitted: Bool)?

    /// Follows the event `checks` is observing, if no claim has yet; a use of a bound session, with
    /// the session as it was before the use.
    func follow(_ event: WorldEvent, _ checks: borrowing InvariantChecks)
        -> (lifecycle: LifecycleID, named: Int, before: SessionShadow, submitted: Bool)? {
        if followed != checks.sequence {
            followed = checks.sequence
            use = nil
            sessions.follow(event) { lifecycle, named, before, submitted in use = (lifecycle, named, before, submitted) }
        }
        return use
    }
}

/// ``ScaEventShadows`` followed once per event for the claims that share it.
final class SharedScaEvents {
    private var events = ScaEventShadows()
    private var followed: UInt64 = 0
    private var change: (LifecycleID, before: ScaEventShadow, after: ScaEventShadow)?

    /// Follows the event `checks` is observing, if no claim has yet; the lifecycle's event before
    /// and after it.
    func follow(_ event: WorldEvent, _ checks: borrowing InvariantChecks) -> (LifecycleID, before: ScaEventShadow, after: ScaEventShadow)? {
        if followed != checks.sequence {
            followed = checks.sequence
            change = events.follow(event, at: checks.time)
        }
        return change
    }
}
