/// What the wallet claims remember of each customer's wallet: the list its completed adds and
/// deletes make, in the order they completed. Every wallet starts with the customer's own card.
struct WalletShadows {
    private let lists = DenseBuffer<WalletList>(filler: .initial)

    subscript(customer: CustomerID) -> WalletList {
        let index = Int(customer.rawValue)
        return index < lists.count ? lists[index] : .initial
    }

    /// Follows a completed add or delete; returns the list it makes.
    @discardableResult
    func apply(_ event: WorldEvent, customer: CustomerID) -> WalletList? {
        let index = Int(customer.rawValue)
        lists.reserve(index + 1)
        switch event {
        case .walletCardStored(_, _, let name): lists.modify(index) { $0.append(name) }
        case .walletCardRemoved(_, _, let name): lists.modify(index) { $0.remove(name) }
        default: return nil
        }
        return lists[index]
    }
}
