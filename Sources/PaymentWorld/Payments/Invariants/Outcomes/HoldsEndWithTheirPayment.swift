/// AUTH-4: a hold lives only as long as its authorization: once the gateway retires a payment
/// (captured, voided, expired, declined) it holds nothing, and a run that goes idle holds nothing.
final class HoldsEndWithTheirPayment: SafetyMonitor {
    static let invariant = "AUTH-4"
    static let claim = "HoldsEndWithTheirPayment"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .holdReleased, .captured, .paymentRetired, .holdsAtEnd]

    private let holds: SharedHolds

    init(_ world: MonitoredWorld) { holds = world.shared.holds }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentRetired(let payment, _):
            let remaining = holds.follow(event, checks)?.held ?? 0
            checks.expect(remaining == 0, about: payment, "retired holding \(remaining)")
        case .holdsAtEnd(let open):
            guard open != 0 else { return checks.expect(true, about: .world, "") }
            let shadows = holds.shadows
            let holding = shadows.identities { $0.held != 0 }
            let named = holding.prefix(3).map { "\($0) \(shadows[$0].held)" }.joined(separator: ", ")
            let more = holding.count > 3 ? " and \(holding.count - 3) more" : ""
            checks.expect(false, about: holding.first.map { .payment($0) } ?? .world,
                          "the run went idle with \(open) minor units still held"
                              + (holding.isEmpty ? "" : ": \(named)\(more)"))
        default:
            _ = holds.follow(event, checks)
        }
    }
}
