/// SALE-5: when authentication is required, no authorization is sent unless it has ended: never
/// while the payment's 3-D Secure is still running (the ACS page open, a challenge or a decoupled
/// approval pending). The ending's result is G-9's to judge, word for word (Y or A, or U with the
/// policy on); this claim holds the order of the two, which G-9 cannot see: an authorization sent
/// during a challenge carries no result at all.
final class NoAuthorizationDuringAuthentication: SafetyMonitor {
    static let invariant = "SALE-5"
    static let claim = "NoAuthorizationDuringAuthentication"
    static let watches: [WorldEvent.Kind] = [.authenticationStarted, .authenticationEnded, .authorizationSent,
                                             .paymentRetired]
    private let authentications: SharedAuthentications

    init(_ world: MonitoredWorld) { authentications = world.shared.authentications }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let before = authentications.follow(event, checks)
        guard case .authorizationSent(let attempt, _, _, _, _, _) = event, let before else { return }
        checks.expect(!before.open, about: attempt.payment,
                      "attempt \(attempt.index)'s authorization was sent while its 3-D Secure authentication was still running")
    }
}
