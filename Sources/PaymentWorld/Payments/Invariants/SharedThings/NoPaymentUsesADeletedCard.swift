/// WAL-4: no payment uses a wallet card after it was deleted.
final class NoPaymentUsesADeletedCard: SafetyMonitor {
    static let invariant = "WAL-4"
    static let claim = "NoPaymentUsesADeletedCard"
    static let watches: [WorldEvent.Kind] = [.walletCardStored, .walletCardRemoved, .walletCardUsed]

    private let customers: CustomerOfLifecycle
    private let shadows: WalletShadows

    init(_ world: MonitoredWorld) {
        customers = world.customers
        shadows = WalletShadows(world)
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .walletCardStored(let lifecycle, _, _), .walletCardRemoved(let lifecycle, _, _):
            shadows.apply(event, customer: customers(lifecycle))
        case .walletCardUsed(let lifecycle, _, let name):
            let customer = customers(lifecycle)
            checks.expect(shadows[customer].contains(name), about: lifecycle,
                          "paid with card \(name) of \(customer)'s wallet, which lists \(shadows[customer])")
        default:
            break
        }
    }
}
