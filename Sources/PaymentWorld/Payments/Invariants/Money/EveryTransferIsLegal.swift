/// G-1: every batch of transfers the world posts is legal, so money is conserved. The ledger is
/// double-entry, so a refused batch (an overdraft, a refund above what the merchant holds) is a
/// modelled system's bug; the ledger stays as it was and this claim reports it.
final class EveryTransferIsLegal: SafetyMonitor {
    static let invariant = "G-1"
    static let claim = "EveryTransferIsLegal"
    static let watches: [WorldEvent.Kind] = [.transfersRefused]
    static let tallies: [WorldEvent.Kind] = [.transfersPosted]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .transfersRefused(let subject, let reason) = event else { return }
        checks.expect(false, about: subject, note: reason)
    }
}
