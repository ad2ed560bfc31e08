// Mastercard Gateway (MPGS) [M], domain.md §1.3: M1 session, M2 operations and codes, M3 3DS 1.0, M4 tokens.
extension SeedCatalogue {
    private static let payments: [PaymentFlow] = [.mastercardPay, .mastercardAuthorize, .mastercardTokenPay]
    private static let notAnIssuerReason = "the simulated issuer never answers it (its answers: "
        + IssuerAnswer.payments.sorted().joined(separator: ", ") + ")"
    private static let coreAnswers = ["APPROVED", "DECLINED", "INSUFFICIENT_FUNDS", "EXPIRED_CARD", "AUTHENTICATION_FAILED"]
    private static let notSplit = "happens in the card core for every system; summary.json counts it over all systems, not by system"

    static let mastercard: [SeedCatalogueEntry] = [
        .operation(.mastercard, "Create Session", "M1: a session bound to the API version that created it",
                   .answers([.createSession], nil)),
        .operation(.mastercard, "updateSession(id, apiVersion, payload)", "M1: the card into the session (stale version refused)",
                   .answers([.updateSession], nil)),
        .operation(.mastercard, "session.id in PAY / AUTHORIZE", "M2: the operation takes the card from the session (an expired one: ERROR)",
                   .answers([.operationWithSession], nil)),
        .operation(.mastercard, "PAY", "M2: one-step payment", .endCodes([.mastercardPay, .mastercardTokenPay], coreAnswers)),
        .operation(.mastercard, "AUTHORIZE", "M2: hold, captured later", .endCodes([.mastercardAuthorize], coreAnswers)),
        .operation(.mastercard, "CAPTURE", "M2: capture an authorization", .endOutcomes([.mastercardAuthorize], [.captured])),
        .operation(.mastercard, "VOID", "M2: void an authorization", .notModelled(notSplit)),
        .operation(.mastercard, "REFUND", "M2: refund a capture", .notModelled(notSplit)),
        .operation(.mastercard, "VERIFY", "M2: verify a card", .notModelled("no Mastercard flow verifies a card")),
        .operation(.mastercard, "Create or Update Token",
                   "M4: the merchant server makes a card-on-file token from the session the app updated with the card",
                   .answers([.createToken], nil)),
        .operation(.mastercard, "PAY with sourceOfFunds.token",
                   "M4: a later pay of the customer names the token kept on file, with no session; the gateway resolves "
                       + "it at the token store", .savedTokenSales([.mastercardTokenPay])),
        .operation(.mastercard, "CHECK_3DS_ENROLLMENT", "M3: is the card enrolled (the VEReq)", .threeDS1(payments, [.veReq])),
        .operation(.mastercard, "PROCESS_ACS_RESULT", "M3: the PaRes, POSTed with its MD to the merchant's TermUrl and handed on by the app, applied to the payment its MD names", .threeDS1(payments, [.paRes])),
        .operation(.mastercard, "Retrieve Transaction", "resolve an unknown outcome: the merchant's status check after its retries",
                   .statusChecks),
        .operation(.mastercard, "Apple Pay into updateSession", "the session's card from a PKPayment token",
                   .notModelled("Apple Pay is not simulated")),
        .code(.mastercard, "APPROVED", "gatewayCode: approved", .endCode),
        .code(.mastercard, "DECLINED", "gatewayCode: declined (the model: an issuer decline for a reason without a "
                  + "gatewayCode of its own, such as 05, 57 or 91)", .endCode),
        .code(.mastercard, "EXPIRED_CARD", "gatewayCode: expired card (the issuer's 54)", .endCode),
        .code(.mastercard, "INSUFFICIENT_FUNDS", "gatewayCode: insufficient funds (the issuer's 51)", .endCode),
        .code(.mastercard, "DECLINED_CSC", "gatewayCode: security code declined",
              .notModelled("the simulated card data carries no security code to check")),
        .code(.mastercard, "DECLINED_AVS", "gatewayCode: address check declined",
              .notModelled("the simulated card data carries no billing address to check")),
        .code(.mastercard, "REFERRED", "gatewayCode: referred to the issuer (01, 02)", .notModelled(notAnIssuerReason)),
        .code(.mastercard, "BLOCKED", "gatewayCode: blocked by the gateway's risk or 3-D Secure rules",
              .notModelled("the gateway has no risk rules of its own")),
        .code(.mastercard, "TIMED_OUT", "gatewayCode: timed out", .endCode),
        .code(.mastercard, "ACQUIRER_SYSTEM_ERROR", "gatewayCode: acquirer error",
              .notModelled("the acquirer's system error (behaviour.acquirerErrors) is settled by LC-12's inquiry or "
                               + "reversal before the merchant hears, so no payment ends with it")),
        .code(.mastercard, "SYSTEM_ERROR", "gatewayCode: system error (the model: the gateway's own failure: a payment "
                  + "past its deadline, LC-01 deadline, or a token PAY whose token store never answered)", .endCode),
        .code(.mastercard, "NOT_SUPPORTED", "gatewayCode: not supported", .notModelled("the app asks only supported operations")),
        .code(.mastercard, "AUTHENTICATION_FAILED", "gatewayCode: 3-D Secure failed", .endCode),
        .code(.mastercard, "ABORTED", "gatewayCode: aborted by payer (the model: the payer left the 3DS 1.0 page, "
                  + "LC-06 abandon)", .endCode),
        .code(.mastercard, "CANCELLED", "gatewayCode: cancelled (the model: a payment the customer cancelled while it ran, "
                  + "LC-01 abandon after behaviour.paymentCancel)", .endCode),
        .code(.mastercard, "UNKNOWN", "result or gatewayCode: outcome unknown (the model: the app's call for the "
                  + "order's result went unanswered; it asks again, and the merchant keeps asking the gateway until the "
                  + "outcome is known)", .appRecovery(.timeout)),
        .code(.mastercard, "SUCCESS", "result: success", .notModelled("the model reports gatewayCode, not result")),
        .code(.mastercard, "PENDING", "result: pending (the model: the app asked again and the order was still running)",
              .appRecovery(.inProgress)),
        .code(.mastercard, "FAILURE", "result: failure", .notModelled("the model reports gatewayCode, not result")),
        .code(.mastercard, "ERROR", "result: error (the model: a refused SDK step, an update of an expired session, or one past the session's authenticationLimit)",
              .endCode),
        .code(.mastercard, "apiVersionMismatch", "updateSession named another API version than the session's",
              .answers([.updateSession], [.apiVersionMismatch])),
        .code(.mastercard, "CARD_ENROLLED", "3DS summaryStatus (VERes Y)", .threeDS1(payments, [.enrolled])),
        .code(.mastercard, "CARD_NOT_ENROLLED", "3DS summaryStatus (VERes N: a card outside 3-D Secure, whose order "
              + "goes on without authentication, or one with an attempt credited)", .threeDS1(payments, [.notEnrolled, .attempted])),
        .code(.mastercard, "CARD_DOES_NOT_SUPPORT_3DS", "3DS summaryStatus",
              .notModelled("every card range has an ACS in the model: a card outside 3-D Secure answers CARD_NOT_ENROLLED")),
        .code(.mastercard, "ENROLLMENT_STATUS_UNDETERMINED", "3DS summaryStatus (VERes U)", .threeDS1(payments, [.undetermined])),
        .code(.mastercard, "AUTHENTICATION_SUCCESSFUL", "PROCESS_ACS_RESULT (PaRes Y)", .threeDS1(payments, [.paResY])),
        .code(.mastercard, "AUTHENTICATION_ATTEMPTED", "PROCESS_ACS_RESULT (an attempt credited: A)", .threeDS1(payments, [.attempted])),
        .code(.mastercard, "AUTHENTICATION_NOT_AVAILABLE", "PROCESS_ACS_RESULT (the model: no VERes or PaRes in time, U)",
              .threeDS1(payments, [.timedOut])),
    ]
}
