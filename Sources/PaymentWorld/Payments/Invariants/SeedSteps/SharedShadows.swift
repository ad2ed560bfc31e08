import SimulationKernel

/// The shadows that several claims keep alike, kept once per world.
///
/// The OTP claims (OTP-1, OTP-2, OTP-4, WAL-2), the session claims (SES-1, SES-2, SES-4, SES-5),
/// three SCA claims (SCA-2, SCA-3, SCA-4), five claims on a payment's authentications (3DS-3,
/// 3DS-4, 3DS-5, 3DS-6, SALE-5), four on its money (AUTH-1, AUTH-2, AUTH-3, SALE-2) and three on
/// its holds (SALE-1, RES-2, AUTH-4) each followed the same events into the same shadow, one copy
/// per claim. Each family's claims now read one copy: the first of
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

    private(set) lazy var otpCodes = SharedOtpCodes(OtpShadows())
    private(set) lazy var sessions = SharedSessions(SessionShadows())
    private(set) lazy var scaEvents = SharedScaEvents(ScaEventShadows())
    private(set) lazy var authentications = SharedAuthentications(AuthenticationShadows())
    private(set) lazy var money = SharedMoney(MoneyShadows())
    private(set) lazy var holds = SharedHolds(HoldShadows())
}

typealias SharedOtpCodes = FollowedOnce<OtpShadows>
typealias SharedSessions = FollowedOnce<SessionShadows>
typealias SharedScaEvents = FollowedOnce<ScaEventShadows>
typealias SharedAuthentications = FollowedOnce<AuthenticationShadows>
typealias SharedMoney = FollowedOnce<MoneyShadows>
typealias SharedHolds = FollowedOnce<HoldShadows>

/// Shadows that several claims read: following an event changes them and returns what the claims
/// judge it by.
protocol FollowedShadows {
    associatedtype Change
    mutating func followOnce(_ event: WorldEvent, at now: SimTime) -> Change?
}

extension OtpShadows: FollowedShadows {
    mutating func followOnce(_ event: WorldEvent, at now: SimTime) -> SharedShadows.OtpAccepted? {
        var accepted: SharedShadows.OtpAccepted?
        follow(event, at: now) { accepted = ($0, $1, $2) }
        return accepted
    }
}

extension SessionShadows: FollowedShadows {
    mutating func followOnce(_ event: WorldEvent, at now: SimTime) -> SharedShadows.SessionUse? {
        var use: SharedShadows.SessionUse?
        follow(event) { use = ($0, $1, $2, $3) }
        return use
    }
}

extension ScaEventShadows: FollowedShadows {
    mutating func followOnce(_ event: WorldEvent, at now: SimTime) -> SharedShadows.ScaChange? { follow(event, at: now) }
}

extension AuthenticationShadows: FollowedShadows {
    mutating func followOnce(_ event: WorldEvent, at now: SimTime) -> AuthenticationShadow? { follow(event, at: now) }
}

extension MoneyShadows: FollowedShadows {
    mutating func followOnce(_ event: WorldEvent, at now: SimTime) -> MoneyShadow? { follow(event) }
}

extension HoldShadows: FollowedShadows {
    mutating func followOnce(_ event: WorldEvent, at now: SimTime) -> HoldShadow? { follow(event) }
}

/// Shadows followed once per event for the claims that share them: the first claim to ask about
/// an event follows it, and the others get what that returned. Generic over the shadows, not a
/// closure, so each family's following is a direct call the optimizer can inline.
final class FollowedOnce<Shadows: FollowedShadows> {
    private(set) var shadows: Shadows
    private var followed: UInt64 = 0
    private var result: Shadows.Change?

    init(_ shadows: Shadows) { self.shadows = shadows }

    /// Follows the event `checks` is observing, if no claim has yet; what following it returned.
    @inline(__always)
    func follow(_ event: WorldEvent, _ checks: borrowing InvariantChecks) -> Shadows.Change? {
        if followed != checks.sequence {
            followed = checks.sequence
            result = shadows.followOnce(event, at: checks.time)
        }
        return result
    }
}
