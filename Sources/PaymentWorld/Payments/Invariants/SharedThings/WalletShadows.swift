import SimulationKernel

/// What the wallet claims remember of each customer's wallet: the list its completed adds and
/// deletes make, in the order they completed. A wallet starts with the customer's own card, or
/// empty for a customer new to Masterpass (`behaviour.seed.newWalletUsers`).
struct WalletShadows {
    /// Each customer's list, once a completed add or delete touched it; the ones before are the
    /// lists the run starts with.
    private let lists = DenseBuffer<WalletList>(filler: .initial)
    private let touched = DenseBuffer<Bool>(filler: false)
    private let newWalletUsers: Ratio

    init(_ world: MonitoredWorld) { newWalletUsers = world.configuration.seed.newWalletUsers }

    subscript(customer: CustomerID) -> WalletList {
        let index = Int(customer.rawValue)
        return index < lists.count && touched[index] ? lists[index] : WalletList.atStart(customer, newWalletUsers: newWalletUsers)
    }

    /// Follows a completed add or delete; returns the list it makes.
    @discardableResult
    func apply(_ event: WorldEvent, customer: CustomerID) -> WalletList? {
        let index = Int(customer.rawValue)
        let start = self[customer]
        lists.reserve(index + 1)
        touched.reserve(index + 1)
        if !touched[index] {
            lists.modify(index) { $0 = start }
            touched.modify(index) { $0 = true }
        }
        switch event {
        case .walletCardStored(_, _, let name): lists.modify(index) { $0.append(name) }
        case .walletCardRemoved(_, _, let name): lists.modify(index) { $0.remove(name) }
        default: return nil
        }
        return lists[index]
    }
}
