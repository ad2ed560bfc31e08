/// LC-11 push provisioning to a mobile wallet, with SCA where the issuer requires it
/// (domain.md §1.5 S3, §2.4; serves PROV-1, PROV-2, PROV-4, G-10).
///
/// `completed` is reachable only through `initiated` and the wallet's success (PROV-2). PROV-1 is the guard of
/// `tokenizeOk`: the card was ACTIVE, or DIGITAL with the program flag `allowDigitalTokenization`. PROV-3 and PROV-5
/// (one completed token per card and device; single-use activation data) belong to the TokenService's records.
public enum ProvisioningState: LifecycleState {
    case idle
    case presenting
    case tokenizeRequested
    /// LC-10 runs; on VERIFIED the tokenize call is repeated with scaDetails.
    case awaitingSca
    case initiated
    case pnoActivating
    /// Google manual tokenization: the token needs identity verification first.
    case identityVerification
    case walletAdded
    case completed
    case notEligible
    case failed
    case abandoned

    public static let lifecycleName = "LC-11 Provisioning"

    public var isTerminal: Bool {
        switch self {
        case .idle, .presenting, .tokenizeRequested, .awaitingSca, .initiated, .pnoActivating,
            .identityVerification, .walletAdded:
            return false
        case .completed, .notEligible, .failed, .abandoned:
            return true
        }
    }
}

public enum ProvisioningEvent: Sendable, Hashable {
    /// The device can add the pass and the card is not already in the wallet.
    case checkEligibility(eligible: Bool)
    /// Apple: certificates, nonce and its signature.
    case walletChallenge
    /// Google: device id and wallet account id.
    case walletIds
    case tokenizeOk(cardStatus: CardStatus, allowDigitalTokenization: Bool)
    case tokenizeError
    case scaRequired
    case scaVerified
    case scaFailed
    case passRequestHandedToWallet
    /// The PNO approved and the wallet reported `didFinishAdding(pass)` with a dpanRef.
    case pnoApproved
    case pnoDeclined
    case walletError
    case needsIdentityVerification
    /// `updateTokenizationStatus(dpanRef, COMPLETED)` was acknowledged.
    case statusUpdated
    /// The 600 s provisioning budget passed.
    case timeout
}

public enum ProvisioningEffect: Sendable, Hashable {
    case presentAddToWallet
    case sendTokenize(withScaDetails: Bool)
    case startSca
    case handPassRequestToWallet
    case startTimer(TimerKind)
    case sendUpdateTokenizationStatus
}

public typealias ProvisioningTransition = LifecycleTransition<ProvisioningState, ProvisioningEffect>

extension ProvisioningState {
    public func applying(_ event: ProvisioningEvent) throws(IllegalTransition) -> ProvisioningTransition {
        switch self {
        case .idle:
            if case .checkEligibility(let eligible) = event {
                return eligible ? to(.presenting, .presentAddToWallet) : to(.notEligible)
            }
        case .presenting:
            if event == .walletChallenge || event == .walletIds {
                return to(.tokenizeRequested, .sendTokenize(withScaDetails: false))
            }
        case .tokenizeRequested:
            switch event {
            case .tokenizeOk(let status, let allowDigital) where status == .active || (status == .digital && allowDigital):
                return to(.initiated, .handPassRequestToWallet, .startTimer(.provisioningCompletion))
            case .tokenizeError: return to(.failed)
            case .scaRequired: return to(.awaitingSca, .startSca)
            default: break
            }
        case .awaitingSca:
            switch event {
            case .scaVerified: return to(.tokenizeRequested, .sendTokenize(withScaDetails: true))  // "then back here".
            case .scaFailed: return to(.failed)
            default: break
            }
        case .initiated:
            switch event {
            case .passRequestHandedToWallet: return to(.pnoActivating)
            case .timeout: return to(.abandoned)
            default: break
            }
        case .pnoActivating, .identityVerification:
            return try activating(on: event)
        case .walletAdded:
            if event == .statusUpdated { return to(.completed) }
        case .completed, .notEligible, .failed, .abandoned:
            break  // Terminal (PROV-4: COMPLETED is immutable).
        }
        throw illegal(event)
    }

    private func activating(on event: ProvisioningEvent) throws(IllegalTransition) -> ProvisioningTransition {
        switch event {
        case .pnoApproved:
            return to(.walletAdded, .sendUpdateTokenizationStatus)
        case .pnoDeclined, .walletError:
            return to(.failed)  // The platform's tokenization stays INITIATED.
        case .needsIdentityVerification where self == .pnoActivating:
            return to(.identityVerification)
        case .timeout:
            return to(.abandoned)  // Identity verification is part of activation, so it shares the 600 s budget.
        default:
            throw illegal(event)
        }
    }
}
