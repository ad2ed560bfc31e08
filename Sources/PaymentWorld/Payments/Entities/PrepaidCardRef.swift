/// A customer's Paysafe prepaid card: the customer, and which of their cards it is (a replacement
/// after a cancel is the next generation). Plain data, so events carry it.
public struct PrepaidCardRef: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    public let customer: CustomerID
    public let generation: UInt32

    public init(_ customer: CustomerID, generation: UInt32) {
        self.customer = customer
        self.generation = generation
    }

    public var description: String { "prepaid#\(customer.rawValue).\(generation)" }
}

/// Where a wallet tokenization of a prepaid card stands, for one of the customer's devices.
public enum DeviceToken: UInt8, Sendable, Hashable, BitwiseCopyable {
    case none, initiated, completed, deactivated

    /// Whether the token can still pay or complete: an initiated or completed one.
    public var isLive: Bool { self == .initiated || self == .completed }
}

/// A prepaid card's tokens, one per device the customer has (at most `Population.maximumDevices`).
public struct DeviceTokens: Hashable, Sendable, BitwiseCopyable {
    private var first = DeviceToken.none, second = DeviceToken.none, third = DeviceToken.none

    public init() {}

    public subscript(device: Int) -> DeviceToken {
        get { device == 0 ? first : device == 1 ? second : third }
        set {
            switch device {
            case 0: first = newValue
            case 1: second = newValue
            default: third = newValue
            }
        }
    }

    /// How many tokens are live.
    public var live: Int { (0..<3).filter { self[$0].isLive }.count }

    /// Every live token deactivated (CARD-6).
    public mutating func deactivateAll() {
        for device in 0..<3 where self[device].isLive { self[device] = .deactivated }
    }
}
