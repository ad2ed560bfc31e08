import SimulationKernel

/// The fix: one idempotency key per payment, minted before the first attempt and sent with every
/// attempt. However many copies of the request reach the gateway, it charges once and answers the
/// others with that charge.
public actor IdempotentClient: ChargingClient {
    public nonisolated let context: SimulationContext
    let connection: GatewayConnection

    public init(context: SimulationContext, connection: GatewayConnection) {
        self.context = context
        self.connection = connection
    }

    public func pay(_ order: OrderID, amount: Int64) async -> PaymentResult {
        // From the client's own seeded stream, as a real client would use a random UUID.
        let key = IdempotencyKey(rawValue: context.random.next())
        for attempt in 1...RetryPolicy.attempts {
            context.trace("attempt", subject: UInt64(attempt))
            let request = ChargeRequest(order: order, amount: amount, idempotencyKey: key)
            if let response = await connection.send(request, timeout: RetryPolicy.timeout) {
                return .paid(chargeID: response.chargeID)
            }
        }
        return .gaveUp(attempts: RetryPolicy.attempts)
    }
}
