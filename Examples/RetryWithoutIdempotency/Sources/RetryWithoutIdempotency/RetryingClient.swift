import SimulationKernel

/// The client an app team wrote. It knows the network drops messages and retries a charge that
/// got no answer, but each attempt is a new request with nothing to tie it to the first. When the
/// request arrived and only the response was lost (or late), the gateway charged already, and the
/// retry charges the card a second time.
public actor RetryingClient: ChargingClient {
    public nonisolated let context: SimulationContext
    let connection: GatewayConnection

    public init(context: SimulationContext, connection: GatewayConnection) {
        self.context = context
        self.connection = connection
    }

    public func pay(_ order: OrderID, amount: Int64) async -> PaymentResult {
        for attempt in 1...RetryPolicy.attempts {
            context.trace("attempt", subject: UInt64(attempt))
            // BUG: no idempotency key, so the gateway sees each retry as a new charge.
            let request = ChargeRequest(order: order, amount: amount, idempotencyKey: nil)
            if let response = await connection.send(request, timeout: RetryPolicy.timeout) {
                return .paid(chargeID: response.chargeID)
            }
            // No answer: the request may be lost, or the charge made and its response lost.
        }
        return .gaveUp(attempts: RetryPolicy.attempts)
    }
}
