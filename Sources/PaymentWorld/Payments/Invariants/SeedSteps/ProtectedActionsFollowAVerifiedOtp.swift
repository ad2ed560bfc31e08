/// OTP-5: the action an OTP protects (store a card, open a session, a 2D debit) runs only after the
/// OTP was verified.
final class ProtectedActionsFollowAVerifiedOtp: SafetyMonitor {
    static let invariant = "OTP-5"
    static let claim = "ProtectedActionsFollowAVerifiedOtp"
    static let watches: [WorldEvent.Kind] = [.otpProtectedActionRan]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .otpProtectedActionRan(let lifecycle, let verified) = event else { return }
        checks.expect(verified, about: lifecycle, "protected action ran without a verified OTP")
    }
}
