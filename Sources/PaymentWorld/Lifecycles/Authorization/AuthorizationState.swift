/// How an authorization is captured (LC-02; [A] default single).
public enum CaptureMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public var description: String { rawValue }

    /// One capture of at most the authorized amount; the rest is released (AUTH-1).
    case single
    /// Partial captures, closed by a final capture.
    case multi
    /// Single capture that also happens by itself on the capture day (Sips AUTHOR_CAPTURE [W], timed auto-capture [E]).
    case automatic
}

/// What the merchant asked to authorize.
public struct AuthorizationRequest: Sendable, Hashable {
    public let amount: MinorUnits
    public let mode: CaptureMode

    public init(amount: MinorUnits, mode: CaptureMode = .single) {
        self.amount = amount
        self.mode = mode
    }
}

/// An open hold: the approved amount and what has been captured from it so far.
public struct Hold: Sendable, Hashable {
    public let authorized: MinorUnits
    public let captured: MinorUnits
    public let mode: CaptureMode

    public init(authorized: MinorUnits, captured: MinorUnits = .zero, mode: CaptureMode) {
        self.authorized = authorized
        self.captured = captured
        self.mode = mode
    }

    /// What `card.held` holds for this authorization (AUTH-4).
    public var remaining: MinorUnits { authorized - captured }
}

/// LC-02 authorization hold → capture / void / expiry (domain.md §2.4; serves AUTH-1 … AUTH-5, G-3, G-5).
///
/// Time guards are timer events: `captureLimitReached` and `captureDayReached` arrive from the actor's timers, so
/// "now < captureLimit" is "the limit event has not been applied yet" (AUTH-5); the actor applies due timers before
/// same-instant messages. Refunds are the child lifecycle `RefundState`. AUTH-6 (idempotency per operation id) is
/// the actor's dedupe: a replay never reaches the machine.
public enum AuthorizationState: LifecycleState {
    case authorizing(AuthorizationRequest)
    case outcomeUnknown(AuthorizationRequest)
    case authorized(Hold)
    case partiallyCaptured(Hold)
    /// Terminal; `amount` is the total captured.
    case captured(amount: MinorUnits)
    case voided
    case expired
    case declined(reason: DeclineReason)

    public static let lifecycleName = "LC-02 Authorization"

    public var isTerminal: Bool {
        switch self {
        case .authorizing, .outcomeUnknown, .authorized, .partiallyCaptured: return false
        case .captured, .voided, .expired, .declined: return true
        }
    }
}

public enum AuthorizationEvent: Sendable, Hashable {
    /// Approved for `amount` (at most the requested amount; less is a partial approval, code 10).
    case approve(amount: MinorUnits)
    case decline(code: ResponseCode)
    case timeout
    case resolved(Resolution)
    case capture(MinorUnits)
    case finalCapture(MinorUnits)
    case void
    case captureLimitReached
    case captureDayReached
}

public enum AuthorizationEffect: Sendable, Hashable {
    case postTransfer(Posting)
    case startTimer(TimerKind)
    case startResolution
    case notifyMerchant(PaymentStatus)
}

public typealias AuthorizationTransition = LifecycleTransition<AuthorizationState, AuthorizationEffect>

extension AuthorizationState {
    public func applying(_ event: AuthorizationEvent) throws(IllegalTransition) -> AuthorizationTransition {
        switch self {
        case .authorizing(let request):
            switch event {
            case .approve(let amount):
                guard amount.isPositive, amount <= request.amount else { break }
                return approved(Hold(authorized: amount, mode: request.mode))
            case .decline(let code):
                return to(.declined(reason: .issuer(code: code)), .notifyMerchant(.declined))
            case .timeout:
                return to(.outcomeUnknown(request), .startResolution)  // LC-12: the hold may exist.
            default:
                break
            }
        case .outcomeUnknown(let request):
            switch event {
            case .resolved(.approved):
                return approved(Hold(authorized: request.amount, mode: request.mode))
            case .resolved(.notApproved):
                return to(.declined(reason: .outcomeNotApproved), .notifyMerchant(.declined))
            default:
                break
            }
        case .authorized(let hold), .partiallyCaptured(let hold):
            if let transition = holding(hold, on: event) { return transition }
        case .captured, .voided, .expired, .declined:
            break  // Terminal (AUTH-2, G-5): capture after void, expiry or capture is illegal; refunds are children.
        }
        throw illegal(event)
    }

    /// The issuer placed the hold when it approved (card.available → card.held), so the gateway's
    /// lifecycle starts the capture limit and tells the merchant; it posts nothing itself.
    private func approved(_ hold: Hold) -> AuthorizationTransition {
        var effects: [AuthorizationEffect] = [.startTimer(.captureLimit)]
        if hold.mode == .automatic { effects.append(.startTimer(.captureDay)) }
        effects.append(.notifyMerchant(.authorized))
        return LifecycleTransition(next: .authorized(hold), effects: effects)
    }

    /// The rows from `authorized` and `partiallyCaptured`; `nil` when the table has none.
    private func holding(_ hold: Hold, on event: AuthorizationEvent) -> AuthorizationTransition? {
        let untouched = hold.captured == .zero
        switch event {
        case .capture(let amount) where amount.isPositive && hold.mode != .multi:
            guard untouched, amount <= hold.authorized else { return nil }  // AUTH-1: captured at most once.
            return close(hold, capturing: amount)
        case .capture(let amount) where amount.isPositive:
            guard amount < hold.remaining else { return nil }  // Capturing the rest is `finalCapture`.
            let next = Hold(authorized: hold.authorized, captured: hold.captured + amount, mode: hold.mode)
            return to(.partiallyCaptured(next), .postTransfer(.captureFromHold(amount)))
        case .finalCapture(let amount) where amount.isPositive && hold.mode == .multi:
            guard amount <= hold.remaining else { return nil }
            return close(hold, capturing: amount)
        case .void where untouched:
            // AUTH-2: void only before any capture; after one, the merchant refunds instead.
            return to(.voided, .postTransfer(.releaseHold(hold.authorized)), .notifyMerchant(.voided))
        case .captureLimitReached:
            return to(.expired, .postTransfer(.releaseHold(hold.remaining)), .notifyMerchant(.expired))
        case .captureDayReached where hold.mode == .automatic && untouched:
            return close(hold, capturing: hold.authorized)  // AUTHOR_CAPTURE: the platform captures in full.
        default:
            return nil
        }
    }

    /// Captures `amount` and releases whatever is left of the hold, so `card.held` is 0 when terminal (AUTH-4).
    private func close(_ hold: Hold, capturing amount: MinorUnits) -> AuthorizationTransition {
        let rest = hold.remaining - amount
        let total = AuthorizationState.captured(amount: hold.captured + amount)
        guard rest.isPositive else {
            return to(total, .postTransfer(.captureFromHold(amount)), .notifyMerchant(.captured))
        }
        return to(
            total,
            .postTransfer(.captureFromHold(amount)),
            .postTransfer(.releaseHold(rest)),
            .notifyMerchant(.captured)
        )
    }
}
