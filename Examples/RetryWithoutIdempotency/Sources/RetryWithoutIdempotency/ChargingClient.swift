import SimulationKernel

/// What both clients offer the app: pay for an order, retrying when the gateway does not answer.
public protocol ChargingClient: SimulatedActor {
    func pay(_ order: OrderID, amount: Int64) async -> PaymentResult
}

/// How both clients retry: up to three attempts, each given 200 ms for an answer. A trip without
/// faults takes at most 100 ms (5–30 ms each way, 10–40 ms at the gateway), so a timeout means a
/// message was lost or held back.
public enum RetryPolicy {
    public static let attempts = 3
    public static let timeout = Duration.milliseconds(200)
}

public enum ClientKind: String, Sendable, CaseIterable {
    /// ``RetryingClient``: retries without an idempotency key.
    case retrying
    /// ``IdempotentClient``: retries with one key per payment.
    case idempotent
}
