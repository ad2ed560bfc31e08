/// CARD-6 (and TOK-2 for wallet tokens): cancelling a card deactivates all its tokens, and no token
/// of a cancelled card completes afterwards.
final class CancelledCardsKeepNoLiveTokens: SafetyMonitor {
    static let invariant = "CARD-6"
    static let claim = "CancelledCardsKeepNoLiveTokens"
    static let watches: [WorldEvent.Kind] = [.tokenizationCompleted, .tokensDeactivated, .prepaidStatusChanged]

    private struct Shadow: BitwiseCopyable {
        var generation: UInt32 = 0
        var cancelled = false
        var liveTokens: Int32 = 0
    }

    private let cards = DenseBuffer<Shadow>(filler: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .tokenizationCompleted(let lifecycle, let card, let device, _):
            let cancelled = shadow(card) { shadow in
                shadow.liveTokens += 1
                return shadow.cancelled
            }
            checks.expect(!cancelled, about: lifecycle, "a token of \(card) for device \(device) completed after it was cancelled")
        case .tokensDeactivated(_, let card):
            shadow(card) { $0.liveTokens = 0 }
        case .prepaidStatusChanged(let lifecycle, let card, _, let to, _) where to == .cancelled:
            let live = shadow(card) { shadow in
                shadow.cancelled = true
                return shadow.liveTokens
            }
            checks.expect(live == 0, about: lifecycle, "\(card) was cancelled with \(live) live tokens")
        default:
            break
        }
    }

    @discardableResult
    private func shadow<Result>(_ card: PrepaidCardRef, _ change: (inout Shadow) -> Result) -> Result {
        let index = Int(card.customer.rawValue)
        cards.reserve(index + 1)
        return cards.modify(index) { shadow in
            if shadow.generation != card.generation { shadow = Shadow(generation: card.generation) }
            return change(&shadow)
        }
    }
}
