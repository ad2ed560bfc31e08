public typealias OrderID = UInt64

/// A key the client mints once per payment and sends with every attempt of it, so the gateway can
/// tell a retry from a second purchase (the `Idempotency-Key` header of card gateways' APIs).
public struct IdempotencyKey: Sendable, Hashable {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// Charge `amount` minor units for `order`.
public struct ChargeRequest: Sendable, Hashable {
    public var order: OrderID
    public var amount: Int64
    /// Nil for a client that does not send one: then every request is a new charge.
    public var idempotencyKey: IdempotencyKey?

    public init(order: OrderID, amount: Int64, idempotencyKey: IdempotencyKey?) {
        self.order = order
        self.amount = amount
        self.idempotencyKey = idempotencyKey
    }
}

/// The gateway's answer to a charge: which charge it made (or had made, for a repeated key).
public struct ChargeResponse: Sendable, Hashable {
    public var order: OrderID
    public var chargeID: UInt64
}

/// What `pay` tells the app.
public enum PaymentResult: Sendable, Hashable {
    case paid(chargeID: UInt64)
    /// No attempt got an answer in time. The card may still have been charged.
    case gaveUp(attempts: Int)
}
