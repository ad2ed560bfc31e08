/// Which one-time password a wallet asks for ([P] 2113 from the card's bank, 2114 from Masterpass for the phone).
public enum StepUpKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case bankOtp, walletPhoneOtp
    public var description: String { rawValue }

    /// The [P] code that asks for this step-up.
    public var code: ResponseCode { self == .bankOtp ? ResponseCode("2113") : ResponseCode("2114") }
}

/// LC-05 wallet card add / delete with OTP (domain.md §2.4, [P] P2/P3, [W] W5; serves WAL-2, WAL-4).
///
/// Each OTP runs in LC-07; this machine sees only `otpVerified` or `otpFailed`. `added` is reachable only on the
/// wallet's `walletOk` while `adding`, after every OTP it asked for came back verified (WAL-2). WAL-1, WAL-3 and
/// WAL-5 are properties of the wallet's list, kept by the Wallet actor.
public enum WalletCardState: LifecycleState {
    case idle
    case adding
    case awaitingOtp(StepUpKind)
    case deleting
    case added
    case deleted
    case rejected(code: ResponseCode)

    public static let lifecycleName = "LC-05 WalletCard"

    public var isTerminal: Bool {
        switch self {
        case .idle, .adding, .awaitingOtp, .deleting: return false
        case .added, .deleted, .rejected: return true
        }
    }
}

public enum WalletCardEvent: Sendable, Hashable {
    /// `validationError` is the [P] field code (2102 … 2112) when a field is invalid, else `nil`.
    case addCard(validationError: ResponseCode?)
    case deleteCard
    case walletOk
    case otpRequired(StepUpKind)
    case otpVerified
    case otpFailed
    case error(code: ResponseCode)
}

public enum WalletCardEffect: Sendable, Hashable {
    case sendAddCard
    case sendDeleteCard
    case startOtp(StepUpKind)
    case confirmOtp(StepUpKind)
    case storeCard
    case removeCard
    case reportRejection(code: ResponseCode)
}

public typealias WalletCardTransition = LifecycleTransition<WalletCardState, WalletCardEffect>

extension WalletCardState {
    public func applying(_ event: WalletCardEvent) throws(IllegalTransition) -> WalletCardTransition {
        switch self {
        case .idle:
            switch event {
            case .addCard(nil): return to(.adding, .sendAddCard)
            case .addCard(let code?): return rejected(code)
            case .deleteCard: return to(.deleting, .sendDeleteCard)
            default: break
            }
        case .adding:
            switch event {
            case .walletOk: return to(.added, .storeCard)
            case .otpRequired(let kind): return to(.awaitingOtp(kind), .startOtp(kind))
            case .error(let code): return rejected(code)
            default: break
            }
        case .awaitingOtp(let kind):
            switch event {
            // Back to adding: the wallet may ask for the other OTP next (2113 then 2114) before it says ok.
            case .otpVerified: return to(.adding, .confirmOtp(kind))
            case .otpFailed: return rejected(.otpInvalid)
            case .error(let code): return rejected(code)
            default: break
            }
        case .deleting:
            switch event {
            case .walletOk: return to(.deleted, .removeCard)
            case .error(let code): return rejected(code)
            default: break
            }
        case .added, .deleted, .rejected:
            break  // Terminal.
        }
        throw illegal(event)
    }

    private func rejected(_ code: ResponseCode) -> WalletCardTransition {
        to(.rejected(code: code), .reportRejection(code: code))
    }
}
