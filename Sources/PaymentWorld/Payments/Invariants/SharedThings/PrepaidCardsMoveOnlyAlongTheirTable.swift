/// CARD-7: a prepaid card's status moves only along the rows of the S1 table, each change starting
/// from the status the card had: no lost update when two of the customer's phones change it at once.
final class PrepaidCardsMoveOnlyAlongTheirTable: SafetyMonitor {
    static let invariant = "CARD-7"
    static let claim = "PrepaidCardsMoveOnlyAlongTheirTable"
    static let watches: [WorldEvent.Kind] = [.prepaidStatusChanged]

    /// The status each customer's current card last moved to; index 0 of `statuses` is none yet.
    private struct Shadow: BitwiseCopyable {
        var generation: UInt32 = 0
        var status: UInt8 = 0
    }

    private static let statuses: [CardStatus?] = [nil] + CardStatus.allCases.map { $0 }
    private let cards = DenseBuffer<Shadow>(filler: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .prepaidStatusChanged(let lifecycle, let card, let from, let to, _) = event else { return }
        let index = Int(card.customer.rawValue)
        cards.reserve(index + 1)
        let known = cards.modify(index) { shadow -> CardStatus? in
            if shadow.generation != card.generation { shadow = Shadow(generation: card.generation) }
            defer { shadow.status = UInt8(Self.statuses.firstIndex(of: to) ?? 0) }
            return Self.statuses[Int(shadow.status)]
        }
        checks.expect(from == known && Self.isRow(from, to), about: lifecycle,
                      from == known ? "\(card) moved \(from.map { "\($0)" } ?? "-") → \(to), not a row of S1"
                          : "\(card) moved from \(from.map { "\($0)" } ?? "-") to \(to) while it was \(known.map { "\($0)" } ?? "-")")
    }

    /// The S1 rows (domain §1.5): creation, issue, activation, and the update matrix.
    static func isRow(_ from: CardStatus?, _ to: CardStatus) -> Bool {
        switch (from, to) {
        case (nil, .applied), (nil, .active): true
        case (.applied?, .issued), (.applied?, .digital), (.applied?, .expired): true
        case (.issued?, .active), (.digital?, .active): true
        case (.active?, .locked), (.digital?, .locked), (.locked?, .active): true
        case (.active?, .cancelled), (.locked?, .cancelled), (.digital?, .cancelled): true
        case (.active?, .expired), (.locked?, .expired), (.issued?, .expired), (.digital?, .expired): true
        default: false
        }
    }
}
