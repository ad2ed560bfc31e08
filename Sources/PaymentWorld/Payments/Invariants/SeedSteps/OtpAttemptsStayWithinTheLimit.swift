/// OTP-3: a one-time password is checked at most its allowed number of times.
final class OtpAttemptsStayWithinTheLimit: SafetyMonitor {
    static let invariant = "OTP-3"
    static let claim = "OtpAttemptsStayWithinTheLimit"
    static let watches: [WorldEvent.Kind] = [.otpChecked]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .otpChecked(let lifecycle, let submissions, let maxAttempts) = event else { return }
        checks.expect(submissions <= maxAttempts, about: lifecycle,
                      "code #\(submissions) checked with at most \(maxAttempts) allowed")
    }
}
