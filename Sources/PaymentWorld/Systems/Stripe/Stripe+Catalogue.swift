// Stripe PaymentIntents, from Stripe's public docs (the pages StripePaymentIntents.source lists):
// the API calls a server-confirmed card integration makes, the intent's statuses, and the error
// and decline codes its merchant reads.
extension SeedCatalogue {
    private static let payments: [PaymentFlow] = [.stripePayment, .stripeManualCapture]
    private static let lastPaymentError = ["card_declined", "payment_intent_authentication_failure", "processing_error"]

    private static func decline(_ code: String, _ meaning: String) -> SeedCatalogueEntry {
        .code(.stripe, "decline_code \(code)", "beside card_declined: \(meaning)", .detailCode)
    }
    private static let notSplit = "happens in the card core for every system; summary.json counts it over all systems, not by system"

    static let stripe: [SeedCatalogueEntry] = [
        .operation(.stripe, "POST /v1/payment_intents (confirm=true)",
                   "create the intent and confirm it with the card in one server call", .endOutcomes(payments, PaymentOutcome.allCases)),
        .operation(.stripe, "Idempotency-Key on a repeated request",
                   "a retry or a late copy gets the first request's saved result (STRIPE-1 checks no second intent)",
                   .repeatsFoundFinal),
        .operation(.stripe, "GET /v1/payment_intents/:id", "retrieve the intent: the merchant's status check after its retries",
                   .statusChecks),
        .operation(.stripe, "POST /v1/payment_intents/:id/capture", "capture a requires_capture intent (capture_method=manual)",
                   .endOutcomes([.stripeManualCapture], [.captured])),
        .operation(.stripe, "POST /v1/payment_intents/:id/cancel", "cancel an intent not captured (a void)", .notModelled(notSplit)),
        .operation(.stripe, "POST /v1/refunds", "refund a succeeded intent", .notModelled(notSplit)),
        .operation(.stripe, "next_action (3-D Secure 2 in the app)", "the challenge the app's SDK handles while the intent "
                       + "requires_action", .notModelled(notSplit)),
        .operation(.stripe, "confirmPayment / PaymentSheet on the client", "client-side confirmation",
                   .notModelled("the model's integration confirms on the server (finalize payments on the server)")),
        .operation(.stripe, "webhook payment_intent.* (at least once, any order)",
                   "Stripe's events to the merchant's endpoint; the model has no second channel: the merchant learns "
                       + "each result from the answer to its call, which the network may repeat and reorder, and "
                       + "dedupes it (MERCH-1)",
                   .notModelled("no webhook channel separate from the answer to the merchant's call")),
        .code(.stripe, "requires_payment_method", "status: no usable payment method; where a failed attempt returns "
                  + "the intent, with a last_payment_error (counted by those codes)", .endCodes(payments, lastPaymentError)),
        .code(.stripe, "requires_confirmation", "status: confirmed later",
              .notModelled("confirm=true at creation skips it, as the docs say most integrations do")),
        .code(.stripe, "requires_action", "status: 3-D Secure or another customer action pending", .notModelled(notSplit)),
        .code(.stripe, "processing", "status: an asynchronous method being processed",
              .notModelled("cards skip processing; only asynchronous methods such as bank debits enter it")),
        .code(.stripe, "requires_capture", "status: authorized, waiting for the merchant's capture", .endCode),
        .code(.stripe, "succeeded", "status: paid (captured)", .endCode),
        .code(.stripe, "canceled", "status: canceled (the model: the customer abandoned it, cancellation_reason abandoned)",
              .endCode),
        .code(.stripe, "idempotency_key_in_use", "409: a request repeated while the first under its key still runs",
              .repeatsFoundInProgress),
        .code(.stripe, "card_declined", "last_payment_error.code: the issuer declined", .endCode),
        .code(.stripe, "payment_intent_authentication_failure", "last_payment_error.code: 3-D Secure failed or was "
                  + "not completed", .endCode),
        .code(.stripe, "processing_error", "last_payment_error.code: an error while processing the card (the model: a "
                  + "card-core payment that failed, such as one past the gateway's deadline)", .endCode),
        .code(.stripe, "api_connection_error", "the client library could not reach Stripe (the model: the merchant's calls "
                  + "went unanswered through its retries)", .endCode),
        decline("insufficient_funds", "the issuer's 51"), decline("expired_card", "the issuer's 54"),
        decline("do_not_honor", "the issuer's 05"), decline("incorrect_number", "the issuer's 14"),
        decline("restricted_card", "the issuer's 62"), decline("transaction_not_allowed", "the issuer's 57"),
        decline("card_velocity_exceeded", "the issuer's 61 or 65"), decline("issuer_not_available", "the issuer's 91"),
        decline("processing_error", "the issuer's 96"),
        .code(.stripe, "decline_code generic_decline", "beside card_declined: a reason without a decline_code of its own",
              .notModelled("every reason the simulated issuer gives has a decline_code of its own")),
        .code(.stripe, "decline_code lost_card", "beside card_declined: the card was reported lost (41)",
              .notModelled("the simulated issuer never answers 41")),
        .code(.stripe, "decline_code stolen_card", "beside card_declined: the card was reported stolen (43)",
              .notModelled("the simulated issuer never answers 43")),
    ]
}
