/// Portmone Masterpass [P], domain.md §1.1: the phone's Masterpass wallet (P1–P3) and bills and
/// top-ups paid with its cards plus Portmone's commission (P4), 3-D Secure 1.0 web views, OTPs
/// from the card's bank (2113) and from Masterpass (2114).
struct PortmoneMasterpass: PaymentSystemModel {
    let name = "portmone"
    let title = "Portmone Masterpass [P]"
    let source = PaymentSystemSource.seed
    let flows = [
        // P1 authorize (the wallet offers its default card), P4 commission, the wallet releases the card
        // for the payment (it must still hold it: WAL-4), proceed; the 2D branch (CVV + SMS) runs for
        // cards without 3DS.
        FlowDefinition("portmone_bill", steps: PortmoneMasterpass.payment, core: .sale, traits: [.chargesCommission, .paysPayee, .growsCodeSteps]),
        FlowDefinition("portmone_topup", steps: PortmoneMasterpass.payment, core: .sale, traits: [.chargesCommission, .paysPayee, .growsCodeSteps]),
        // P1, then P2 add (with 2113 / 2114 OTPs), the list, and P3 delete.
        FlowDefinition("portmone_wallet_card", steps: [.walletAuthorize, .walletAddCard, .walletListCards, .walletDeleteCard],
                       core: nil, traits: [.chargesCommission, .growsCodeSteps]),
    ]
    private static let payment: [SeedStep] = [.walletAuthorize, .getCommission, .walletPayWithCard, .proceedPayment]
    /// The OTP and its resend after 2113 / 2114 or the 2D check, and the 2D check after need2D.
    let stepsInPlace: [SeedStep] = [.submitCode, .resendCode, .start2DVerification]
    let threeDSVersion = ThreeDSVersion.v1
    let statusCheck = StatusCheckWords.plain
    /// Domain §2.6: Portmone's unknown is a network error.
    let appRecovery = AppRecoveryWords(timeout: "network error", reinit: AppRecoveryWords.plain.reinit,
                                       inProgress: AppRecoveryWords.plain.inProgress, final: AppRecoveryWords.plain.final)
    let stepTimeoutCode = "2101"
    var catalogue: [SeedCatalogueEntry] { SeedCatalogue.portmone }
    var scenario: String? { "scenarios/portmone-masterpass.json" }

    func code(for outcome: PaymentOutcome) -> String {
        switch outcome {
        case .succeeded, .authorized, .captured: "paid"
        // The seed names no code for the bank's decline of a payment (P4: `submitted` → `error`,
        // didFinishPayment(error)); 2200 is a Masterpass server error, so the model names it.
        case .declined: "declined"
        case .authenticationFailed: "2110"  // 3-D Secure not validated.
        // The seed names no code for a payment that failed in the card core (P4: didFinishPayment
        // with an error); 2100 is a Masterpass internal error, so the model names it.
        case .failed: "error"
        // Domain §2.6: Portmone's unknown is a network error; 2101 is Masterpass's own.
        case .timedOut: "network error"
        }
    }

    /// A payer who left the 3D web view: its 3-D Secure was not validated (2110).
    /// 2110 (3-D Secure not validated) for a payer who left the 3D web view; `cancelled` for one who
    /// cancelled the running payment: the SDK's cancel button dismisses its screen, with no code.
    func code(for outcome: PaymentOutcome, cause: FailureCause) -> String? {
        switch cause {
        case .challengeAbandoned, .challengeExpired: "2110"
        case .customerCancelled: "cancelled"
        case .unstated, .deadlinePassed: nil
        }
    }

    /// 2101 (Masterpass connection error) for a Masterpass call; a network error for a call to
    /// Portmone's own server, whose errors the seed gives no codes ("in the same format").
    func code(timedOutAt step: SeedStep) -> String? {
        step == .getCommission || step == .proceedPayment ? "network error" : nil
    }

    func code(failedAt step: SeedStep, _ answer: StepAnswer) -> String? {
        switch answer {
        case .refused:
            switch step {
            case .getCommission: "2013"
            case .start2DVerification: "2018"
            default: "2200"
            }
        // An expired code is an invalid one: Masterpass's 2108 for its OTP, Portmone's 2018 (card
        // verification error) for the 2D path's SMS code.
        case .codeFailed, .expired: step == .start2DVerification ? "2018" : "2108"
        case .retryLater: "2200"
        default: nil
        }
    }
}

extension PaymentSystem {
    public static let portmone = PaymentSystem(registered: "portmone")
}

extension PaymentFlow {
    public static let portmoneBill = PaymentFlow(registered: "portmone_bill")
    public static let portmoneTopUp = PaymentFlow(registered: "portmone_topup")
    public static let portmoneWalletCard = PaymentFlow(registered: "portmone_wallet_card")
}
