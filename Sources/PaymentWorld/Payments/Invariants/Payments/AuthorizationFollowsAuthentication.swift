/// G-9: an enrolled card is authorized only after 3-D Secure said Y, A or I (informational, data
/// only: domain §3.1), or U where the policy proceeds on unavailable, or under a low-value
/// exemption the policy grants. Never after N or R.
final class AuthorizationFollowsAuthentication: SafetyMonitor {
    static let invariant = "G-9"
    static let claim = "AuthorizationFollowsAuthentication"
    static let watches: [WorldEvent.Kind] = [.authorizationSent]

    private let proceedOnUnavailable: Bool
    /// Payments below this amount may skip 3DS; 0 exempts nothing.
    private let lowValueExemption: Int64

    init(_ world: MonitoredWorld) {
        proceedOnUnavailable = world.configuration.policies.proceedOnUnavailable
        lowValueExemption = world.configuration.policies.lowValueExemption
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .authorizationSent(let attempt, let required, let authentication, let exempted, let amount, _) = event
        else { return }
        let validExemption = exempted && amount < lowValueExemption
        let allowed = !required || validExemption || authentication == .authenticated || authentication == .attempted
            || authentication == .informational || (authentication == .unavailable && proceedOnUnavailable)
        checks.expect(allowed, about: attempt.payment,
                      exempted && !validExemption
                          ? "attempt \(attempt.index) exempted from 3DS at \(amount), not below the low-value limit \(lowValueExemption)"
                          : "attempt \(attempt.index) authorized with 3DS result \(authentication.map { "\($0)" } ?? "none")")
    }
}
