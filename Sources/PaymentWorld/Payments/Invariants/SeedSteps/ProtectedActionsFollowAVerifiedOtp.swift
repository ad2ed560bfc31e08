/// OTP-5: the action an OTP protects (store a card, open a session, a 2D debit) runs only after the
/// OTP was verified, and at most once per verification: an action of the operation whose last
/// action spent a verification runs again only after a new code was accepted.
///
/// Until the claims audit it read only the wallet's `verified` flag, so a wallet that ran the
/// action again on a code submitted again (the app's retry after a lost answer) passed.
final class ProtectedActionsFollowAVerifiedOtp: SafetyMonitor {
    static let invariant = "OTP-5"
    static let claim = "ProtectedActionsFollowAVerifiedOtp"
    static let watches: [WorldEvent.Kind] = [.otpProtectedActionRan, .otpCodeAccepted]

    /// A lifecycle's verifications: codes accepted since its last protected action, and the
    /// operation (a `SeedStep` raw value) whose action spent the last one (0 for none).
    private struct Verifications: BitwiseCopyable {
        var accepted: UInt8 = 0
        var spentBy: UInt8 = 0
    }

    @exclusivity(unchecked) private var lifecycles = LifecycleShadows<LifecycleID, Verifications>(fresh: Verifications())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .otpCodeAccepted(let lifecycle, _):
            lifecycles.update(lifecycle) { $0.accepted &+= 1 }
        case .otpProtectedActionRan(let lifecycle, let verified, let operation):
            checks.expect(verified, about: lifecycle, "protected action ran without a verified OTP")
            // An action with no code accepted since the last one is one no OTP protects (a card add
            // the bank asked no OTP for), unless the last verification was spent on this operation.
            let rerun = lifecycles.update(lifecycle) { shadow -> Bool in
                if shadow.accepted > 0 {
                    shadow.accepted = 0
                    shadow.spentBy = operation
                    return false
                }
                return shadow.spentBy == operation && operation != 0
            }
            checks.expect(!rerun, about: lifecycle,
                          "\(SeedStep(rawValue: operation).map { "\($0)" } ?? "operation \(operation)") ran again on one verified OTP")
        default:
            break
        }
    }
}
