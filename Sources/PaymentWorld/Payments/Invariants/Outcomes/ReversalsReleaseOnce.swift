/// RES-3: a reversal applies once, by the original authorization's id, and releases nothing when
/// that authorization never reached the issuer.
final class ReversalsReleaseOnce: SafetyMonitor {
    static let invariant = "RES-3"
    static let claim = "ReversalsReleaseOnce"
    static let watches: [WorldEvent.Kind] = [.reversalApplied]

    /// Attempts whose reversal released a hold, a bit per attempt. Never forgotten at retirement:
    /// a late approval's reversal comes after it; a reused slot's new tenant starts fresh.
    @exclusivity(unchecked) private var released = LifecycleShadows<PaymentID, UInt64>(fresh: 0)
    private static let tracked = 64

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .reversalApplied(let attempt, let arrived, let amount) = event else { return }
        guard arrived else {
            checks.expect(amount == 0, about: attempt.payment,
                          "a reversal of \(attempt), which never reached the issuer, released \(amount)")
            return
        }
        guard amount > 0, attempt.index < Self.tracked else { return }
        let bit: UInt64 = 1 << UInt64(attempt.index)
        let before = released.update(attempt.payment) { mask in
            defer { mask |= bit }
            return mask
        }
        checks.expect(before & bit == 0, about: attempt.payment, "a second reversal of \(attempt) released \(amount) again")
    }
}
