// The retrying client written as an app team writes it, with no PayStorm type: plain actors,
// a task group for the timeout, and `Task.sleep` for the network. `exploreSchedules` runs it on
// the simulation as it is.

/// A card gateway at the end of a network: the request takes 50 ms to arrive, the charge is made,
/// and the response takes 50 ms to come back. A response still on its way when the client stops
/// waiting is lost, but the charge stands.
public actor PlainGateway {
    public private(set) var charges: [ChargeResponse] = []
    private var byKey: [IdempotencyKey: ChargeResponse] = [:]

    public init() {}

    public func charge(_ request: ChargeRequest) async throws -> ChargeResponse {
        try await Task.sleep(for: .milliseconds(50))  // The request on its way.
        let response = record(request)
        try await Task.sleep(for: .milliseconds(50))  // The response on its way back.
        return response
    }

    private func record(_ request: ChargeRequest) -> ChargeResponse {
        if let key = request.idempotencyKey, let earlier = byKey[key] { return earlier }
        let response = ChargeResponse(order: request.order, chargeID: UInt64(charges.count + 1))
        charges.append(response)
        if let key = request.idempotencyKey { byKey[key] = response }
        return response
    }
}

/// The client: each attempt waits 100 ms, the time a charge takes, then tries again. Without a
/// key (`fixed` false) the gateway takes the retry for a second purchase.
public actor PlainRetryingClient {
    let gateway: PlainGateway
    let fixed: Bool

    public init(gateway: PlainGateway, fixed: Bool) {
        self.gateway = gateway
        self.fixed = fixed
    }

    public func pay(_ order: OrderID, amount: Int64) async -> PaymentResult {
        let key = fixed ? IdempotencyKey(rawValue: order) : nil  // BUG unless fixed: no key.
        let request = ChargeRequest(order: order, amount: amount, idempotencyKey: key)
        for _ in 1...RetryPolicy.attempts {
            if let response = await attempt(request) { return .paid(chargeID: response.chargeID) }
        }
        return .gaveUp(attempts: RetryPolicy.attempts)
    }

    /// The charge's answer, or nil when 100 ms pass first: whichever of the two finishes first
    /// wins, and the other is cancelled.
    private func attempt(_ request: ChargeRequest) async -> ChargeResponse? {
        let gateway = self.gateway
        return await withTaskGroup(of: ChargeResponse?.self) { group in
            group.addTask { try? await gateway.charge(request) }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(100))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

/// One payment with the plain client; throws `DoubleCharge` when the card was charged twice.
@Sendable public func plainPayment(fixed: Bool) async throws {
    let gateway = PlainGateway()
    let client = PlainRetryingClient(gateway: gateway, fixed: fixed)
    _ = await client.pay(30, amount: 4_200)
    let charges = await gateway.charges.count
    if charges > 1 { throw DoubleCharge(order: 30, charges: charges) }
}
