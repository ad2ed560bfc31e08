/// SALE-1: a payment holds at most one approved authorization at a time: a duplicate request, a
/// cascade or a stand-in never approves it twice. A stand-in for an attempt the issuer approved too
/// is the same authorization (the issuer reconciles it by advice), not a second one.
final class NoPaymentIsChargedTwice: SafetyMonitor {
    static let invariant = "SALE-1"
    static let claim = "NoPaymentIsChargedTwice"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .holdReleased, .captured, .paymentRetired]

    private let holds: SharedHolds

    init(_ world: MonitoredWorld) { holds = world.shared.holds }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let after = holds.follow(event, checks)
        guard case .holdPlaced(let payment, _, _, _, _, _) = event, let shadow = after else { return }
        let approvals = max(shadow.approvals, Int(shadow.mostIssuerHoldsOfOneAttempt))
        checks.expect(approvals <= 1, about: payment, "\(approvals) approved authorizations")
    }
}
