// The same checkout written as an app team writes it, with no PayStorm type: plain actors and
// `Task.sleep`. `SimulationTesting.exploreSchedules` runs it on the simulation as it is.

/// The payment client, plain: the same hole as `PaymentClient`, the check before an `await` and
/// the claim after it.
public actor PlainPaymentClient {
    let gateway: PlainGateway
    let fixed: Bool
    private var receipts: [OrderID: Receipt] = [:]
    private var inFlight: Set<OrderID> = []

    public init(gateway: PlainGateway, fixed: Bool) {
        self.gateway = gateway
        self.fixed = fixed
    }

    public func pay(_ order: OrderID, amount: Int64, card: String) async throws -> Receipt {
        if let receipt = receipts[order] { return receipt }
        if fixed {
            guard inFlight.insert(order).inserted else { throw PaymentError.alreadyInProgress }
        } else {
            guard !inFlight.contains(order) else { throw PaymentError.alreadyInProgress }
        }
        let token = try await gateway.tokenize(card: card)  // BUG unless fixed: a second pay passes the guard now…
        inFlight.insert(order)  // …and both charge.
        defer { inFlight.remove(order) }
        let receipt = try await gateway.charge(order, amount: amount, token: token)
        receipts[order] = receipt
        return receipt
    }
}

/// A fake gateway with fixed latencies, slept on the clock every Swift program has.
public actor PlainGateway {
    public private(set) var charges: [Receipt] = []

    public init() {}

    public func tokenize(card: String) async throws -> String {
        try await Task.sleep(for: .milliseconds(5))
        return "tok_\(card.suffix(4))"
    }

    public func charge(_ order: OrderID, amount: Int64, token: String) async throws -> Receipt {
        try await Task.sleep(for: .milliseconds(50))
        let receipt = Receipt(order: order, chargeID: UInt64(charges.count + 1))
        charges.append(receipt)
        return receipt
    }
}

/// A shopper taps Pay, and again 5 ms later, just as the first tap's tokenizing ends: which runs
/// first at that instant decides whether the second tap is refused or charges the card again.
///
/// The taps are child tasks (`async let`). Started with `Task {}` instead, the second tap would
/// have no executor preference, and the gateway's `Task.sleep`, inside an actor method, would
/// leave the simulation (Swift 6.3 sends such a sleep to the global default executor): the
/// trial would end "still suspended" instead of exploring (the guide's limits).
@Sendable public func plainCheckout(fixed: Bool) async throws {
    let gateway = PlainGateway()
    let client = PlainPaymentClient(gateway: gateway, fixed: fixed)
    async let first = try? client.pay(7, amount: 4_200, card: "4242424242424242")
    async let second: Receipt? = {
        try? await Task.sleep(for: .milliseconds(5))
        return try? await client.pay(7, amount: 4_200, card: "4242424242424242")
    }()
    _ = await (first, second)
    let charges = await gateway.charges.count
    if charges > 1 { throw DoubleCharge(charges: charges) }
}
