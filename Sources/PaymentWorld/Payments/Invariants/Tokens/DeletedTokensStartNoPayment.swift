/// TOK-2: a deleted or expired token cannot start a payment. Checked on every token payment started,
/// and on every refusal of a deleted one. An expiry is met lazily by the vault's next request
/// (`policies.timeouts.tokenValidity`), which its table refuses (LC-04 has no `pay` from expired);
/// it is not watched here, since a sale the vault resolved just before may start just after.
final class DeletedTokensStartNoPayment: SafetyMonitor {
    static let invariant = "TOK-2"
    static let claim = "DeletedTokensStartNoPayment"
    static let watches: [WorldEvent.Kind] = [.tokenCreated, .tokenDeleted, .tokenPaymentStarted, .tokenPaymentRejected]

    private struct Shadow {
        var deleted = false
    }

    /// By the lifecycle that created the token; kept with the token, as TOK-1 keeps its shadows.
    @exclusivity(unchecked) private var tokens = LifecycleShadows<LifecycleID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .tokenCreated(let token, _, _):
            tokens.update(token) { $0.deleted = false }
        case .tokenDeleted(let token):
            tokens.update(token) { $0.deleted = true }
        case .tokenPaymentStarted(let payment, let token, _, _, _):
            checks.expect(!tokens[token].deleted, about: payment, "a payment started with the deleted token of \(token)")
        case .tokenPaymentRejected(_, let token, _, _):
            if tokens[token].deleted { checks.expect(true, about: token, "") }  // The deleted token was refused.
        default:
            break
        }
    }
}
