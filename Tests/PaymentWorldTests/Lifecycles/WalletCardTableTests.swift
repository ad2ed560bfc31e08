import PaymentWorld
import Testing

extension WalletCardState: Exemplified {
    enum Kind: CaseIterable { case idle, adding, awaitingOtp, deleting, added, deleted, rejected }

    var kind: Kind {
        switch self {
        case .idle: .idle
        case .adding: .adding
        case .awaitingOtp: .awaitingOtp
        case .deleting: .deleting
        case .added: .added
        case .deleted: .deleted
        case .rejected: .rejected
        }
    }

    static let examples: [Self] = [
        .idle, .adding, .awaitingOtp(.bankOtp), .awaitingOtp(.walletPhoneOtp), .deleting, .added, .deleted,
        .rejected(code: .masterpassServerError),
    ]
}

extension WalletCardEvent: Exemplified {
    enum Kind: CaseIterable { case addCard, deleteCard, walletOk, otpRequired, otpVerified, otpFailed, error }

    var kind: Kind {
        switch self {
        case .addCard: .addCard
        case .deleteCard: .deleteCard
        case .walletOk: .walletOk
        case .otpRequired: .otpRequired
        case .otpVerified: .otpVerified
        case .otpFailed: .otpFailed
        case .error: .error
        }
    }

    static let examples: [Self] = [
        .addCard(validationError: nil), .addCard(validationError: ResponseCode("2103")), .deleteCard, .walletOk,
        .otpRequired(.bankOtp), .otpRequired(.walletPhoneOtp), .otpVerified, .otpFailed, .error(code: .masterpassServerError),
    ]
}

private let serverError = ResponseCode.masterpassServerError

/// LC-05 with [P] P2/P3: add → (stepUp(kind) → LC-07)* → added■ | rejected■; delete → deleted■ | rejected■.
private let walletCardTable = LifecycleTable<WalletCardState>([
    row(.idle, .addCard(validationError: nil), .adding, [.sendAddCard]),
    row(.idle, .addCard(validationError: ResponseCode("2103")), .rejected(code: ResponseCode("2103"))),
    row(.idle, .deleteCard, .deleting, [.sendDeleteCard]),
    row(.adding, .walletOk, .added, [.storeCard]),
    row(.adding, .otpRequired(.bankOtp), .awaitingOtp(.bankOtp), [.startOtp(.bankOtp)]),
    row(.adding, .otpRequired(.walletPhoneOtp), .awaitingOtp(.walletPhoneOtp)),
    row(.adding, .error(code: serverError), .rejected(code: serverError), [.reportRejection(code: serverError)]),
    row(.awaitingOtp(.bankOtp), .otpVerified, .adding, [.confirmOtp(.bankOtp)]),
    row(.awaitingOtp(.bankOtp), .otpFailed, .rejected(code: .otpInvalid)),
    row(.awaitingOtp(.bankOtp), .error(code: serverError), .rejected(code: serverError)),
    row(.awaitingOtp(.walletPhoneOtp), .otpVerified, .adding, [.confirmOtp(.walletPhoneOtp)]),
    row(.awaitingOtp(.walletPhoneOtp), .otpFailed, .rejected(code: .otpInvalid)),
    row(.awaitingOtp(.walletPhoneOtp), .error(code: serverError), .rejected(code: serverError)),
    row(.deleting, .walletOk, .deleted, [.removeCard]),
    row(.deleting, .error(code: serverError), .rejected(code: serverError)),
])

@Suite struct LifecycleTablesWalletCard {
    @Test func everyPairMatchesTheTable() { expectTable(walletCardTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(walletCardTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(walletCardTable) }

    /// WAL-2: two step-ups in sequence, and `added` only on the wallet's ok after the last one.
    @Test func addedComesOnlyAfterEveryRequestedOtp() throws {
        var state = WalletCardState.idle
        for event in [WalletCardEvent.addCard(validationError: nil), .otpRequired(.bankOtp), .otpVerified,
                      .otpRequired(.walletPhoneOtp), .otpVerified, .walletOk] {
            state = try state.applying(event).next
        }
        #expect(state == .added)
    }
}
