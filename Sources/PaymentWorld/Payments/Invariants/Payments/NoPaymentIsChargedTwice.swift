/// SALE-1: a payment holds at most one approved authorization at a time: a duplicate request, a
/// cascade or a stand-in never approves it twice. A stand-in for an attempt the issuer approved too
/// is the same authorization (the issuer reconciles it by advice), not a second one.
final class NoPaymentIsChargedTwice: SafetyMonitor {
    static let invariant = "SALE-1"
    static let claim = "NoPaymentIsChargedTwice"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .holdReleased, .captured, .paymentRetired]

    private struct Shadow: BitwiseCopyable {
        var held: Int64 = 0
        /// Since the payment last held nothing: the issuer's holds of each attempt, a byte each
        /// (a cascade makes up to eight; any later ones share the last byte), and the attempts the
        /// network stood in for, a bit each.
        var issuerHolds: UInt64 = 0
        var standIns: UInt8 = 0

        static func lane(_ attempt: Int) -> Int { min(max(attempt, 0), 7) }

        func issuerHolds(of lane: Int) -> UInt8 { UInt8(truncatingIfNeeded: issuerHolds >> UInt64(8 * lane)) }

        mutating func addIssuerHold(_ attempt: Int) {
            let lane = Self.lane(attempt)
            if issuerHolds(of: lane) < .max { issuerHolds &+= 1 << UInt64(8 * lane) }
        }

        /// Attempts approved, by the issuer or by the network standing in: a stand-in for an
        /// attempt the issuer approved too is the same authorization.
        var approvals: Int {
            (0..<8).reduce(0) { count, lane in count + (issuerHolds(of: lane) > 0 || standIns & 1 << UInt8(lane) != 0 ? 1 : 0) }
        }
        var mostIssuerHoldsOfOneAttempt: UInt8 { (0..<8).reduce(0) { max($0, issuerHolds(of: $1)) } }
    }

    @exclusivity(unchecked) private var payments = LifecycleShadows<PaymentID, Shadow>(fresh: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .holdPlaced(let payment, _, let amount, let attempt, let standIn, _):
            let shadow = payments.update(payment) { shadow -> Shadow in
                shadow.held += amount
                if standIn {
                    shadow.standIns |= 1 << UInt8(Shadow.lane(attempt))
                } else {
                    shadow.addIssuerHold(attempt)
                }
                return shadow
            }
            let approvals = max(shadow.approvals, Int(shadow.mostIssuerHoldsOfOneAttempt))
            checks.expect(approvals <= 1, about: payment, "\(approvals) approved authorizations")
        case .holdReleased(let payment, _, let amount), .captured(let payment, _, let amount):
            // A hold released or captured in full ends that approval: a later one is not a second charge.
            payments.update(payment) { shadow in
                shadow.held -= amount
                if shadow.held == 0 { shadow = Shadow() }
            }
        case .paymentRetired(let payment, _):
            payments.forget(payment)
        default:
            break
        }
    }
}
