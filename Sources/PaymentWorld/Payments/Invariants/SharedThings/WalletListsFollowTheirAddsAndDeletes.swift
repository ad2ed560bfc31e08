/// WAL-3: a wallet's list is linearizable: it is always the completed adds minus the completed
/// deletes, in the order they completed, whichever phone reads it.
final class WalletListsFollowTheirAddsAndDeletes: SafetyMonitor {
    static let invariant = "WAL-3"
    static let claim = "WalletListsFollowTheirAddsAndDeletes"
    static let watches: [WorldEvent.Kind] = [.walletCardStored, .walletCardRemoved, .walletListed]

    private let customers: CustomerOfLifecycle
    private let shadows: WalletShadows

    init(_ world: MonitoredWorld) {
        customers = world.customers
        shadows = WalletShadows(world)
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let lifecycle: LifecycleID, reported: WalletList
        switch event {
        case .walletCardStored(let id, let wallet, _), .walletCardRemoved(let id, let wallet, _):
            (lifecycle, reported) = (id, wallet)
            shadows.apply(event, customer: customers(id))
        case .walletListed(let id, let wallet):
            (lifecycle, reported) = (id, wallet)
        default:
            return
        }
        let expected = shadows[customers(lifecycle)]
        checks.expect(reported == expected, about: lifecycle,
                      "\(customers(lifecycle))'s wallet lists \(reported); its adds and deletes make \(expected)")
    }
}
