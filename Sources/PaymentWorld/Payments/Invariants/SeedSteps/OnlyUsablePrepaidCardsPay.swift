/// CARD-3: every purchase with a locked, cancelled, expired, applied or issued prepaid card is
/// declined; a digital card pays only card-not-present or with a token; an active one any way.
///
/// The claim keeps its own copy of each card's status from the status changes, so it judges a
/// decision by the status the card had at that instant, not by what the platform says it had: a
/// lock from the customer's other phone just before the purchase counts, whatever the platform read.
final class OnlyUsablePrepaidCardsPay: SafetyMonitor {
    static let invariant = "CARD-3"
    static let claim = "OnlyUsablePrepaidCardsPay"
    static let watches: [WorldEvent.Kind] = [.prepaidStatusChanged, .prepaidPurchaseDecided]

    /// Each customer's current card and its last status; index 0 of `statuses` is none yet.
    private struct Shadow: BitwiseCopyable {
        var generation: UInt32 = 0
        var status: UInt8 = 0
    }

    private static let statuses: [CardStatus?] = [nil] + CardStatus.allCases.map { $0 }
    private let cards = DenseBuffer<Shadow>(filler: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .prepaidStatusChanged(_, let card, _, let to, _):
            let index = Int(card.customer.rawValue)
            cards.reserve(index + 1)
            cards[index] = Shadow(generation: card.generation, status: UInt8(Self.statuses.firstIndex(of: to) ?? 0))
        case .prepaidPurchaseDecided(let lifecycle, let card, let reported, let channel, let approved):
            let index = Int(card.customer.rawValue)
            cards.reserve(index + 1)
            let shadow = cards[index]
            // A card whose changes this claim never saw is judged by the status the platform reports.
            let status = shadow.generation == card.generation ? Self.statuses[Int(shadow.status)] ?? reported : reported
            let allowed = Self.allows(status, channel)
            checks.expect((!approved || allowed) && status == reported, about: lifecycle,
                          status != reported ? "\(card) purchase decided as \(reported) while the card was \(status)"
                              : "\(card) \(status) approved a \(channel) purchase")
        default:
            return
        }
    }

    /// Whether a card with `status` may pay through `channel` (domain §2.4 LC-09, §1.5 S1 [A]).
    static func allows(_ status: CardStatus, _ channel: PurchaseChannel) -> Bool {
        switch status {
        case .active: true
        case .digital: channel == .cardNotPresent || channel == .token
        case .applied, .issued, .locked, .cancelled, .expired, .unknown: false
        }
    }
}
