import SimulationKernel

/// The fix: check and claim the order in one step, before the first `await`. Between two
/// suspension points an actor's code runs alone, so no second `pay(order)` can slip in.
public actor SafePaymentClient: CheckoutClient {
    public nonisolated let context: SimulationContext
    let gateway: FakeGateway
    private var receipts: [OrderID: Receipt] = [:]
    private var inFlight: Set<OrderID> = []

    public init(context: SimulationContext, gateway: FakeGateway) {
        self.context = context
        self.gateway = gateway
    }

    public func pay(_ order: OrderID, amount: Int64, card: String) async throws -> Receipt {
        if let receipt = receipts[order] { return receipt }
        guard inFlight.insert(order).inserted else { throw PaymentError.alreadyInProgress }
        defer { inFlight.remove(order) }
        context.trace("pay", subject: order)
        context.trace("claim", subject: order)
        let token = await gateway.tokenize(card: card)
        let receipt = await gateway.charge(order, amount: amount, token: token)
        receipts[order] = receipt
        return receipt
    }
}
