/// The five source systems of domain.md §1, plus the generic card flows.
public enum SeedSystem: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case generic, portmone, ecommpay, mastercard, sogenactif, paysafe
    public var description: String { rawValue }

    /// Where the system's counts sit in per-system arrays.
    public var index: Int {
        switch self {
        case .generic: 0
        case .portmone: 1
        case .ecommpay: 2
        case .mastercard: 3
        case .sogenactif: 4
        case .paysafe: 5
        }
    }

    /// How the system asks for a payment whose answer went missing (domain §1, §2.4 LC-12), and
    /// what it hears back while the payment is in progress and once it is final.
    public var statusCheck: (operation: String, inProgress: String, final: String) {
        switch self {
        case .ecommpay: ("restore (init with the same paymentId)", "onPaymentRestored", "PAYMENT_HAS_FINAL_STATUS")
        case .mastercard: ("Retrieve Transaction", "in progress", "final status")
        case .sogenactif: ("getTransactionData", "transactionStatus pending", "transactionStatus final")
        case .generic, .portmone, .paysafe: ("status check", "in progress", "final status")
        }
    }
}

/// The card-payment core a flow ends in, run by merchant, gateway, ACS, acquirers, network and issuer.
public enum CardCore: Sendable, Hashable {
    /// LC-01, with 3-D Secure (LC-06), cascading (LC-08) and outcome resolution (LC-12).
    case sale
    /// LC-02 with its capture and refund children, and the same sub-machines.
    case authorization
}

/// A flow the device can start (design §4.2): the steps of its source system's SDK, then (for
/// the financial ones) the card core. Each step is served by the actor that owns its lifecycle.
public enum PaymentFlow: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case sale = 0
    case authorization
    // Portmone Masterpass [P].
    case portmoneBill
    case portmoneTopUp
    case portmoneWalletCard
    // ecommpay SDK Core [E].
    case ecommpaySale
    case ecommpayAuth
    case ecommpayVerify
    case ecommpayTokenSale
    // Mastercard Gateway [M].
    case mastercardPay
    case mastercardAuthorize
    // Sogenactif In-App [W].
    case sogenactifCardOrder
    case sogenactifWalletOrder
    // Paysafe prepaid cards [S].
    case paysafeCard
    case paysafeProvisioning

    public var description: String {
        switch self {
        case .sale: "sale"
        case .authorization: "authorization"
        case .portmoneBill: "portmone_bill"
        case .portmoneTopUp: "portmone_topup"
        case .portmoneWalletCard: "portmone_wallet_card"
        case .ecommpaySale: "ecommpay_sale"
        case .ecommpayAuth: "ecommpay_auth"
        case .ecommpayVerify: "ecommpay_verify"
        case .ecommpayTokenSale: "ecommpay_token_sale"
        case .mastercardPay: "mastercard_pay"
        case .mastercardAuthorize: "mastercard_authorize"
        case .sogenactifCardOrder: "sogenactif_card_order"
        case .sogenactifWalletOrder: "sogenactif_wallet_order"
        case .paysafeCard: "paysafe_card"
        case .paysafeProvisioning: "paysafe_provisioning"
        }
    }

    public var system: SeedSystem {
        switch self {
        case .sale, .authorization: .generic
        case .portmoneBill, .portmoneTopUp, .portmoneWalletCard: .portmone
        case .ecommpaySale, .ecommpayAuth, .ecommpayVerify, .ecommpayTokenSale: .ecommpay
        case .mastercardPay, .mastercardAuthorize: .mastercard
        case .sogenactifCardOrder, .sogenactifWalletOrder: .sogenactif
        case .paysafeCard, .paysafeProvisioning: .paysafe
        }
    }

    /// The card core the flow ends in, if it moves money.
    public var core: CardCore? {
        switch self {
        case .sale, .portmoneBill, .portmoneTopUp, .ecommpaySale, .ecommpayTokenSale, .mastercardPay,
             .sogenactifCardOrder, .sogenactifWalletOrder:
            .sale
        case .authorization, .ecommpayAuth, .mastercardAuthorize: .authorization
        case .portmoneWalletCard, .ecommpayVerify, .paysafeCard, .paysafeProvisioning: nil
        }
    }

    /// The SDK steps before the core, in order (domain §1). A step may grow sub-steps at run
    /// time (an OTP after 2113, an SCA step-up), which the device runs in place.
    public var steps: [SeedStep] { PaymentFlow.stepTable[rawValue] }

    /// Every flow's steps, built once: the device reads them on every answer.
    private static let stepTable = allCases.map(\.stepList)

    private var stepList: [SeedStep] {
        switch self {
        case .sale, .authorization: []
        // P1 authorize (the wallet offers its default card), P4 commission, the wallet releases the card
        // for the payment (it must still hold it: WAL-4), proceed; the 2D branch (CVV + SMS) runs for
        // cards without 3DS.
        case .portmoneBill, .portmoneTopUp: [.walletAuthorize, .getCommission, .walletPayWithCard, .proceedPayment]
        // P1, then P2 add (with 2113 / 2114 OTPs), the list, and P3 delete.
        case .portmoneWalletCard: [.walletAuthorize, .walletAddCard, .walletListCards, .walletDeleteCard]
        // E1: the merchant signs, the platform inits the session (LC-00).
        case .ecommpaySale, .ecommpayAuth: [.signParameters, .initSession]
        case .ecommpayVerify: [.signParameters, .initSession, .verifyCard]
        case .ecommpayTokenSale: [.signParameters, .initSession, .tokenizeCard]
        // M1: create a session (its lifetime runs from here), update it with the card (the first update
        // binds it to the API version that created it; a customer may change the card by a second one);
        // then the operation, which names the session and takes its card (M2).
        case .mastercardPay, .mastercardAuthorize: [.createSession, .updateSession, .operationWithSession]
        // W: orderInitialize returns a one-shot context; the order runs in the core, its 3-D Secure as the
        // seed's 3DS 1.0 (checkEnrollment → PaReq → ACS → PaRes: LC-06 v1 at the gateway).
        case .sogenactifCardOrder: [.orderInitialize]
        case .sogenactifWalletOrder: [.orderInitialize, .getWalletData]
        // S1 the customer's card (created, or a replacement, when they have none; activated when it is
        // a new physical one), then one S2-protected change the customer picks by its status, then a
        // purchase with the card, which its status decides (CARD-3): one just locked or cancelled is
        // declined, as a lost card's would be.
        case .paysafeCard: [.createPrepaidCard, .activatePrepaidCard, .managePrepaidCard, .prepaidPurchase]
        // S1 the customer's card, then S3 push provisioning to this device (tokenize → mobile wallet →
        // PNO → updateTokenizationStatus), then a purchase, often with the new token.
        // A physical card not yet activated is refused at tokenize (PROV-1, strict default).
        case .paysafeProvisioning: [.createPrepaidCard, .tokenizeForWallet, .addPass, .updateTokenizationStatus, .prepaidPurchase]
        }
    }
}

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
        }
    }

    /// A step after which a server's timer runs while the customer goes on to the next one: a
    /// checkout session with a lifetime (MPGS Create Session, Sips orderInitialize), a push
    /// provisioning until the app reports the pass added (`addPass`). The customer may walk away
    /// after it, and the session or the provisioning expire meanwhile.
    var startsServerTimer: Bool { self == .createSession || self == .orderInitialize || self == .addPass }

    /// Who serves the step.
    var server: PaymentActorKind {
        switch self {
        case .walletAuthorize, .walletAddCard, .walletListCards, .walletDeleteCard,
             .start2DVerification, .submitCode, .resendCode, .walletPayWithCard:
            .wallet
        case .signParameters: .merchant
        // The Sips server reads its wallet (W5) under the context orderInitialize opened.
        case .getCommission, .proceedPayment, .initSession, .createSession, .updateSession, .orderInitialize,
             .getWalletData, .verifyCard, .operationWithSession:
            .platform
        case .tokenizeCard: .tokenService
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
        }
    }
}
