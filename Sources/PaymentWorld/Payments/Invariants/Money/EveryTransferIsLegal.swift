/// G-1: every batch of transfers the world posts is legal, so money is conserved. The ledger is
/// double-entry, so a refused batch (an overdraft, a refund above what the merchant holds) is a
/// modelled system's bug; the ledger stays as it was and this claim reports it.
final class EveryTransferIsLegal: SafetyMonitor {
    static let invariant = "G-1"
    static let claim = "EveryTransferIsLegal"
    static let watches: [WorldEvent.Kind] = [.transfersPosted, .transfersRefused]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .transfersPosted(let subject): checks.expect(true, about: subject, "")
        case .transfersRefused(let subject, let reason): checks.expect(false, about: subject, note: reason)
        default: break
        }
    }
}
