/// What the money claims know of a payment's money (AUTH-1, AUTH-2, AUTH-3, SALE-2): one copy for
/// the four, in 40 bytes an entry where their own copies took 88.
struct MoneyShadow: BitwiseCopyable {
    /// Held by the payment's approvals (AUTH-1).
    var authorized: Int64 = 0
    var captured: Int64 = 0
    var refunded: Int64 = 0
    /// Refunds sent to the acquirer and not ended yet (AUTH-3).
    var refundsInFlight: Int64 = 0
    /// The authorization was voided or expired (AUTH-2).
    var closed = false
    /// The payment went final, not succeeded (SALE-2).
    var failed = false
}

/// The payments' money shadows, followed once per event for the four claims that read them. Each
/// field changes only on events that every claim reading it watches, so a claim sees what its own
/// copy would show, with or without the others in the catalogue.
struct MoneyShadows {
    private var payments = LifecycleShadows<PaymentID, MoneyShadow>(fresh: MoneyShadow())

    /// Follows `event`; the payment's shadow as it was before it (what every claim of the four
    /// judges by), or nil for an event none of them judges.
    mutating func follow(_ event: WorldEvent) -> MoneyShadow? {
        switch event {
        case .holdPlaced(let payment, _, let amount, _, _, _):
            return payments.change(payment) { $0.authorized += amount }
        case .captured(let payment, _, let amount):
            return payments.change(payment) { $0.captured += amount }
        case .refundRequested(let payment, let amount):
            return payments.change(payment) { $0.refundsInFlight += amount }
        case .refunded(let payment, let amount):
            // A refund applied twice (a planted defect) was never in flight the second time.
            return payments.change(payment) { shadow in
                shadow.refunded += amount
                shadow.refundsInFlight = max(0, shadow.refundsInFlight - amount)
            }
        case .refundNotMade(let payment, let amount):
            return payments.change(payment) { $0.refundsInFlight = max(0, $0.refundsInFlight - amount) }
        case .authorizationClosed(let payment, _):
            return payments.change(payment) { $0.closed = true }
        case .paymentFinal(let payment, _, let succeeded):
            return succeeded ? nil : payments.change(payment) { $0.failed = true }  // SALE-2 judges only the failed.
        case .captureAttempted(let payment, _), .refundAttempted(let payment, _):
            return read(payment)
        case .paymentRetired(let payment, _):
            payments.forget(payment)
            return nil
        default:
            return nil
        }
    }

    private func read(_ payment: PaymentID) -> MoneyShadow { payments[payment] }
}
