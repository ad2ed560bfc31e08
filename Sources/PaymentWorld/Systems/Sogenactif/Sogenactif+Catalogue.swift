// Sogenactif (Worldline Sips) In-App [W], domain.md §1.4: initialize services, SDK functions, responseCode,
// acquirerResponseCode and holderAuthentStatus.
extension SeedCatalogue {
    private static let notAnIssuerReason = "the simulated issuer never answers it (its answers: "
        + IssuerAnswer.payments.sorted().joined(separator: ", ") + ")"
    /// The issuer's answers a run can pass on as acquirerResponseCode.
    private static let issuerAnswers = Set(IssuerAnswer.payments)
    private static let walletReadOnly = "the Sips wallet is read, never changed, by the wallet order"
    private static let orders: [PaymentFlow] = [.sogenactifCardOrder, .sogenactifWalletOrder]

    private static func acquirer(_ code: String, _ meaning: String) -> SeedCatalogueEntry {
        .code(.sogenactif, "acquirerResponseCode \(code)", meaning,
              issuerAnswers.contains(code) ? .detailCode : .notModelled(notAnIssuerReason))
    }

    private static func holderAuthent(_ status: String, _ meaning: String, _ counting: SeedCount) -> SeedCatalogueEntry {
        .code(.sogenactif, "holderAuthentStatus \(status)", "3-D Secure result of the order: \(meaning)", counting)
    }

    static let sogenactif: [SeedCatalogueEntry] = [
        .operation(.sogenactif, "orderInitialize(sdkOperationName)", "server call: a one-shot redirection context",
                   .answers([.orderInitialize], nil)),
        .operation(.sogenactif, "walletInitialize", "server call before a wallet function: a one-shot context of its own",
                   .answers([.walletInitialize], nil)),
        .operation(.sogenactif, "paymentMeanInfoInitialize", "server call before getCardData", .notModelled("getCardData is not simulated")),
        .operation(.sogenactif, "cardOrder", "CARDORDER / THREEDSECUREANDORDER: an order with card data (3DS by enrolment)",
                   .endCodes([.sogenactifCardOrder], ["00", "05"])),
        .operation(.sogenactif, "walletOrder", "WALLETORDER: an order with a wallet card", .endCodes([.sogenactifWalletOrder], ["00", "05"])),
        .operation(.sogenactif, "cardCheckEnrollment", "W2: enrolment (the VEReq), then PaReq to the ACS",
                   .threeDS1([.sogenactifCardOrder], [.veReq])),
        .operation(.sogenactif, "walletCheckEnrollment", "W2 wallet variant", .threeDS1([.sogenactifWalletOrder], [.veReq])),
        .operation(.sogenactif, "cardValidateAuthenticationAndOrder", "W2: the ACS page POSTs the PaRes and its MD to the TermUrl page, which passes them into the app; the app sends the PaRes back, and the server applies it to the order its MD names, then orders",
                   .threeDS1([.sogenactifCardOrder], [.paRes])),
        .operation(.sogenactif, "paymentProviderOrder", "W4: BCMC Mobile in its own app", .notModelled("BCMC Mobile is not simulated")),
        .operation(.sogenactif, "getTransactionData", "a transaction's status (W4; domain §2.4: the inquiry after a timeout): the merchant's status check after its retries",
                   .statusChecks),
        .operation(.sogenactif, "getWalletData", "W5: the wallet's payment means", .answers([.getWalletData], nil)),
        .operation(.sogenactif, "addCard", "W5: a card into the wallet", .notModelled(walletReadOnly)),
        .operation(.sogenactif, "deletePaymentMean", "W5: a card out of the wallet", .notModelled(walletReadOnly)),
        .operation(.sogenactif, "getCardData", "W6: card data by IIN or number", .notModelled("no card numbers are simulated")),
        .operation(.sogenactif, "generatePaymentTokenWithCardNumber", "a payment token from a card number",
                   .notModelled("Sips tokens are not simulated")),
        .code(.sogenactif, "00", "responseCode: accepted", .endCode),
        .code(.sogenactif, "05", "responseCode: refused by the bank (the model: also a 3-D Secure failure)", .endCode),
        .code(.sogenactif, "34", "responseCode: fraud suspected", .notModelled("no fraud screening")),
        .code(.sogenactif, "40", "function not allowed for this merchant, never retried", .endCode),
        .code(.sogenactif, "75", "responseCode: too many card-entry attempts", .notModelled("the app enters the card once")),
        .code(.sogenactif, "90", "service temporarily unavailable, retry later with a new context (the model: where the app "
                  + "opens a context, orderInitialize or walletInitialize)",
              .answers([.orderInitialize, .walletInitialize], [.retryLater])),
        .code(.sogenactif, "no response", "the model's word for a call the Sips server left unanswered through every "
                  + "repeat: no responseCode comes back", .endCode),
        .code(.sogenactif, "17", "responseCode: cancelled by the buyer (the model: a payment the customer cancelled while it "
                  + "ran, LC-01 abandon after behaviour.paymentCancel, or on the 3DS 1.0 page, LC-06 abandon)", .endCode),
        .code(.sogenactif, "97",
              "session expired after 15 min without user action (the model: getWalletData, cardOrder or walletOrder "
                  + "on an expired context, a timed-out payment, a payment past the gateway's deadline: LC-01 deadline, "
                  + "or an ACS page left until its timer: W2's ACS timeout)",
              .endCode),
        .code(.sogenactif, "99", "temporary technical problem when the function was processed, retry later with a new "
                  + "context (the model: getWalletData under its context)", .answers([.getWalletData], [.retryLater])),
        acquirer("00", "approved"), acquirer("02", "contact the issuer"), acquirer("03", "invalid acceptor"),
        acquirer("05", "do not honour"), acquirer("12", "invalid transaction"), acquirer("14", "invalid PAN"),
        acquirer("17", "aborted by the buyer"), acquirer("30", "format error"), acquirer("33", "expired"),
        acquirer("34", "fraud suspicion"), acquirer("41", "lost card"), acquirer("43", "stolen card"),
        acquirer("51", "insufficient funds or credit exceeded"), acquirer("54", "expired"),
        acquirer("57", "not allowed for the holder"), acquirer("59", "fraud suspicion"), acquirer("61", "over the amount limit"),
        acquirer("62", "restricted card (ISO 8583; not in domain.md's Sips list)"), acquirer("63", "security rules"),
        acquirer("65", "withdrawal frequency exceeded (ISO 8583; not in domain.md's Sips list)"), acquirer("75", "entry attempts exceeded"), acquirer("90", "system malfunction"),
        acquirer("91", "issuer unreachable"), acquirer("94", "duplicate transaction"), acquirer("96", "system malfunction"),
        acquirer("97", "request timed out"), acquirer("98", "server unreachable"), acquirer("99", "incident"),
        acquirer("A1", "refused: 3DS data missing, retry with 3DS"),
        holderAuthent("SUCCESS", "PaRes Y", .threeDS1(orders, [.paResY])),
        holderAuthent("FAILURE", "PaRes N", .threeDS1(orders, [.paResN])),
        holderAuthent("ATTEMPT", "an attempt credited (A)", .threeDS1(orders, [.attempted])),
        holderAuthent("CANCEL", "the cardholder cancelled the ACS page", .threeDS1(orders, [.cancelled])),
        holderAuthent("ERROR", "the model: no VERes or PaRes in time", .threeDS1(orders, [.timedOut])),
        holderAuthent("NOT_ENROLLED", "VERes N: a card outside 3-D Secure; the order goes on without authentication",
                      .threeDS1(orders, [.notEnrolled])),
        holderAuthent("NOT_PARTICIPATING", "the model: VERes U", .threeDS1(orders, [.undetermined])),
        holderAuthent("NO_AUTHENT", "an order without 3-D Secure",
                      .notModelled("an order exempted from 3-D Secure is not told apart by its holderAuthentStatus")),
        holderAuthent("SSL", "card data over TLS only",
                      .notModelled("a card outside 3-D Secure answers NOT_ENROLLED in the model")),
    ]
}
