/// How a purchase with a prepaid card reaches its processor (CARD-3): the plastic at a terminal,
/// the card's details typed in online or in an app, or the network token a mobile wallet holds.
public enum PurchaseChannel: UInt8, Sendable, Hashable, BitwiseCopyable, CaseIterable, CustomStringConvertible {
    case cardPresent = 0
    case cardNotPresent
    case token

    public var description: String {
        switch self {
        case .cardPresent: "card_present"
        case .cardNotPresent: "card_not_present"
        case .token: "token"
        }
    }
}

/// The card platform's purchase decisions, by the card's status at the decision, the channel and
/// whether it approved: dense, `CardStatus × PurchaseChannel × approved`, so counting is an array
/// increment and a report reads every cell in the enums' order.
public struct PrepaidPurchaseCounts: Sendable, Hashable {
    private var counts = [UInt64](repeating: 0, count: CardStatus.allCases.count * PurchaseChannel.allCases.count * 2)

    public init() {}

    private static func index(_ status: CardStatus, _ channel: PurchaseChannel, approved: Bool) -> Int {
        let statusIndex = CardStatus.allCases.firstIndex(of: status) ?? 0
        return (statusIndex * PurchaseChannel.allCases.count + Int(channel.rawValue)) * 2 + (approved ? 1 : 0)
    }

    mutating func count(_ status: CardStatus, _ channel: PurchaseChannel, approved: Bool) {
        counts[Self.index(status, channel, approved: approved)] &+= 1
    }

    public subscript(status: CardStatus, channel: PurchaseChannel, approved approved: Bool) -> UInt64 {
        counts[Self.index(status, channel, approved: approved)]
    }

    /// Every decision that approved (or declined), over all statuses and channels.
    public func total(approved: Bool) -> UInt64 {
        CardStatus.allCases.reduce(0) { sum, status in
            PurchaseChannel.allCases.reduce(sum) { $0 &+ self[status, $1, approved: approved] }
        }
    }

    public mutating func add(_ other: PrepaidPurchaseCounts) {
        for index in counts.indices { counts[index] &+= other.counts[index] }
    }
}
