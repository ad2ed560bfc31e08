/// How a checkout session was bound (LC-00 `credential(signature | sessionId+apiVersion | initializeContext)`).
public enum SessionCredential: Sendable, Hashable {
    /// [E] parameters signed by the merchant server; backs one payment.
    case signature
    /// [M] a gateway session bound to the API version that created it; reusable until expiry or its limit.
    case sessionId(apiVersion: Int, authenticationLimit: Int)
    /// [W] an initialize context from `orderInitialize`; backs exactly one SDK call ([A], SES-5).
    case initializeContext

    /// One-shot credentials are consumed by their first use; a gateway session stays reusable.
    public var isOneShot: Bool {
        switch self {
        case .signature, .initializeContext: return true
        case .sessionId: return false
        }
    }

    /// The API version every update must name (SES-2); `nil` where the source has no versioning.
    public var apiVersion: Int? {
        switch self {
        case .sessionId(let version, _): return version
        case .signature, .initializeContext: return nil
        }
    }

    /// How many device submissions the session takes (SES-4); `nil` for no limit.
    public var authenticationLimit: Int? {
        switch self {
        case .sessionId(_, let limit): return limit
        case .signature, .initializeContext: return nil
        }
    }
}

/// The payment instrument a device writes into a session.
public enum InstrumentKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public var description: String { rawValue }

    case card, token, walletCard
}

/// A server operation that references the session ([M] PAY, AUTHORIZE, VERIFY; [W] the SDK order
/// call and the wallet read; [E] the pay request).
public enum SessionOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public var description: String { rawValue }

    case pay, authorize, verify, tokenize, readWallet
}

/// A credentialed session's binding and how many device submissions it has taken.
public struct SessionBinding: Sendable, Hashable {
    public let credential: SessionCredential
    public let deviceSubmissions: Int

    public init(credential: SessionCredential, deviceSubmissions: Int = 0) {
        self.credential = credential
        self.deviceSubmissions = deviceSubmissions
    }

    /// True while another device submission is allowed (SES-4: submissions ≤ authenticationLimit).
    public var acceptsAnotherSubmission: Bool {
        guard let limit = credential.authenticationLimit else { return true }
        return deviceSubmissions < limit
    }
}

/// LC-00 checkout session: binding, signing, expiry (domain.md §2.4; serves SES-1 … SES-5).
///
/// `consumed` is terminal: a one-shot context is used at most once (SES-5). `expire` is the session-lifetime timer,
/// so "before expiry" is the state not being `expired` yet.
public enum CheckoutSessionState: LifecycleState {
    case opened
    case credentialed(SessionBinding)
    case instrumentCaptured(SessionBinding)
    case consumed
    case expired
    case exhausted

    public static let lifecycleName = "LC-00 CheckoutSession"

    public var isTerminal: Bool {
        switch self {
        case .opened, .credentialed, .instrumentCaptured: return false
        case .consumed, .expired, .exhausted: return true
        }
    }
}

public enum CheckoutSessionEvent: Sendable, Hashable {
    case credential(SessionCredential)
    /// The device writes an instrument; `apiVersion` is the version it names ([M] `updateSession`), else `nil`.
    case captureInstrument(InstrumentKind, apiVersion: Int?)
    case use(SessionOperation)
    case expire
}

public enum CheckoutSessionEffect: Sendable, Hashable {
    case startTimer(TimerKind)
    case storeInstrument(InstrumentKind)
    case perform(SessionOperation)
}

public typealias CheckoutSessionTransition = LifecycleTransition<CheckoutSessionState, CheckoutSessionEffect>

extension CheckoutSessionState {
    public func applying(_ event: CheckoutSessionEvent) throws(IllegalTransition) -> CheckoutSessionTransition {
        switch self {
        case .opened:
            switch event {
            case .credential(let credential):
                return to(.credentialed(SessionBinding(credential: credential)), .startTimer(.sessionLifetime))
            case .expire:
                return to(.expired)
            case .captureInstrument, .use:
                break
            }
        case .credentialed(let binding), .instrumentCaptured(let binding):
            switch event {
            case .captureInstrument(let instrument, let version):
                guard version == binding.credential.apiVersion else { break }  // SES-2: apiVersionMismatch.
                guard binding.acceptsAnotherSubmission else { return to(.exhausted) }  // SES-4.
                let next = SessionBinding(
                    credential: binding.credential,
                    deviceSubmissions: binding.deviceSubmissions + 1
                )
                // From instrumentCaptured too: [M] M1 lets the device update a captured session again.
                return to(.instrumentCaptured(next), .storeInstrument(instrument))
            case .use(let operation):
                // One-shot contexts are spent by their use; an [M] session may back several operations.
                return to(binding.credential.isOneShot ? .consumed : self, .perform(operation))
            case .expire:
                return to(.expired)
            case .credential:
                break
            }
        case .consumed, .expired, .exhausted:
            break  // Terminal (SES-1, SES-5).
        }
        throw illegal(event)
    }
}
