import SimulationKernel

public typealias OrderID = UInt64

/// What a successful charge returns.
public struct Receipt: Sendable, Hashable {
    public var order: OrderID
    public var chargeID: UInt64
}

public enum PaymentError: Error, Hashable {
    /// Another `pay` for the same order is running.
    case alreadyInProgress
}

/// A fake card gateway. It charges whatever it is asked to charge, as a real one would: it is
/// the client's job to ask once. Its latency is drawn from its own seeded stream and spent on
/// the simulation's clock, so a run takes no wall time and a seed replays it exactly.
public actor FakeGateway: SimulatedActor {
    public nonisolated let context: SimulationContext
    /// Every charge made, in order.
    public private(set) var charges: [Receipt] = []

    public init(context: SimulationContext) { self.context = context }

    /// Swaps card details for a one-time token: a quick round trip, 2–10 ms.
    public func tokenize(card: String) async -> String {
        await context.sleep(for: .milliseconds(context.random.int(in: 2...10)))
        return "tok_\(card.suffix(4))"
    }

    /// Charges `amount` to the card behind `token`: 30–90 ms.
    public func charge(_ order: OrderID, amount: Int64, token: String) async -> Receipt {
        await context.sleep(for: .milliseconds(context.random.int(in: 30...90)))
        let receipt = Receipt(order: order, chargeID: UInt64(charges.count + 1))
        charges.append(receipt)
        context.trace("charge", subject: order)
        return receipt
    }
}
