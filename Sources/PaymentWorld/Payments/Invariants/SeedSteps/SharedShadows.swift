import SimulationKernel

/// The shadows that several claims keep alike, kept once per world.
///
/// The OTP claims (OTP-1, OTP-2, OTP-4, WAL-2), the session claims (SES-1, SES-2, SES-4, SES-5),
/// three SCA claims (SCA-2, SCA-3, SCA-4), five claims on a payment's authentications (3DS-3,
/// 3DS-4, 3DS-5, 3DS-6, SALE-5) and four on its money (AUTH-1, AUTH-2, AUTH-3, SALE-2) each
/// followed the same events into the same shadow, one copy per claim. Each family's claims now read one copy: the first of
/// them to see an event follows it, and the others read what that did (the shadow before and
/// after), so every claim judges exactly what its own copy would have shown. A claim keeps its
/// own copy where it follows the events differently (SCA-1 keeps its SCA event past the
/// lifecycle's end).
final class SharedShadows {
    /// An accepted code, with what was known before it.
    typealias OtpAccepted = (lifecycle: LifecycleID, code: UInt64, before: OtpShadow)
    /// A use of a bound session, with the session as it was before the use.
    typealias SessionUse = (lifecycle: LifecycleID, named: Int, before: SessionShadow, submitted: Bool)
    /// The lifecycle's SCA event before and after an event.
    typealias ScaChange = (LifecycleID, before: ScaEventShadow, after: ScaEventShadow)

    private(set) lazy var otpCodes = SharedOtpCodes(OtpShadows()) { codes, event, now in
        var accepted: OtpAccepted?
        codes.follow(event, at: now) { accepted = ($0, $1, $2) }
        return accepted
    }
    private(set) lazy var sessions = SharedSessions(SessionShadows()) { sessions, event, _ in
        var use: SessionUse?
        sessions.follow(event) { use = ($0, $1, $2, $3) }
        return use
    }
    private(set) lazy var scaEvents = SharedScaEvents(ScaEventShadows()) { events, event, now in events.follow(event, at: now) }
    private(set) lazy var authentications = SharedAuthentications(AuthenticationShadows()) { payments, event, now in
        payments.follow(event, at: now)
    }
    private(set) lazy var money = SharedMoney(MoneyShadows()) { payments, event, _ in payments.follow(event) }
}

typealias SharedOtpCodes = FollowedOnce<OtpShadows, SharedShadows.OtpAccepted>
typealias SharedSessions = FollowedOnce<SessionShadows, SharedShadows.SessionUse>
typealias SharedScaEvents = FollowedOnce<ScaEventShadows, SharedShadows.ScaChange>
typealias SharedAuthentications = FollowedOnce<AuthenticationShadows, AuthenticationChange>
typealias SharedMoney = FollowedOnce<MoneyShadows, MoneyChange>

/// Shadows followed once per event for the claims that share them: the first claim to ask about
/// an event follows it (`apply`), and the others get what that returned.
final class FollowedOnce<Shadows, Result> {
    private(set) var shadows: Shadows
    private let apply: (inout Shadows, WorldEvent, SimTime) -> Result?
    private var followed: UInt64 = 0
    private var result: Result?

    init(_ shadows: Shadows, _ apply: @escaping (inout Shadows, WorldEvent, SimTime) -> Result?) {
        self.shadows = shadows
        self.apply = apply
    }

    /// Follows the event `checks` is observing, if no claim has yet; what following it returned.
    func follow(_ event: WorldEvent, _ checks: borrowing InvariantChecks) -> Result? {
        if followed != checks.sequence {
            followed = checks.sequence
            result = apply(&shadows, event, checks.time)
        }
        return result
    }
}
