/// G-3: what the ledger holds on a card equals the sum of the card's open authorizations, as the
/// holds placed, captured and released say.
final class HoldsMatchOpenAuthorizations: SafetyMonitor {
    static let invariant = "G-3"
    static let claim = "HoldsMatchOpenAuthorizations"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .holdReleased, .captured, .prepaidHoldPlaced, .prepaidCaptured,
                                             .prepaidHoldReleased]

    private let world: MonitoredWorld
    /// Open authorizations per card, by `CardID.rawValue`.
    private let heldByCard: DenseBuffer<Int64>

    init(_ world: MonitoredWorld) {
        self.world = world
        heldByCard = DenseBuffer(filler: 0, capacity: world.configuration.cards.count)
        heldByCard.reserve(world.configuration.cards.count)
    }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        let payment: PaymentID, card: CardID
        switch event {
        case .holdPlaced(let id, let held, let amount, _, _, _):
            (payment, card) = (id, held)
            heldByCard[Int(card.rawValue)] += amount
        case .holdReleased(let id, let held, let amount), .captured(let id, let held, let amount):
            (payment, card) = (id, held)
            heldByCard[Int(card.rawValue)] -= amount
        case .prepaidHoldPlaced(let lifecycle, let card, let amount):
            check(card, change: amount, about: .lifecycle(lifecycle), &checks)
            return
        case .prepaidCaptured(let lifecycle, let card, let amount), .prepaidHoldReleased(let lifecycle, let card, let amount):
            check(card, change: -amount, about: .lifecycle(lifecycle), &checks)
            return
        default:
            return
        }
        let shadow = heldByCard[Int(card.rawValue)]
        let inLedger = world.held(card)
        checks.expect(shadow == inLedger, about: payment, "\(card).held is \(inLedger) in the ledger, \(shadow) by open authorizations")
    }

    /// A prepaid balance (an account numbered after the workload's cards, opened as customers get
    /// their first card): its open purchase holds against what the ledger holds on it.
    private func check(_ card: CardID, change: Int64, about subject: WorldSubject, _ checks: inout InvariantChecks) {
        let index = Int(card.rawValue)
        heldByCard.reserve(index + 1)
        heldByCard[index] += change
        let inLedger = world.held(card)
        checks.expect(heldByCard[index] == inLedger, about: subject,
                      "prepaid \(card).held is \(inLedger) in the ledger, \(heldByCard[index]) by open purchase holds")
    }
}
