import SimulationKernel

/// The client an app team wrote. It knows about double taps and guards against them, but the
/// guard has a hole: the check happens before an `await`, the claim after it. Actors are
/// reentrant, so while `tokenize` is suspended a second `pay(order)` runs, passes the same
/// check, and both calls charge the card.
public actor PaymentClient: CheckoutClient {
    public nonisolated let context: SimulationContext
    let gateway: FakeGateway
    private var receipts: [OrderID: Receipt] = [:]
    private var inFlight: Set<OrderID> = []

    public init(context: SimulationContext, gateway: FakeGateway) {
        self.context = context
        self.gateway = gateway
    }

    public func pay(_ order: OrderID, amount: Int64, card: String) async throws -> Receipt {
        if let receipt = receipts[order] { return receipt }  // Paid already.
        guard !inFlight.contains(order) else { throw PaymentError.alreadyInProgress }
        context.trace("pay", subject: order)
        let token = await gateway.tokenize(card: card)  // BUG: suspends between check and claim…
        inFlight.insert(order)  // …so a second pay(order) may have passed the guard meanwhile.
        context.trace("claim", subject: order)
        defer { inFlight.remove(order) }
        let receipt = await gateway.charge(order, amount: amount, token: token)
        receipts[order] = receipt
        return receipt
    }
}
