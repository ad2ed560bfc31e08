import SimulationKernel

/// What the 3-D Secure claims know of a payment's authentications (LC-06), from the gateway's events.
/// The widest field first, so the flags and the generation share its last word: 16 bytes an entry
/// instead of 24 (`LifecycleShadows`). One copy serves five claims (`AuthenticationShadows`).
struct AuthenticationShadow: BitwiseCopyable {
    /// When the latest authentication started, in nanoseconds of virtual time (3DS-4), and
    /// whether it is still open, started and not yet ended (3DS-5, SALE-5).
    var startedAt: Int64 = 0
    var open = false
    /// An authentication ended whose result no authorization carrying a 3-D Secure result has used
    /// yet (3DS-3), and that result as `WireTransStatus`.
    var unspent = false
    var result: UInt8 = 0
    /// An authentication ended and no authorization at all was sent since: a cascade's direct
    /// retry carries no result and shifts nothing, but it does use the ending up (3DS-6).
    var awaitingAuthorization = false

    /// The result LC-06 ended with, as a status.
    var endedResult: TransStatus { WireTransStatus.decode(UInt64(result)) }
}

/// The payments' authentication shadows, followed once per event for the five claims that read
/// them. Each field changes only on events that every claim reading it watches, so a claim sees
/// what its own copy would show, with or without the others in the catalogue.
struct AuthenticationShadows {
    private var payments = LifecycleShadows<PaymentID, AuthenticationShadow>(fresh: .init())

    /// Follows `event`, observed at `now`; the payment's shadow as it was before it (what every claim
    /// of the five judges by), or nil for an event that changes none.
    mutating func follow(_ event: WorldEvent, at now: SimTime) -> AuthenticationShadow? {
        switch event {
        case .authenticationStarted(let attempt):
            return payments.change(attempt.payment) { shadow in
                shadow.open = true
                shadow.startedAt = now.nanoseconds
            }
        case .authenticationEnded(let attempt, let status):
            return payments.change(attempt.payment) { shadow in
                shadow.open = false
                shadow.unspent = true
                shadow.awaitingAuthorization = true
                shadow.result = UInt8(WireTransStatus.encode(status))
            }
        case .authorizationSent(let attempt, _, let authentication, _, _, _):
            return payments.change(attempt.payment) { shadow in
                if authentication != nil { shadow.unspent = false }
                shadow.awaitingAuthorization = false
            }
        case .paymentRetired(let payment, _):
            payments.forget(payment)
            return nil
        default:
            return nil
        }
    }
}

/// 3DS-1: C and D are never final results: an authentication ends with Y, A, N, U, R or I, and a
/// challenge (C) or a decoupled authentication (D) only says how the result will come.
final class ChallengesAreNeverResults: SafetyMonitor {
    static let invariant = "3DS-1"
    static let claim = "ChallengesAreNeverResults"
    static let watches: [WorldEvent.Kind] = [.authenticationEnded]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .authenticationEnded(let attempt, let status) = event else { return }
        checks.expect(status.isFinal, about: attempt.payment,
                      "attempt \(attempt.index)'s authentication ended with \(status), which is not a result")
    }
}

/// 3DS-3: an authentication's result is spent by one authorization: every authorization that
/// carries a 3-D Secure result follows an authentication of its payment that ended with that very
/// result and that no other authorization used (a cascade's next provider authenticates afresh).
/// The result is the one LC-06 ended with, not the gateway's word on the authorization: a U sent
/// on as A would shift liability the ACS never granted (and pass G-9).
final class EachAuthenticationAuthorizesOnce: SafetyMonitor {
    static let invariant = "3DS-3"
    static let claim = "EachAuthenticationAuthorizesOnce"
    static let watches: [WorldEvent.Kind] = [.authenticationEnded, .authorizationSent, .paymentRetired]
    private let authentications: SharedAuthentications

    init(_ world: MonitoredWorld) { authentications = world.shared.authentications }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = authentications.follow(event, checks)
        guard case .authorizationSent(let attempt, _, let authentication, _, _, _) = event, let authentication,
              let before else { return }  // No 3-D Secure asked for: nothing to spend.
        guard before.unspent else {
            return checks.expect(false, about: attempt.payment,
                                 "attempt \(attempt.index) authorized with a \(authentication) another authorization already used")
        }
        let carried = UInt8(WireTransStatus.encode(authentication))
        checks.expect(carried == before.result, about: attempt.payment,
                      "attempt \(attempt.index) authorized with \(authentication), but its authentication ended with "
                          + "\(before.endedResult)")
    }
}

/// 3DS-5: every AReq (or VEReq) ends in exactly one of its answer, an error or its timeout: an
/// authentication ends once, and only after it started.
final class EachAuthenticationEndsOnce: SafetyMonitor {
    static let invariant = "3DS-5"
    static let claim = "EachAuthenticationEndsOnce"
    static let watches: [WorldEvent.Kind] = [.authenticationStarted, .authenticationEnded, .paymentRetired]
    private let authentications: SharedAuthentications

    init(_ world: MonitoredWorld) { authentications = world.shared.authentications }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = authentications.follow(event, checks)
        guard case .authenticationEnded(let attempt, let status) = event, let before else { return }
        checks.expect(before.open, about: attempt.payment,
                      "attempt \(attempt.index)'s authentication ended with \(status) with none open: it ended before")
    }
}

/// 3DS-4: an authentication is done in time: within the wait for the ACS's answer and the
/// challenge's completion after it (`timeouts.authentication` + `timeouts.challenge`, 10 s and
/// 600 s by default, as the run's configuration sets them), whether the cardholder answers or not.
final class AuthenticationsEndInTime: SafetyMonitor {
    static let invariant = "3DS-4"
    static let claim = "AuthenticationsEndInTime"
    static let watches: [WorldEvent.Kind] = [.authenticationStarted, .authenticationEnded, .paymentRetired]
    private let authentications: SharedAuthentications
    private let limit: SimDuration

    init(_ world: MonitoredWorld) {
        authentications = world.shared.authentications
        let timeouts = world.configuration.timeouts
        limit = timeouts.authentication + timeouts.challenge
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = authentications.follow(event, checks)
        guard case .authenticationEnded(let attempt, let status) = event, let before else { return }
        let took = checks.time - SimTime(nanoseconds: before.startedAt)
        checks.expect(took <= limit, about: attempt.payment,
                      "attempt \(attempt.index)'s authentication ended with \(status) after \(took.seconds) s, past \(limit.seconds) s")
    }
}

/// 3DS-6: liability shifts exactly when the authentication an authorization spends ended Y or A.
/// The shift is what the authorization is sent with (its ECI), judged against LC-06's own result,
/// not the status the gateway put beside it: a U, an I or no authentication at all never shifts it,
/// and a later authorization with no fresh authentication (a cascade's direct retry) shifts nothing.
final class LiabilityShiftsOnlyOnYOrA: SafetyMonitor {
    static let invariant = "3DS-6"
    static let claim = "LiabilityShiftsOnlyOnYOrA"
    static let watches: [WorldEvent.Kind] = [.authenticationEnded, .authorizationSent, .paymentRetired]
    private let authentications: SharedAuthentications

    init(_ world: MonitoredWorld) { authentications = world.shared.authentications }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = authentications.follow(event, checks)
        guard case .authorizationSent(let attempt, _, _, _, _, let shifted) = event, let spent = before else { return }
        let result = spent.endedResult
        let earned = spent.awaitingAuthorization && result.shiftsLiability
        checks.expect(shifted == earned, about: attempt.payment,
                      shifted ? "attempt \(attempt.index) was sent with the liability shift, but "
                                  + (spent.awaitingAuthorization ? "its authentication ended \(result)" : "it spends no authentication")
                              : "attempt \(attempt.index) was sent without the liability shift its authentication's \(result) earned")
    }
}

/// 3DS-2: a challenge's final result is the transStatus of its RReq, and the final CRes the
/// cardholder's SDK shows agrees with it. The ACS composes both when the challenge ends; the
/// gateway's ending on the RReq is 3DS-3's (it authorizes with the very result LC-06 ended with).
final class ChallengeScreensShowTheVerdict: SafetyMonitor {
    static let invariant = "3DS-2"
    static let claim = "ChallengeScreensShowTheVerdict"
    static let watches: [WorldEvent.Kind] = [.challengeCompleted]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .challengeCompleted(let payment, let rReq, let cRes) = event else { return }
        checks.expect(rReq.isFinal && cRes == rReq, about: payment,
                      "the challenge's RReq said \(rReq) and its final CRes showed \(cRes)")
    }
}
