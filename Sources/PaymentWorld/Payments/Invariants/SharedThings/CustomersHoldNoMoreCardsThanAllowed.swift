/// CARD-5: a customer holds at most the program's `allowableCards` prepaid cards that are not
/// cancelled or expired.
final class CustomersHoldNoMoreCardsThanAllowed: SafetyMonitor {
    static let invariant = "CARD-5"
    static let claim = "CustomersHoldNoMoreCardsThanAllowed"
    static let watches: [WorldEvent.Kind] = [.prepaidCardCreated, .prepaidStatusChanged]

    private let allowable: Int
    /// Live cards per customer.
    private let live = DenseBuffer<Int32>(filler: 0)

    init(_ world: MonitoredWorld) { allowable = world.configuration.seed.allowableCards }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .prepaidCardCreated(let lifecycle, let card):
            let count = change(card.customer, by: 1)
            checks.expect(count <= allowable, about: lifecycle,
                          "\(card.customer) holds \(count) live cards, the program allows \(allowable)")
        case .prepaidStatusChanged(_, let card, let from, let to, _):
            let wasLive = from != .cancelled && from != .expired
            if wasLive && (to == .cancelled || to == .expired) { change(card.customer, by: -1) }
        default:
            break
        }
    }

    @discardableResult
    private func change(_ customer: CustomerID, by delta: Int32) -> Int {
        let index = Int(customer.rawValue)
        live.reserve(index + 1)
        return Int(live.modify(index) { count in
            count += delta
            return count
        })
    }
}
