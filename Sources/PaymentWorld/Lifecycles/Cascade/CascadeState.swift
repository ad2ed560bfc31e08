/// Where a cascade stands: attempt `attempt` of `providers` eligible providers, in routing order (CAS-3, CAS-6).
public struct CascadePosition: Sendable, Hashable {
    public let attempt: Int
    public let providers: Int

    public init(attempt: Int = 1, providers: Int) {
        precondition(attempt >= 1 && attempt <= providers, "attempt \(attempt) of \(providers) providers")
        self.attempt = attempt
        self.providers = providers
    }

    public var hasNext: Bool { attempt < providers }

    func next() -> CascadePosition { CascadePosition(attempt: attempt + 1, providers: providers) }
}

/// LC-08 cascading retry to a backup provider (domain.md §2.4; serves CAS-1 … CAS-7, G-11).
///
/// One attempt at a time by construction (CAS-1): the state holds exactly one position. Attempt i+1 starts only
/// from a definitive not-approved: a decline, a refused consent, or a timeout that LC-12 settled (CAS-4).
public enum CascadeState: LifecycleState {
    case attempting(CascadePosition)
    case awaitingCustomerConsent(CascadePosition)
    case resolvingAttempt(CascadePosition)
    case approved(attempt: Int)
    case declined(reason: DeclineReason)

    public static let lifecycleName = "LC-08 Cascade"

    public var isTerminal: Bool {
        switch self {
        case .attempting, .awaitingCustomerConsent, .resolvingAttempt: return false
        case .approved, .declined: return true
        }
    }
}

public enum CascadeEvent: Sendable, Hashable {
    case approve
    /// `nextNeeds3DS`: the next provider in routing order requires authentication.
    case decline(code: ResponseCode, nextNeeds3DS: Bool)
    case consent
    case refuse
    case timeout
    case resolved(Resolution, nextNeeds3DS: Bool)
}

/// LC-08's own work. The work an attempt's end also asks of LC-01 has one owner, LC-01: the sale
/// takes each approval, decline and timeout itself (and runs LC-12 on a timeout), so LC-08 asks
/// only for what the sale cannot know: the next attempt, the customer's consent, and, when the
/// customer refused it or never answered, the sale's end.
public enum CascadeEffect: Sendable, Hashable {
    case startAttempt(number: Int, authenticate: Bool)
    case askCustomerConsent
    case startTimer(TimerKind)
    /// The customer refused, or let the consent timer run out (CAS-7): the cascading sale ends declined.
    case declineSaleNotConsented
}

public typealias CascadeTransition = LifecycleTransition<CascadeState, CascadeEffect>

extension CascadeState {
    public func applying(_ event: CascadeEvent) throws(IllegalTransition) -> CascadeTransition {
        switch self {
        case .attempting(let position):
            switch event {
            case .approve:
                return approved(position)
            case .decline(let code, let needs3DS):
                // CAS-5: hard or non-cascadable codes, and the last provider, end the cascade.
                guard code.isCascadable, position.hasNext else { return declined(.issuer(code: code)) }
                return moveOn(from: position, needs3DS: needs3DS)
            case .timeout:
                return to(.resolvingAttempt(position))  // CAS-4: not definitive yet; LC-01 runs LC-12.
            default:
                break
            }
        case .awaitingCustomerConsent(let position):
            switch event {
            case .consent:
                return to(.attempting(position.next()), .startAttempt(number: position.attempt + 1, authenticate: true))
            case .refuse, .timeout:
                // CAS-7: no 3DS cascade without consent; the sale, waiting on LC-08, ends with it.
                return to(.declined(reason: .cascadeNotConsented), .declineSaleNotConsented)
            default:
                break
            }
        case .resolvingAttempt(let position):
            switch event {
            case .resolved(.approved, _):
                return approved(position)
            case .resolved(.notApproved, let needs3DS):
                // A timeout resolved as not approved is cascadable ([A] from [PUB] triggers).
                guard position.hasNext else { return declined(.outcomeNotApproved) }
                return moveOn(from: position, needs3DS: needs3DS)
            default:
                break
            }
        case .approved, .declined:
            break  // Terminal (CAS-2, CAS-5).
        }
        throw illegal(event)
    }

    private func moveOn(from position: CascadePosition, needs3DS: Bool) -> CascadeTransition {
        guard needs3DS else {
            return to(.attempting(position.next()), .startAttempt(number: position.attempt + 1, authenticate: false))
        }
        return to(.awaitingCustomerConsent(position), .askCustomerConsent, .startTimer(.cascadeConsent))
    }

    /// LC-01 took the approval itself.
    private func approved(_ position: CascadePosition) -> CascadeTransition {
        to(.approved(attempt: position.attempt))
    }

    /// LC-01 took the decline, or the resolution, itself.
    private func declined(_ reason: DeclineReason) -> CascadeTransition {
        to(.declined(reason: reason))
    }
}
