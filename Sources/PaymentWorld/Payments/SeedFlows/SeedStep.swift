/// One SDK call of a seed flow, and the actor that serves it.
public enum SeedStep: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case walletAuthorize = 1, walletAddCard, walletListCards, walletDeleteCard, getWalletData
    case getCommission, proceedPayment, start2DVerification
    case submitCode, resendCode
    case signParameters, initSession, createSession, updateSession, orderInitialize, verifyCard
    case tokenizeCard
    case createPrepaidCard, activatePrepaidCard, lockPrepaidCard, unlockPrepaidCard, cancelPrepaidCard
    case scaAttempt
    case tokenizeForWallet, addPass, updateTokenizationStatus
    case walletPayWithCard
    case changePrepaidCardPin
    /// Not a call: where the app, by the card's status and the customer's wish, picks lock, unlock,
    /// cancel or a PIN change (S2), which it then calls.
    case managePrepaidCard
    /// Not an SDK call: the customer pays with their prepaid card, and the card platform, as its
    /// processor, authorizes the purchase by the card's status (CARD-3).
    case prepaidPurchase
    /// The MPGS operation (PAY or AUTHORIZE) names the session and takes the card from it (M2
    /// `session.id`); the money then moves through the card core.
    case operationWithSession
    /// The Sips server call before a wallet function: a one-shot context of its own (W5).
    case walletInitialize
    /// The Sips SDK's order with card data, or with a wallet card: it spends the order's context.
    case cardOrder, walletOrder
    /// ecommpay's pay request (NewCardSaleRequest, CardAuthRequest, CardSaleTokenizeRequest) under
    /// the init: it spends the signed parameters; the money then moves through the card core.
    case payRequest
    /// MPGS Create or Update Token (M4): the merchant server makes a card-on-file token from the
    /// session the app updated with the card.
    case createToken

    public var description: String {
        switch self {
        case .walletAuthorize: "authorize"
        case .walletAddCard: "addMasterpassCard"
        case .walletListCards: "getMasterpassCards"
        case .walletDeleteCard: "deleteMasterpassCard"
        case .getWalletData: "getWalletData"
        case .getCommission: "getCommission"
        case .proceedPayment: "proceedPayment"
        case .start2DVerification: "startVerify2dCard"
        case .submitCode: "validateCode"
        case .resendCode: "resendCode"
        case .signParameters: "getParamsForSignature"
        case .initSession: "init"
        case .createSession: "createSession"
        case .updateSession: "updateSession"
        case .orderInitialize: "orderInitialize"
        case .verifyCard: "CardVerifyRequest"
        case .tokenizeCard: "CardTokenizeRequest"
        case .createPrepaidCard: "create"
        case .activatePrepaidCard: "activate"
        case .lockPrepaidCard: "update(LOCKED)"
        case .unlockPrepaidCard: "update(ACTIVE)"
        case .cancelPrepaidCard: "update(CANCELLED)"
        case .scaAttempt: "submitAttempt"
        case .tokenizeForWallet: "tokenize"
        case .addPass: "PKAddPaymentPassRequest"
        case .updateTokenizationStatus: "updateTokenizationStatus"
        case .walletPayWithCard: "payWithMasterpassCard"
        case .changePrepaidCardPin: "setPin"
        case .managePrepaidCard: "manageCard"
        case .prepaidPurchase: "cardAuthorization"
        case .operationWithSession: "session.id in PAY / AUTHORIZE"
        case .walletInitialize: "walletInitialize"
        case .cardOrder: "cardOrder"
        case .walletOrder: "walletOrder"
        case .payRequest: "getPayInteractor().execute"
        case .createToken: "Create or Update Token"
        }
    }

    /// A step after which a server's timer runs while the customer goes on to the next one: a
    /// checkout session with a lifetime (MPGS Create Session, Sips orderInitialize), a push
    /// provisioning until the app reports the pass added (`addPass`). The customer may walk away
    /// after it, and the session or the provisioning expire meanwhile.
    var startsServerTimer: Bool {
        self == .createSession || self == .orderInitialize || self == .walletInitialize || self == .addPass
    }

    /// Who serves the step.
    var server: PaymentActorKind {
        switch self {
        case .walletAuthorize, .walletAddCard, .walletListCards, .walletDeleteCard,
             .start2DVerification, .submitCode, .resendCode, .walletPayWithCard:
            .wallet
        case .signParameters: .merchant
        // The Sips server reads its wallet (W5) under the context walletInitialize opened.
        case .getCommission, .proceedPayment, .initSession, .createSession, .updateSession, .orderInitialize,
             .getWalletData, .verifyCard, .operationWithSession, .walletInitialize, .cardOrder, .walletOrder, .payRequest:
            .platform
        case .tokenizeCard, .createToken: .tokenService
        case .createPrepaidCard, .activatePrepaidCard, .lockPrepaidCard, .unlockPrepaidCard, .cancelPrepaidCard,
             .tokenizeForWallet, .updateTokenizationStatus, .changePrepaidCardPin, .managePrepaidCard, .prepaidPurchase:
            .cardPlatform
        case .scaAttempt: .scaAuthority
        case .addPass: .mobileWallet
        }
    }
}

/// A server's answer to a step, on the wire; the device decides what follows from it.
public enum StepAnswer: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case ok = 0
    /// The card's bank wants an OTP (Portmone 2113).
    case bankOtpRequired
    /// Masterpass wants an OTP to validate the phone (Portmone 2114).
    case phoneOtpRequired
    /// The code did not match; attempts are left (2108).
    case codeInvalid
    /// The OTP failed for good: attempts exhausted or expired.
    case codeFailed
    /// The operation needs strong customer authentication first (S2 `scaRequired`).
    case scaRequired
    /// An SCA attempt was rejected; attempts are left.
    case scaRejected
    /// The SCA event failed for good (attempts exhausted or expired).
    case scaFailed
    /// A temporary problem: retry later with a new context (Sips 90 / 99, Masterpass 2200).
    case retryLater
    /// Refused for good (Sips 40, Portmone 2013 / 2018, a closed card, an ineligible program).
    case refused
    /// The session names another API version than the one that created it (M1).
    case apiVersionMismatch
    /// The platform wants the 2D path (CVV + SMS) before the debit (P4 `need2D`).
    case need2D
    /// The card is not verified (LC-03 notVerified).
    case notVerified
    /// The server's timer ran out before the customer acted (domain §2.7): the OTP, the SCA event
    /// or the checkout session expired (Portmone 2108, Paysafe scaExpired, Sips 97).
    case expired
    /// What the step would create exists already: the device holds a token for the card, completed
    /// or in progress (Paysafe alreadyTokenized, PROV-3).
    case alreadyDone
    /// The card's processor declined the amount: more than the card's balance (a prepaid purchase, G-2).
    case declined

    public var description: String {
        switch self {
        case .ok: "ok"
        case .bankOtpRequired: "bank_otp_required"
        case .phoneOtpRequired: "phone_otp_required"
        case .codeInvalid: "code_invalid"
        case .codeFailed: "code_failed"
        case .scaRequired: "sca_required"
        case .scaRejected: "sca_rejected"
        case .scaFailed: "sca_failed"
        case .retryLater: "retry_later"
        case .refused: "refused"
        case .apiVersionMismatch: "api_version_mismatch"
        case .need2D: "need_2d"
        case .notVerified: "not_verified"
        case .expired: "expired"
        case .alreadyDone: "already_done"
        case .declined: "declined"
        }
    }
}
