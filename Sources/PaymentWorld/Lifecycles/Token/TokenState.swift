/// Which kind of token: a gateway card-on-file token, or a network token (DPAN) that the scheme may suspend.
public enum TokenKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case cardOnFile, network
    public var description: String { rawValue }
}

/// LC-04 tokenization (card-on-file) and token payment (domain.md §2.4; serves TOK-1 … TOK-3).
///
/// A token payment itself is LC-01 or LC-02 with `instrument = token`; this machine only decides whether a token
/// may start one. TOK-3 holds by construction (no posting effect); TOK-4 is the issuer's decision in LC-09.
public enum TokenState: LifecycleState {
    case requested(TokenKind)
    case active(TokenKind)
    /// Suspended by the issuer (a lost-card report, a fraud hold): a network token, or the scheme
    /// token a card-on-file token stands on [A]; it keeps its kind for its resumption.
    case suspended(TokenKind)
    case rejected(code: ResponseCode)
    case deleted
    case expired

    public static let lifecycleName = "LC-04 Token"

    public var isTerminal: Bool {
        switch self {
        case .requested, .active, .suspended: return false
        case .rejected, .deleted, .expired: return true
        }
    }
}

public enum TokenEvent: Sendable, Hashable {
    case provisioned
    case provisioningFailed(code: ResponseCode)
    case suspend
    case resume
    case delete
    case expire
    /// A payment names the token; `byOwner` is whether the paying customer is the token's customer (TOK-1).
    case pay(byOwner: Bool)
}

public enum TokenEffect: Sendable, Hashable {
    case storeToken
    case startPayment
    case rejectPayment(code: ResponseCode)
    case removeToken
}

public typealias TokenTransition = LifecycleTransition<TokenState, TokenEffect>

extension TokenState {
    public func applying(_ event: TokenEvent) throws(IllegalTransition) -> TokenTransition {
        switch self {
        case .requested(let kind):
            switch event {
            case .provisioned: return to(.active(kind), .storeToken)
            case .provisioningFailed(let code): return to(.rejected(code: code))
            case .expire: return to(.expired)
            default: break
            }
        case .active(let kind):
            switch event {
            case .pay(byOwner: true):
                return to(self, .startPayment)
            case .pay(byOwner: false):
                // TOK-1: another customer's token is refused (E 3101); the token itself stays usable.
                return to(self, .rejectPayment(code: .tokenNotOwnedByCustomer))
            case .suspend:
                return to(.suspended(kind))
            case .delete:
                return to(.deleted, .removeToken)
            case .expire:
                return to(.expired, .removeToken)
            default:
                break
            }
        case .suspended(let kind):
            switch event {
            case .resume: return to(.active(kind))
            case .delete: return to(.deleted, .removeToken)
            case .expire: return to(.expired, .removeToken)
            default: break  // A suspended token cannot pay (TOK-2 in spirit).
            }
        case .rejected, .deleted, .expired:
            break  // Terminal (TOK-2: a deleted or expired token never starts a payment).
        }
        throw illegal(event)
    }
}
