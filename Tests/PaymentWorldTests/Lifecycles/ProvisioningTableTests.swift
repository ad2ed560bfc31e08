import PaymentWorld
import Testing

extension ProvisioningState: Exemplified {
    enum Kind: CaseIterable {
        case idle, presenting, tokenizeRequested, awaitingSca, initiated, pnoActivating, identityVerification, walletAdded, completed, notEligible, failed, abandoned
    }

    var kind: Kind {
        switch self {
        case .idle: .idle
        case .presenting: .presenting
        case .tokenizeRequested: .tokenizeRequested
        case .awaitingSca: .awaitingSca
        case .initiated: .initiated
        case .pnoActivating: .pnoActivating
        case .identityVerification: .identityVerification
        case .walletAdded: .walletAdded
        case .completed: .completed
        case .notEligible: .notEligible
        case .failed: .failed
        case .abandoned: .abandoned
        }
    }

    static let examples: [Self] = [
        .idle, .presenting, .tokenizeRequested, .awaitingSca, .initiated, .pnoActivating, .identityVerification, .walletAdded, .completed, .notEligible, .failed, .abandoned,
    ]
}

extension ProvisioningEvent: Exemplified {
    enum Kind: CaseIterable {
        case checkEligibility, walletChallenge, walletIds, tokenizeOk, tokenizeError, scaRequired, scaVerified
        case scaFailed, passRequestHandedToWallet, pnoApproved, pnoDeclined, walletError
        case needsIdentityVerification, statusUpdated, timeout
    }

    var kind: Kind {
        switch self {
        case .checkEligibility: .checkEligibility
        case .walletChallenge: .walletChallenge
        case .walletIds: .walletIds
        case .tokenizeOk: .tokenizeOk
        case .tokenizeError: .tokenizeError
        case .scaRequired: .scaRequired
        case .scaVerified: .scaVerified
        case .scaFailed: .scaFailed
        case .passRequestHandedToWallet: .passRequestHandedToWallet
        case .pnoApproved: .pnoApproved
        case .pnoDeclined: .pnoDeclined
        case .walletError: .walletError
        case .needsIdentityVerification: .needsIdentityVerification
        case .statusUpdated: .statusUpdated
        case .timeout: .timeout
        }
    }

    static let examples: [Self] = [
        .checkEligibility(eligible: true), .checkEligibility(eligible: false), .walletChallenge, .walletIds,
        .tokenizeOk(cardStatus: .active, allowDigitalTokenization: false),
        .tokenizeOk(cardStatus: .digital, allowDigitalTokenization: true),
        .tokenizeOk(cardStatus: .digital, allowDigitalTokenization: false),
        .tokenizeOk(cardStatus: .locked, allowDigitalTokenization: true), .tokenizeError, .scaRequired,
        .scaVerified, .scaFailed, .passRequestHandedToWallet, .pnoApproved, .pnoDeclined, .walletError,
        .needsIdentityVerification, .statusUpdated, .timeout,
    ]
}

private let initiate: [ProvisioningEffect] = [.handPassRequestToWallet, .startTimer(.provisioningCompletion)]

/// LC-11 (domain.md §2.4); PROV-1 is the tokenizeOk guard (ACTIVE, or DIGITAL with allowDigitalTokenization).
private let provisioningTable = LifecycleTable<ProvisioningState>([
    row(.idle, .checkEligibility(eligible: true), .presenting, [.presentAddToWallet]),
    row(.idle, .checkEligibility(eligible: false), .notEligible, []),
    row(.presenting, .walletChallenge, .tokenizeRequested, [.sendTokenize(withScaDetails: false)]),
    row(.presenting, .walletIds, .tokenizeRequested, [.sendTokenize(withScaDetails: false)]),
    row(.tokenizeRequested, .tokenizeOk(cardStatus: .active, allowDigitalTokenization: false), .initiated, initiate),
    row(.tokenizeRequested, .tokenizeOk(cardStatus: .digital, allowDigitalTokenization: true), .initiated, initiate),
    row(.tokenizeRequested, .tokenizeError, .failed),
    row(.tokenizeRequested, .scaRequired, .awaitingSca, [.startSca]),
    row(.awaitingSca, .scaVerified, .tokenizeRequested, [.sendTokenize(withScaDetails: true)]),
    row(.awaitingSca, .scaFailed, .failed),
    row(.initiated, .passRequestHandedToWallet, .pnoActivating),
    row(.initiated, .timeout, .abandoned),
    row(.pnoActivating, .pnoApproved, .walletAdded, [.sendUpdateTokenizationStatus]),
    row(.pnoActivating, .pnoDeclined, .failed),
    row(.pnoActivating, .walletError, .failed),
    row(.pnoActivating, .needsIdentityVerification, .identityVerification),
    row(.pnoActivating, .timeout, .abandoned),
    row(.identityVerification, .pnoApproved, .walletAdded, [.sendUpdateTokenizationStatus]),
    row(.identityVerification, .pnoDeclined, .failed),
    row(.identityVerification, .walletError, .failed),
    row(.identityVerification, .timeout, .abandoned),
    row(.walletAdded, .statusUpdated, .completed),
])

@Suite struct LifecycleTablesProvisioning {
    @Test func everyPairMatchesTheTable() { expectTable(provisioningTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(provisioningTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(provisioningTable) }
}
