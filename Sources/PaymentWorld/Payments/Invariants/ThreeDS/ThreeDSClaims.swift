import SimulationKernel

/// What the 3-D Secure claims know of a payment's authentications (LC-06), from the gateway's events.
/// The widest field first, so the flags and the claims' generation share its last word: 16 bytes
/// an entry instead of 24 (`LifecycleShadows`), in five claims.
struct AuthenticationShadow: BitwiseCopyable {
    /// When the latest authentication started, in nanoseconds of virtual time (3DS-4), and
    /// whether it is still open, started and not yet ended (3DS-5).
    var startedAt: Int64 = 0
    var open = false
    /// An authentication ended whose result no authorization has used yet, and that result as
    /// `WireTransStatus` (3DS-3).
    var unspent = false
    var result: UInt8 = 0

    /// The result LC-06 ended with, as a status.
    var endedResult: TransStatus { WireTransStatus.decode(UInt64(result)) }

    /// An authentication ended with `status`: a result for the next authorization to spend.
    mutating func end(with status: TransStatus) {
        unspent = true
        result = UInt8(WireTransStatus.encode(status))
    }

    /// An authorization spends the ended result; returns the shadow as it was before.
    mutating func spend() -> AuthenticationShadow {
        defer { unspent = false }
        return self
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
    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, AuthenticationShadow>(fresh: .init())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authenticationEnded(let attempt, let status):
            payments.update(attempt.payment) { $0.end(with: status) }
        case .authorizationSent(let attempt, _, let authentication, _, _, _):
            guard let authentication else { return }  // No 3-D Secure asked for: nothing to spend.
            let before = payments.update(attempt.payment) { $0.spend() }
            guard before.unspent else {
                return checks.expect(false, about: attempt.payment,
                                     "attempt \(attempt.index) authorized with a \(authentication) another authorization already used")
            }
            let carried = UInt8(WireTransStatus.encode(authentication))
            checks.expect(carried == before.result, about: attempt.payment,
                          "attempt \(attempt.index) authorized with \(authentication), but its authentication ended with "
                              + "\(before.endedResult)")
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}

/// 3DS-5: every AReq (or VEReq) ends in exactly one of its answer, an error or its timeout: an
/// authentication ends once, and only after it started.
final class EachAuthenticationEndsOnce: SafetyMonitor {
    static let invariant = "3DS-5"
    static let claim = "EachAuthenticationEndsOnce"
    static let watches: [WorldEvent.Kind] = [.authenticationStarted, .authenticationEnded, .paymentRetired]
    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, AuthenticationShadow>(fresh: .init())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authenticationStarted(let attempt):
            payments.update(attempt.payment) { $0.open = true }
        case .authenticationEnded(let attempt, let status):
            let wasOpen = payments.update(attempt.payment) { shadow -> Bool in
                defer { shadow.open = false }
                return shadow.open
            }
            checks.expect(wasOpen, about: attempt.payment,
                          "attempt \(attempt.index)'s authentication ended with \(status) with none open: it ended before")
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}

/// 3DS-4: an authentication is done in time: within the wait for the ACS's answer and the
/// challenge's completion after it (`timeouts.authentication` + `timeouts.challenge`, 10 s and
/// 600 s by default, as the run's configuration sets them), whether the cardholder answers or not.
final class AuthenticationsEndInTime: SafetyMonitor {
    static let invariant = "3DS-4"
    static let claim = "AuthenticationsEndInTime"
    static let watches: [WorldEvent.Kind] = [.authenticationStarted, .authenticationEnded, .paymentRetired]
    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, AuthenticationShadow>(fresh: .init())
    private let limit: SimDuration

    init(_ world: MonitoredWorld) {
        let timeouts = world.configuration.timeouts
        limit = timeouts.authentication + timeouts.challenge
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authenticationStarted(let attempt):
            let now = checks.time
            payments.update(attempt.payment) { $0.startedAt = now.nanoseconds }
        case .authenticationEnded(let attempt, let status):
            let took = checks.time - SimTime(nanoseconds: payments[attempt.payment].startedAt)
            checks.expect(took <= limit, about: attempt.payment,
                          "attempt \(attempt.index)'s authentication ended with \(status) after \(took.seconds) s, past \(limit.seconds) s")
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
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
    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, AuthenticationShadow>(fresh: .init())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authenticationEnded(let attempt, let status):
            payments.update(attempt.payment) { $0.end(with: status) }
        case .authorizationSent(let attempt, _, _, _, _, let shifted):
            let spent = payments.update(attempt.payment) { $0.spend() }
            let result = spent.endedResult
            let earned = spent.unspent && result.shiftsLiability
            checks.expect(shifted == earned, about: attempt.payment,
                          shifted ? "attempt \(attempt.index) was sent with the liability shift, but "
                                      + (spent.unspent ? "its authentication ended \(result)" : "it spends no authentication")
                                  : "attempt \(attempt.index) was sent without the liability shift its authentication's \(result) earned")
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
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
