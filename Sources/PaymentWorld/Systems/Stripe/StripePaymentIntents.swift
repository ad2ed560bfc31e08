/// Stripe PaymentIntents, from Stripe's public documentation rather than a seed: the sixth system,
/// and the worked example of `docs/model-your-own-payment-system.md`.
///
/// The integration modelled is the one Stripe calls "finalize payments on the server": the app
/// collects the card, the merchant's backend creates and confirms the PaymentIntent in one call
/// under an `Idempotency-Key`, 3-D Secure 2 runs as the intent's `next_action` in the app, and the
/// merchant learns the result from the answer, which the network may repeat and reorder. The
/// status graph maps onto the shared card core:
///
/// - `requires_payment_method` → confirmed at creation (`requires_confirmation` is skipped, as the
///   docs say most integrations do) → `requires_action` while 3-D Secure runs (LC-06) → for a card,
///   straight to `succeeded` (LC-01), or to `requires_capture` with `capture_method=manual` (LC-02,
///   the merchant captures later) → `canceled` when the customer abandons it;
/// - a failed attempt returns the intent to `requires_payment_method` with a `last_payment_error`,
///   whose code (`card_declined`, `payment_intent_authentication_failure`, `processing_error`) is
///   what the merchant reads, so that is the code a lifecycle ends with.
struct StripePaymentIntents: PaymentSystemModel {
    let name = "stripe"
    let title = "Stripe PaymentIntents (public docs)"
    let source = PaymentSystemSource.publicDocs([
        "https://docs.stripe.com/payments/paymentintents/lifecycle",
        "https://docs.stripe.com/payments/finalize-payments-on-the-server",
        "https://docs.stripe.com/payments/place-a-hold-on-a-payment-method",
        "https://docs.stripe.com/api/idempotent_requests",
        "https://docs.stripe.com/webhooks",
        "https://docs.stripe.com/error-codes",
        "https://docs.stripe.com/declines/codes",
    ])
    let flows = [
        // Create with confirm=true and automatic capture: the card core's sale.
        FlowDefinition("stripe_payment", core: .sale),
        // capture_method=manual: the intent waits in requires_capture until the merchant captures it.
        FlowDefinition("stripe_manual_capture", core: .authorization),
    ]
    /// Stripe runs EMV 3-D Secure (2.x) for cards; the challenge is the intent's next_action.
    let threeDSVersion = ThreeDSVersion.v2
    let statusCheck = StatusCheckWords("retrieve the PaymentIntent (GET /v1/payment_intents/:id)",
                                       inProgress: "status requires_action (409 idempotency_key_in_use for a repeat)",
                                       final: "the first request's saved answer (Idempotency-Key)")
    /// The client retrieves the PaymentIntent with its client secret after a failed request.
    let appRecovery = AppRecoveryWords(timeout: "api_connection_error",
                                       reinit: "retrieve the PaymentIntent with its client secret",
                                       inProgress: "status requires_action or requires_capture",
                                       final: "status succeeded, requires_payment_method or canceled",
                                       secondPay: "the first request's saved answer (Idempotency-Key)")
    let stepTimeoutCode = "api_connection_error"
    var catalogue: [SeedCatalogueEntry] { SeedCatalogue.stripe }
    var scenario: String? { "scenarios/stripe-payment-intents.json" }
    var claims: [any InvariantMonitor.Type] { [OneIntentPerIdempotencyKey.self] }

    func code(for outcome: PaymentOutcome) -> String {
        switch outcome {
        case .succeeded, .captured: "succeeded"
        case .authorized: "requires_capture"
        case .declined: "card_declined"
        case .authenticationFailed: "payment_intent_authentication_failure"
        case .failed: "processing_error"
        // The merchant's Stripe library gave up on the network: an APIConnectionError.
        case .timedOut: "api_connection_error"
        }
    }

    /// A customer who abandons the payment: the merchant cancels the intent (cancellation_reason
    /// `abandoned`). A 3-D Secure challenge the customer never completes fails the attempt as an
    /// authentication failure.
    func code(for outcome: PaymentOutcome, cause: FailureCause) -> String? {
        switch cause {
        case .customerCancelled: "canceled"
        case .challengeExpired, .challengeAbandoned: "payment_intent_authentication_failure"
        case .unstated, .deadlinePassed: nil
        }
    }

    /// The decline_code Stripe gives the issuer's reason beside `card_declined`.
    func detailCode(for outcome: PaymentOutcome, declinedBy reason: ResponseCode?) -> String? {
        guard let reason else { return nil }
        return switch reason {
        case .insufficientFunds: "decline_code insufficient_funds"
        case .expiredCard: "decline_code expired_card"
        case .doNotHonor: "decline_code do_not_honor"
        case .invalidCardNumber: "decline_code incorrect_number"
        case .restrictedCard: "decline_code restricted_card"
        case .notPermittedToCardholder: "decline_code transaction_not_allowed"
        case .exceedsAmountLimit, .exceedsFrequencyLimit: "decline_code card_velocity_exceeded"
        case .issuerInoperative: "decline_code issuer_not_available"
        case .systemMalfunction: "decline_code processing_error"
        default: "decline_code generic_decline"
        }
    }
}

extension PaymentSystem {
    public static let stripe = PaymentSystem(registered: "stripe")
}

extension PaymentFlow {
    public static let stripePayment = PaymentFlow(registered: "stripe_payment")
    public static let stripeManualCapture = PaymentFlow(registered: "stripe_manual_capture")
}
