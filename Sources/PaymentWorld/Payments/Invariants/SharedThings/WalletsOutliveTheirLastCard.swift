import SimulationKernel

/// WAL-5: the first add creates the wallet, and deleting the last card keeps it. A card is stored
/// only in a wallet that exists (it was there when the run started, or an add created it), and an
/// add creates a wallet only for a phone that has none: never a second time, not even after its
/// last card was deleted.
final class WalletsOutliveTheirLastCard: SafetyMonitor {
    static let invariant = "WAL-5"
    static let claim = "WalletsOutliveTheirLastCard"
    static let watches: [WorldEvent.Kind] = [.walletCreated, .walletCardStored]

    private let customers: CustomerOfLifecycle
    private let newWalletUsers: Ratio
    /// Customers whose wallet an add created during the run.
    private let created = DenseBuffer<Bool>(filler: false)

    init(_ world: MonitoredWorld) {
        customers = world.customers
        newWalletUsers = world.configuration.seed.newWalletUsers
    }

    private func exists(_ customer: CustomerID) -> Bool {
        let index = Int(customer.rawValue)
        return (index < created.count && created[index]) || !WalletList.startsWithoutWallet(customer, share: newWalletUsers)
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .walletCreated(let lifecycle):
            let customer = customers(lifecycle)
            checks.expect(!exists(customer), about: lifecycle,
                          "an add created a wallet for \(customer), whose wallet already existed (deleting its last card keeps it)")
            let index = Int(customer.rawValue)
            created.reserve(index + 1)
            created.modify(index) { $0 = true }
        case .walletCardStored(let lifecycle, _, let name):
            let customer = customers(lifecycle)
            checks.expect(exists(customer), about: lifecycle, "card \(name) was stored for \(customer), who has no wallet")
        default:
            break
        }
    }
}
