/// SES-3: the parameters of an init (ecommpay's pay/init request) digest to exactly what the
/// merchant signed: nothing in the payment changes between the merchant's signature and the
/// platform. The platform refuses one that does not; this claim says none is ever sent.
final class InitsCarryWhatWasSigned: SafetyMonitor {
    static let invariant = "SES-3"
    static let claim = "InitsCarryWhatWasSigned"
    static let watches: [WorldEvent.Kind] = [.parametersReceived]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .parametersReceived(let lifecycle, let digest, let signature) = event else { return }
        checks.expect(digest == signature, about: lifecycle,
                      "the init's parameters digest to \(digest), but the merchant signed \(signature)")
    }
}
