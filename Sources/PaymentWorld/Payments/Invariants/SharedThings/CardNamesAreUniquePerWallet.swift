/// WAL-1: card names are unique in a wallet: a card added from two phones at once is stored once.
final class CardNamesAreUniquePerWallet: SafetyMonitor {
    static let invariant = "WAL-1"
    static let claim = "CardNamesAreUniquePerWallet"
    static let watches: [WorldEvent.Kind] = [.walletCardStored]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .walletCardStored(let lifecycle, let wallet, let name) = event else { return }
        checks.expect(!wallet.hasDuplicates, about: lifecycle, "card \(name) stored twice: the wallet lists \(wallet)")
    }
}
