import SimulationKernel

/// The bodies of the requests that carry more than a kernel event's two words: a checkout's order
/// (device → merchant → gateway and the seed servers) and a payment's authorization request
/// (gateway → 3-D Secure, acquirer, network, issuer).
///
/// A message names its body by the lifecycle or payment id it carries as its subject. Each body is
/// written once, by the actor that sends the request, before the first message that names it, and
/// never changed after: receivers read what the request said, as they would read a message's
/// fields, and learn nothing else about the sender. A slot's body is replaced only when the author
/// reuses the slot for a new lifecycle, whose new generation tells old messages apart.
final class RequestBodies {
    /// What the customer asked for: the order of a checkout, or a seed flow's subject.
    struct Order {
        var flow = PaymentFlow.sale
        var customer = CustomerID(0)
        /// Which of the customer's devices the lifecycle runs on.
        var device = 0
        var card = CardID(0)
        var merchant = MerchantID(0)
        /// In minor units; for Portmone, the bill plus its commission.
        var amount: Int64 = 0
        /// Portmone's commission quoted for the bill (P4 getCommission), inside `amount`; 0 elsewhere.
        var commission: Int64 = 0
        /// A token sale that pays with another token than its own tokenization's: the one the app's
        /// previous token sale created (most often another customer's: 3101). Nil: its own.
        var namedToken: LifecycleID?
        /// A token sale whose customer deletes the saved card between tokenizing and paying.
        var deletesToken = false
        /// When the customer placed the order (entered the card): a card-on-file token's validity runs from it.
        var placedAt = SimTime.zero

        /// What the payee of a Portmone bill or top-up is paid: the amount less the commission.
        var bill: Int64 { amount - commission }
        /// Whether the money goes to a Portmone payee (a bill or a top-up), not to a merchant.
        var paysPayee: Bool { flow.traits.contains(.paysPayee) }
    }

    /// What an authorization request says: the payment's order, card, merchant and amount.
    struct Payment {
        var order = LifecycleID(rawValue: 0)
        var card = CardID(0)
        var merchant = MerchantID(0)
        var amount: Int64 = 0
    }

    @exclusivity(unchecked) private var orders: [Order] = []
    @exclusivity(unchecked) private var payments: [Payment] = []
    /// Nanoseconds each lifecycle spent waiting on people rather than on the system: a customer
    /// typing a code or working through a challenge or an SCA prompt, a merchant capturing later, a
    /// card in the post. The device splits a lifecycle's latency into system time and this.
    @exclusivity(unchecked) private var peopleTime: [Int64] = []
    /// The capture mode of each order's payment request (Sips `captureMode`, ecommpay's auto-capture
    /// setting): the merchant's part of the request, written before it calls the gateway.
    @exclusivity(unchecked) private var captureModes: [CaptureMode] = []

    /// The device writes an order's body before it sends the first request of the lifecycle.
    func publish(_ order: Order, for lifecycle: LifecycleID) {
        while orders.count <= lifecycle.slot {
            orders.append(Order())
            peopleTime.append(0)
        }
        orders[lifecycle.slot] = order
        peopleTime[lifecycle.slot] = 0
    }

    /// A person (or a business process) made `lifecycle` wait `duration` on purpose.
    func addPeopleTime(_ duration: SimDuration, to lifecycle: LifecycleID) {
        guard lifecycle.slot < peopleTime.count else { return }
        peopleTime[lifecycle.slot] &+= duration.nanoseconds
    }

    /// The people's time of `lifecycle` so far, nanoseconds.
    func peopleTime(of lifecycle: LifecycleID) -> Int64 {
        lifecycle.slot < peopleTime.count ? peopleTime[lifecycle.slot] : 0
    }

    /// The merchant writes the capture mode of an order's payment request before its first call.
    func publish(_ mode: CaptureMode, for order: LifecycleID) {
        while captureModes.count <= order.slot { captureModes.append(.single) }
        captureModes[order.slot] = mode
    }

    /// How the merchant asked for an order's authorization to be captured.
    func captureMode(of order: LifecycleID) -> CaptureMode {
        order.slot < captureModes.count ? captureModes[order.slot] : .single
    }

    /// The gateway writes a payment's body when it creates the payment, before it asks anyone about it.
    func publish(_ payment: Payment, for id: PaymentID) {
        while payments.count <= id.slot { payments.append(Payment()) }
        payments[id.slot] = payment
    }

    /// The order a lifecycle's requests carry.
    subscript(lifecycle: LifecycleID) -> Order { orders[lifecycle.slot] }

    /// The authorization request of a payment.
    subscript(payment: PaymentID) -> Payment { payments[payment.slot] }
}
