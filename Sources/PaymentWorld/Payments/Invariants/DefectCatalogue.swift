/// The planted defects' catalogue: which claim must catch each, and in which flows it lives. Every
/// test that plants a defect reads its expectation here, so a new defect names its claim once.
extension PlantedDefect {
    /// The invariant id of the claim that catches this defect first.
    public var caughtBy: String {
        switch self {
        case .retryWithNewIdempotencyKey: "G-4"
        case .captureAboveAuthorization: "AUTH-1"
        case .reversalLost: "RES-2"
        case .duplicateCallbackCapturesTwice: "AUTH-1"
        case .approveUnusableCard: "G-10"
        case .cascadeAfterApproval: "G-11"
        case .issuerApprovesDuplicates: "SALE-1"
        case .refundAboveCapture: "AUTH-3"
        case .authorizeWithoutAuthentication: "G-9"
        case .merchantKeepsFullPAN: "G-12"
        case .approveOverAvailable: "G-2"
        case .reversalReleasesShort: "G-3"
        case .unknownFinalizedEarly: "SALE-2"  // It captures a payment already reported failed; G-5 sees the second status next.
        case .duplicateAnswerApplied: "G-6"
        case .authorizationTimerLost: "G-7"
        case .acquirerMislabelsAttempt: "G-8"
        case .otpAttemptsNotCounted: "OTP-3"
        case .tokenForInactiveCard: "PROV-1"
        case .updateWithoutSca: "CARD-4"
        case .walletStoresBeforeOtp: "OTP-5"
        case .replacementReusesCancelledCard: "CARD-1"
        case .issueCountedAsActivation: "CARD-2"
        case .tokenCompletedTwice: "PROV-2"  // Completed at initiation, before any pass: PROV-3 sees the second.
        case .walletDedupesCardNamesPerRequest: "WAL-1"
        case .walletPaysWithoutRechecking: "WAL-4"
        case .cardStatusReadBeforeSca: "CARD-7"
        case .tokenizationChecksCardAtStartOnly: "PROV-1"
        case .tokensDedupedPerRequest: "PROV-3"
        case .issuerBooksHoldAfterCheck: "G-2"
        // The merchant books "not paid" before the gateway's final: RES-4 sees the final disagree (since
        // the claims audit; before, only RES-5 at the payment's retirement, and RES-4 on some seeds).
        case .merchantGivesUp: "RES-4"
        case .captureAfterLimit: "AUTH-5"
        case .gatewayForgetsSettledOrders: "G-4"  // AUTH-4 when only an authorization's copy comes late.
        // The merchant books "paid" before the gateway's final says otherwise: RES-4 (RES-5 at retirement).
        case .unknownReportedAsSuccess: "RES-4"
        case .reversalReleasesTwice: "G-1"
        case .restoreOpensSecondPayment: "G-4"
        case .commissionPaidToPayee: "SALE-3"
        case .tokenSaleOnDeletedToken: "TOK-2"
        case .refundAppliedTwice: "AUTH-6"
        case .cascadeWithoutConsent: "CAS-7"
        case .lockedCardPurchases: "CARD-3"
        case .merchantActsTwiceOnDuplicateCallback: "MERCH-1"
        case .scaAppliesLatestPendingOperation: "CARD-4"
        case .decoupledTakenAsFinal: "3DS-1"
        case .cascadeReusesAuthentication: "3DS-3"
        case .authenticationAnswerAppliedTwice: "3DS-5"
        case .decoupledWaitDoubled: "3DS-4"
        case .unavailableTakenAsAttempted: "3DS-3"
        case .saleAmountIncludesFee: "SALE-3"
        case .sessionLimitIgnored: "SES-4"
        case .pinSetOnFirstCall: "SCA-5"
        case .informationalShiftsLiability: "3DS-6"
        case .authorizeDuringChallenge: "SALE-5"
        case .cresShowsCompletion: "3DS-2"
        case .activationDataPerCard: "PROV-5"
        case .amountChangedAfterSigning: "SES-3"
        case .sipsContextsReused: "SES-5"
        case .walletDroppedWithLastCard: "WAL-5"
        case .tokenizationHoldsACardCheck: "TOK-3"
        case .pinChangeWithoutSca: "SCA-1"
        case .scaVerifiedNeverExpires: "SCA-2"
        case .otpValidityTimerLost: "OTP-4"
        case .otpActionRerunsOnResubmit: "OTP-5"
        case .merchantRechargesAfterTimeout: "RES-5"
        }
    }

    /// Whether the defect is a race between two lifecycles of one customer, on a thing they share
    /// (their wallet, their card, their account): reachable only when customers are hot, never when
    /// every lifecycle has a customer of its own.
    public var needsSharedThings: Bool {
        switch self {
        case .walletDedupesCardNamesPerRequest, .walletPaysWithoutRechecking, .cardStatusReadBeforeSca,
             .tokenizationChecksCardAtStartOnly, .tokensDedupedPerRequest, .issuerBooksHoldAfterCheck:
            true
        // The app offers no purchase with a card it has just locked: only another phone's lock
        // meanwhile brings a purchase to a locked card.
        case .lockedCardPurchases:
            true
        // Another phone of the same customer must ask for another protected operation meanwhile.
        case .scaAppliesLatestPendingOperation:
            true
        // Two phones of the customer provisioning the card at once share the card's one activation data.
        case .activationDataPerCard:
            true
        // A customer's later lifecycle adds to the wallet their earlier one emptied.
        case .walletDroppedWithLastCard:
            true
        case .retryWithNewIdempotencyKey, .captureAboveAuthorization, .reversalLost, .duplicateCallbackCapturesTwice,
             .approveUnusableCard, .cascadeAfterApproval, .issuerApprovesDuplicates, .refundAboveCapture,
             .authorizeWithoutAuthentication, .merchantKeepsFullPAN, .approveOverAvailable, .reversalReleasesShort,
             .unknownFinalizedEarly, .duplicateAnswerApplied, .authorizationTimerLost, .acquirerMislabelsAttempt,
             .otpAttemptsNotCounted, .tokenForInactiveCard, .updateWithoutSca, .walletStoresBeforeOtp,
             .replacementReusesCancelledCard, .issueCountedAsActivation, .tokenCompletedTwice, .merchantGivesUp,
             .captureAfterLimit, .gatewayForgetsSettledOrders, .unknownReportedAsSuccess, .reversalReleasesTwice, .restoreOpensSecondPayment,
             .commissionPaidToPayee, .tokenSaleOnDeletedToken, .refundAppliedTwice,
             .cascadeWithoutConsent, .merchantActsTwiceOnDuplicateCallback, .decoupledTakenAsFinal,
             .cascadeReusesAuthentication, .authenticationAnswerAppliedTwice, .decoupledWaitDoubled,
             .unavailableTakenAsAttempted, .saleAmountIncludesFee, .sessionLimitIgnored, .pinSetOnFirstCall,
             .informationalShiftsLiability, .authorizeDuringChallenge, .cresShowsCompletion, .amountChangedAfterSigning,
             .tokenizationHoldsACardCheck, .sipsContextsReused, .pinChangeWithoutSca,
             .scaVerifiedNeverExpires, .otpValidityTimerLost, .otpActionRerunsOnResubmit,
             .merchantRechargesAfterTimeout:
            false
        }
    }

    /// The flows whose steps hold the defect; empty for the card core's, which every flow that
    /// moves money reaches.
    public var flows: [PaymentFlow] {
        switch self {
        case .otpAttemptsNotCounted: [.portmoneWalletCard, .portmoneBill]
        case .commissionPaidToPayee: [.portmoneBill, .portmoneTopUp]
        case .tokenSaleOnDeletedToken: [.ecommpayTokenSale]
        case .amountChangedAfterSigning: [.ecommpaySale, .ecommpayAuth]
        case .tokenizationHoldsACardCheck: [.ecommpayTokenSale]
        case .sipsContextsReused: [.sogenactifWalletOrder]
        case .walletDedupesCardNamesPerRequest, .walletDroppedWithLastCard: [.portmoneWalletCard]
        case .walletPaysWithoutRechecking: [.portmoneWalletCard, .portmoneBill]
        case .cardStatusReadBeforeSca: [.paysafeCard]
        case .tokenizationChecksCardAtStartOnly: [.paysafeCard, .paysafeProvisioning]
        case .tokensDedupedPerRequest, .activationDataPerCard: [.paysafeProvisioning]
        case .walletStoresBeforeOtp: [.portmoneWalletCard]
        case .otpValidityTimerLost, .otpActionRerunsOnResubmit: [.portmoneWalletCard, .portmoneBill]
        case .sessionLimitIgnored: [.mastercardPay, .mastercardAuthorize]
        case .tokenForInactiveCard, .tokenCompletedTwice: [.paysafeProvisioning]
        case .updateWithoutSca, .replacementReusesCancelledCard, .issueCountedAsActivation, .lockedCardPurchases,
             .scaAppliesLatestPendingOperation, .pinSetOnFirstCall, .pinChangeWithoutSca,
             .scaVerifiedNeverExpires: [.paysafeCard]
        case .retryWithNewIdempotencyKey, .captureAboveAuthorization, .reversalLost, .duplicateCallbackCapturesTwice,
             .approveUnusableCard, .cascadeAfterApproval, .issuerApprovesDuplicates, .refundAboveCapture,
             .authorizeWithoutAuthentication, .merchantKeepsFullPAN, .approveOverAvailable, .reversalReleasesShort,
             .unknownFinalizedEarly, .duplicateAnswerApplied, .authorizationTimerLost, .acquirerMislabelsAttempt,
             .issuerBooksHoldAfterCheck, .merchantGivesUp, .captureAfterLimit, .gatewayForgetsSettledOrders,
             .unknownReportedAsSuccess, .reversalReleasesTwice, .restoreOpensSecondPayment, .refundAppliedTwice,
             .cascadeWithoutConsent, .merchantActsTwiceOnDuplicateCallback, .decoupledTakenAsFinal,
             .cascadeReusesAuthentication, .authenticationAnswerAppliedTwice, .decoupledWaitDoubled,
             .unavailableTakenAsAttempted, .saleAmountIncludesFee, .informationalShiftsLiability, .authorizeDuringChallenge,
             .cresShowsCompletion, .merchantRechargesAfterTimeout: []
        }
    }
}
