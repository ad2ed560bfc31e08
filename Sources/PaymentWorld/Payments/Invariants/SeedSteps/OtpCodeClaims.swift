import SimulationKernel

/// What the OTP claims know of a lifecycle's one-time codes, from the wallet's events.
struct OtpShadow {
    /// The code sent last, which alone may verify (OTP-2).
    var latest: UInt64 = 0
    /// When it was sent: its validity runs from then (`timeouts.otpValidity`), on the claims' own
    /// clock, whether or not the wallet's timer says so (`otpCodeExpired`).
    var sentAt: Int64 = 0  // In nanoseconds: SimTime is not BitwiseCopyable.
    /// The code accepted since the last code was sent: it may not verify again (OTP-1).
    var accepted: UInt64?
    var expired = false
    /// OTPs the wallet started for the lifecycle, and those verified (WAL-2).
    var started = 0
    var verified = 0
}

/// The codes a claim follows, by lifecycle, forgotten when the lifecycle ends.
struct OtpShadows {
    private var codes = LifecycleShadows<LifecycleID, OtpShadow>(fresh: OtpShadow())

    static let watches: [WorldEvent.Kind] = [.otpStarted, .otpCodeSent, .otpCodeExpired, .otpCodeAccepted, .lifecycleEnded]

    /// Follows `event`, observed at `now`, and hands an accepted code to `check` with what was known before it.
    mutating func follow(_ event: WorldEvent, at now: SimTime,
                         check: (LifecycleID, UInt64, OtpShadow) -> Void = { _, _, _ in }) {
        switch event {
        case .otpStarted(let lifecycle):
            codes.update(lifecycle) { shadow in
                shadow.started += 1
                shadow.expired = false
                shadow.accepted = nil
            }
        case .otpCodeSent(let lifecycle, let code):
            codes.update(lifecycle) { shadow in
                shadow.latest = code
                shadow.sentAt = now.nanoseconds
                shadow.accepted = nil
            }
        case .otpCodeExpired(let lifecycle):
            codes.update(lifecycle) { $0.expired = true }
        case .otpCodeAccepted(let lifecycle, let code):
            let before = codes.update(lifecycle) { shadow in
                defer {
                    shadow.accepted = code
                    shadow.verified += 1
                }
                return shadow
            }
            check(lifecycle, code, before)
        case .lifecycleEnded(let lifecycle, _, _):
            codes.forget(lifecycle)
        default:
            break
        }
    }

    subscript(lifecycle: LifecycleID) -> OtpShadow { codes[lifecycle] }
}

/// OTP-1: a code works once: once accepted, the same code verifies nothing more until a new one is sent.
final class OtpCodesWorkOnce: SafetyMonitor {
    static let invariant = "OTP-1"
    static let claim = "OtpCodesWorkOnce"
    static let watches = OtpShadows.watches
    private let codes: SharedOtpCodes

    init(_ world: MonitoredWorld) { codes = world.shared.otpCodes }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard let (lifecycle, code, before) = codes.follow(event, checks) else { return }
        checks.expect(before.accepted != code, about: lifecycle, "code \(code) verified a second time")
    }
}

/// OTP-2: only the code sent last verifies; a resend kills the code before it.
final class OnlyTheLatestOtpCodeVerifies: SafetyMonitor {
    static let invariant = "OTP-2"
    static let claim = "OnlyTheLatestOtpCodeVerifies"
    static let watches = OtpShadows.watches
    private let codes: SharedOtpCodes

    init(_ world: MonitoredWorld) { codes = world.shared.otpCodes }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard let (lifecycle, code, before) = codes.follow(event, checks) else { return }
        checks.expect(code == before.latest, about: lifecycle, "code \(code) verified, but \(before.latest) was sent after it")
    }
}

/// OTP-4: nothing verifies after the OTP's validity ran out: the wallet's own expiry, or the claim's
/// clock, the code's sending plus `timeouts.otpValidity` (each code sent starts the validity
/// again). Until the claims audit only the wallet's `otpCodeExpired` counted, so a wallet whose
/// validity timer was lost took a code typed at any age.
final class NothingVerifiesAfterOtpExpiry: SafetyMonitor {
    static let invariant = "OTP-4"
    static let claim = "NothingVerifiesAfterOtpExpiry"
    static let watches = OtpShadows.watches
    private let codes: SharedOtpCodes
    private let validity: SimDuration

    init(_ world: MonitoredWorld) {
        codes = world.shared.otpCodes
        validity = world.configuration.timeouts.otpValidity
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard let (lifecycle, code, before) = codes.follow(event, checks) else { return }
        let now = checks.time
        checks.expect(!before.expired, about: lifecycle, "code \(code) verified after the OTP expired")
        let expiresAt = SimTime(nanoseconds: before.sentAt) + validity
        checks.expect(now <= expiresAt, about: lifecycle, "code \(code) verified at \(now), past its validity \(expiresAt)")
    }
}

/// WAL-2: a card is added to a wallet only after every OTP the wallet asked for in its lifecycle
/// was verified (Portmone's bank OTP 2113, then the wallet phone's 2114).
final class CardsAreAddedOnlyAfterEveryOtp: SafetyMonitor {
    static let invariant = "WAL-2"
    static let claim = "CardsAreAddedOnlyAfterEveryOtp"
    static let watches = OtpShadows.watches + [.walletCardStored]
    private let codes: SharedOtpCodes

    init(_ world: MonitoredWorld) { codes = world.shared.otpCodes }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .walletCardStored(let lifecycle, _, let name) = event else {
            _ = codes.follow(event, checks)
            return
        }
        let otps = codes.shadows[lifecycle]
        checks.expect(otps.verified >= otps.started, about: lifecycle,
                      "card \(name) stored with \(otps.started - otps.verified) of \(otps.started) OTPs not verified")
    }
}
