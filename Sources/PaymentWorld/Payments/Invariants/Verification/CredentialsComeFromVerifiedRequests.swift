/// VER-3: a stored credential (a card-on-file token) is created from a verification only once it is
/// `verified`, and only when the request asked for it: checked on every credential stored.
final class CredentialsComeFromVerifiedRequests: SafetyMonitor {
    static let invariant = "VER-3"
    static let claim = "CredentialsComeFromVerifiedRequests"
    static let watches: [WorldEvent.Kind] = [.verificationStarted, .verificationEnded, .storedCredentialCreated]

    private struct Shadow {
        var asked = false
        var verified = false
    }

    /// By the verification's payment, whose id the store request carries. A shadow goes once its
    /// credential is stored, or at the end when none may be: not at retirement, since a store
    /// request held up in the token service's queue may still come.
    @exclusivity(unchecked) private var verifications = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .verificationStarted(let payment, _, let storeCredential):
            verifications.update(payment) { $0.asked = storeCredential }
        case .verificationEnded(let payment, _, let verified):
            if verifications[payment].asked && verified {
                verifications.update(payment) { $0.verified = true }
            } else {
                verifications.forget(payment)  // No credential may follow: a fresh shadow says so.
            }
        case .storedCredentialCreated(let lifecycle, let payment):
            let shadow = verifications[payment]
            checks.expect(shadow.asked && shadow.verified, about: lifecycle,
                          shadow.asked ? "a credential stored from a verification not verified"
                                       : "a credential stored from a verification that did not ask for one")
            verifications.forget(payment)
        default:
            break
        }
    }
}
