/// PROV-3: a card completes at most one tokenization per device: two of the customer's lifecycles
/// on one phone never both add the card to its wallet.
final class OneCompletedTokenizationPerCard: SafetyMonitor {
    static let invariant = "PROV-3"
    static let claim = "OneCompletedTokenizationPerCard"
    static let watches: [WorldEvent.Kind] = [.tokenizationCompleted, .tokensDeactivated]

    /// Completions per (customer, device), for the customer's current card.
    private struct Shadow: BitwiseCopyable {
        var generation: UInt32 = 0
        var completions: DeviceCounts = DeviceCounts()
    }

    private let cards = DenseBuffer<Shadow>(filler: Shadow())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .tokenizationCompleted(let lifecycle, let card, let device, _):
            let count = shadow(card) { $0.completions.add(device) }
            checks.expect(count <= 1, about: lifecycle, "\(count) completed tokenizations of \(card) for device \(device)")
        case .tokensDeactivated(_, let card):
            shadow(card) { $0.completions = DeviceCounts() }  // Dead tokens: a new one may complete.
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

/// A small count per device (at most `Population.maximumDevices`).
struct DeviceCounts: BitwiseCopyable {
    private var counts: (UInt8, UInt8, UInt8) = (0, 0, 0)

    /// Adds one for `device`; returns its count.
    mutating func add(_ device: Int) -> Int {
        switch device {
        case 0: counts.0 &+= 1; return Int(counts.0)
        case 1: counts.1 &+= 1; return Int(counts.1)
        default: counts.2 &+= 1; return Int(counts.2)
        }
    }
}
