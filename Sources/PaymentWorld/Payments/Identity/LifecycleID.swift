/// The identities of the payments world's records. Each names a record in its owner's dense table by
/// slot, and the slot's tenant by generation, so a late message for a slot that has since been reused
/// is told apart from the new tenant's and dropped (domain §2.8, duplicates and late replies).
///
/// They are distinct types on purpose: a device lifecycle, a gateway payment and one of its attempts
/// live in different tables, and passing one where the other is meant would read the wrong record.

/// Where a slot-and-generation identity keeps its two halves in the 64 bits an event's subject carries.
public enum SlotLayout {
    /// The low 32 bits: the record's index in its owner's table.
    static let slotMask: UInt64 = 0xFFFF_FFFF
    /// The high 32 bits: how many tenants the slot has had.
    static let generationShift: UInt64 = 32

    @inline(__always)
    static func pack(slot: Int, generation: UInt32) -> UInt64 {
        UInt64(generation) << generationShift | UInt64(UInt32(truncatingIfNeeded: slot))
    }
}

/// An identity made of a record slot and the slot's generation.
public protocol SlotIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The identity as a kernel event's `subject`.
    var rawValue: UInt64 { get }
    init(rawValue: UInt64)
    /// The label of reports: `payment` in `payment#12.3`.
    static var label: String { get }
}

extension SlotIdentity {
    public init(slot: Int, generation: UInt32) { self.init(rawValue: SlotLayout.pack(slot: slot, generation: generation)) }

    /// The record's index in its owner's table.
    @inline(__always) public var slot: Int { Int(rawValue & SlotLayout.slotMask) }
    /// Which tenant of the slot this is; a newer one makes this identity stale.
    @inline(__always) public var generation: UInt32 { UInt32(truncatingIfNeeded: rawValue >> SlotLayout.generationShift) }

    /// `payment#12.3`: slot 12, its third tenant. The one formatting of identities in reports and traces.
    public var description: String { "\(Self.label)#\(slot).\(generation)" }
}

/// One lifecycle the customer's device started: an order of the card core, or a seed flow's run of SDK steps.
public struct LifecycleID: SlotIdentity, BitwiseCopyable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let label = "lifecycle"
}

/// One payment record at the gateway, made by a payment request under one idempotency key.
public struct PaymentID: SlotIdentity, BitwiseCopyable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let label = "payment"
}

/// One authorization attempt of a gateway payment: the first goes to the primary acquirer, a cascade's
/// to the next provider in routing order, through the backup acquirer. The issuer decides each exactly
/// once (G-4, RES-3).
public struct AttemptID: Hashable, Sendable, CustomStringConvertible {
    public let payment: PaymentID
    /// 0 for the first attempt, i for the cascade's attempt at provider i + 1 (LC-08).
    public let index: Int

    public init(_ payment: PaymentID, _ index: Int) {
        self.payment = payment
        self.index = index
    }

    public var description: String { "\(payment) attempt #\(index + 1)" }
}
