// Portmone Masterpass [P], domain.md §1.1: P1 authorization, P2/P3 wallet cards, P4 payment, error codes.
extension SeedCatalogue {
    private static let validation = "input validation: the simulated app sends well-formed requests"
    private static let stageToken = "stage tokens: the app passes each step the previous step's transaction by construction"

    static let portmone: [SeedCatalogueEntry] = [
        .operation(.portmone, "initSDK(merchantKey, clientId)", "configure the SDK before any call",
                   .notModelled("configuration: the simulated app is always initialized")),
        .operation(.portmone, "authorize(phone, userId)", "P1: the wallet status of the phone, linking it if needed",
                   .answers([.walletAuthorize], nil)),
        .operation(.portmone, "validateCode(code)", "P1/P2: the OTP the bank or Masterpass sent; one step with finishVerify2dCard",
                   .answers([.submitCode], nil)),
        .operation(.portmone, "addMasterpassCard(card, cardNumber, cvv)", "P2: add a card to the phone's wallet",
                   .answers([.walletAddCard], nil)),
        .operation(.portmone, "getMasterpassCards()", "P2: the wallet's cards, masked",
                   .answers([.walletListCards], nil)),
        .operation(.portmone, "deleteMasterpassCard(cardName)", "P3: remove a card from the wallet",
                   .answers([.walletDeleteCard], nil)),
        .operation(.portmone, "getPayees", "P4: the payees and their contract fields",
                   .notModelled("payees and their contract fields are not simulated")),
        .operation(.portmone, "getCommission(CommissionParams, payeeId or phoneNumber)", "P4: quote the commission",
                   .answers([.getCommission], nil)),
        .operation(.portmone, "proceedPayment(PaymentParams, tx)", "P4: submit the quoted payment",
                   .answers([.proceedPayment], nil)),
        .operation(.portmone, "startVerify2dCard(tx, cvv2)", "P4 2D path: the card check, then an SMS code",
                   .answers([.start2DVerification], nil)),
        .operation(.portmone, "finishVerify2dCard(tx, code)", "P4 2D path: the SMS code; one step with validateCode",
                   .answers([.submitCode], nil)),
        .operation(.portmone, "PortmoneWebView 3D verification", "P4 3D path: the ACS page in a web view (3-D Secure 1.0); its PaRes and MD come back through the TermUrl to the app, which hands them on",
                   .threeDS1([.portmoneBill, .portmoneTopUp], [.enrolled])),
        .operation(.portmone, "PayeePaymentService (bill payment)", "P4 by payeeId and contractNumber, ending in didFinishPayment",
                   .endOutcomes([.portmoneBill], PaymentOutcome.allCases)),
        .operation(.portmone, "TopUpMobileService (mobile top-up)", "P4 by phoneNumber, ending in didFinishPayment",
                   .endOutcomes([.portmoneTopUp], PaymentOutcome.allCases)),
        .code(.portmone, "paid", "didFinishPayment with a Bill (the model: also a wallet card flow's success)", .endCode),
        .code(.portmone, "2000", "not authorized: call authorize first",
              .notModelled("the app authorizes before every wallet or payment call by construction")),
        .code(.portmone, "2004", "bill amount below 0", .notModelled(validation)),
        .code(.portmone, "2005", "phone invalid", .notModelled(validation)),
        .code(.portmone, "2006", "phone empty", .notModelled(validation)),
        .code(.portmone, "2007", "tx not from proceedPayment", .notModelled(stageToken)),
        .code(.portmone, "2008", "tx not from getCommission", .notModelled(stageToken)),
        .code(.portmone, "2009", "verification code empty", .notModelled(validation)),
        .code(.portmone, "2010", "payeeId empty", .notModelled(validation)),
        .code(.portmone, "2011", "contractNumber empty", .notModelled(validation)),
        .code(.portmone, "2012", "userId empty", .notModelled(validation)),
        .code(.portmone, "2013", "no gate type for the payee", .endCode),
        .code(.portmone, "2014", "tx not from startVerify2dCard", .notModelled(stageToken)),
        .code(.portmone, "2015", "CVV empty", .notModelled(validation)),
        .code(.portmone, "2016", "SDK not initialized", .notModelled("configuration: the simulated app is always initialized")),
        .code(.portmone, "2017", "merchantLogin empty", .notModelled(validation)),
        .code(.portmone, "2018", "card verification error (2D) (the model: the 2D start refused, or its SMS code failed "
                  + "or expired)", .endCode),
        .code(.portmone, "2100", "Masterpass internal error",
              .notModelled("no Masterpass call fails inside the wallet server in the model; its refusals are 2200")),
        .code(.portmone, "2101", "Masterpass connection error (the model: a Masterpass call unanswered through every repeat)",
              .endCode),
        .code(.portmone, "network error", "the model's word (domain §2.6: Portmone's unknown is a network error) for a call "
                  + "to Portmone's own server unanswered through every repeat, or a payment that timed out: the seed gives "
                  + "its server's errors no codes", .endCode),
        .code(.portmone, "2102", "card number empty", .notModelled(validation)),
        .code(.portmone, "2103", "card number invalid", .notModelled(validation)),
        .code(.portmone, "2104", "CVV/CVC2 empty", .notModelled(validation)),
        .code(.portmone, "2105", "CVV/CVC2 invalid", .notModelled(validation)),
        .code(.portmone, "2106", "card name empty", .notModelled(validation)),
        .code(.portmone, "2107", "validation code empty", .notModelled(validation)),
        .code(.portmone, "2108", "validation code invalid (the model: also a code typed after its 300 s validity)",
              .answers([.submitCode, .resendCode], [.codeInvalid, .codeFailed, .expired])),
        .code(.portmone, "2109", "3-D Secure URL empty",
              .notModelled("the directory server answers an enrolled card with its ACS page, never without one")),
        .code(.portmone, "2110", "3-D Secure not validated (the model: any authentication failure, and a payer who left "
                  + "the 3D web view)", .endCode),
        .code(.portmone, "2111", "terms and conditions not accepted", .notModelled(validation)),
        .code(.portmone, "2112", "expiry year invalid", .notModelled(validation)),
        .code(.portmone, "2113", "OTP from the card's bank required",
              .answers([.walletAuthorize, .walletAddCard, .submitCode], [.bankOtpRequired])),
        .code(.portmone, "2114", "Masterpass OTP required to validate the phone",
              .answers([.walletAddCard, .submitCode], [.phoneOtpRequired])),
        .code(.portmone, "2200", "Masterpass server error (the model: a refused wallet call, or a wallet step that kept "
                  + "answering retry later)", .endCode),
        .code(.portmone, "declined", "the model's name for the bank's decline of a bill or top-up: the seed gives it no "
                  + "code of its own (P4 submitted → error, didFinishPayment(error))", .endCode),
        .code(.portmone, "cancelled", "the model's name for a payment the customer cancelled while it ran (LC-01 abandon): "
                  + "the SDK's cancel button dismisses its screen, with no code", .endCode),
        .code(.portmone, "error", "the model's name for a payment that failed in the card core, such as one past the "
                  + "gateway's payment deadline (LC-01 deadline): didFinishPayment(with: error), a system error the seed "
                  + "gives no code", .endCode),
    ]
}
