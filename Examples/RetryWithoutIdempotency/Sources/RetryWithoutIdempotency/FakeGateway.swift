import SimulationKernel

/// A fake card gateway. Without an idempotency key it charges every request it receives, as a
/// real one does: it cannot tell a retry from a second purchase. With a key it charges once per
/// key and answers a repeated key with the first charge. Its work takes 10–40 ms, drawn from its
/// own seeded stream and spent on the simulation's clock.
public actor FakeGateway: SimulatedActor {
    public nonisolated let context: SimulationContext
    /// Every charge made, in order.
    public private(set) var charges: [ChargeResponse] = []
    /// The answer given to each key: looked up, never iterated (its order is not deterministic).
    private var answers: [IdempotencyKey: ChargeResponse] = [:]

    public init(context: SimulationContext) { self.context = context }

    public func charge(_ request: ChargeRequest) async -> ChargeResponse {
        await context.sleep(for: .milliseconds(context.random.int(in: 10...40)))
        // No `await` from here on: looking the key up and charging are one step of this actor, so
        // two copies of one keyed request cannot both miss the lookup. This example's bug is the
        // client's, not a reentrancy race in the gateway.
        if let key = request.idempotencyKey, let earlier = answers[key] {
            context.trace("deduplicated", subject: request.order)
            return earlier
        }
        let response = ChargeResponse(order: request.order, chargeID: UInt64(charges.count + 1))
        charges.append(response)
        context.trace("charged", subject: request.order)
        if let key = request.idempotencyKey { answers[key] = response }
        return response
    }
}
