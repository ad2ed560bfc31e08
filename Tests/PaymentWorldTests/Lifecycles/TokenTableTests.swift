import PaymentWorld
import Testing

extension TokenState: Exemplified {
    enum Kind: CaseIterable { case requested, active, suspended, rejected, deleted, expired }

    var kind: Kind {
        switch self {
        case .requested: .requested
        case .active: .active
        case .suspended: .suspended
        case .rejected: .rejected
        case .deleted: .deleted
        case .expired: .expired
        }
    }

    static let examples: [Self] = [
        .requested(.network), .active(.cardOnFile), .active(.network), .suspended(.network), .suspended(.cardOnFile),
        .rejected(code: .invalidCardNumber), .deleted, .expired,
    ]
}

extension TokenEvent: Exemplified {
    enum Kind: CaseIterable { case provisioned, provisioningFailed, suspend, resume, delete, expire, pay }

    var kind: Kind {
        switch self {
        case .provisioned: .provisioned
        case .provisioningFailed: .provisioningFailed
        case .suspend: .suspend
        case .resume: .resume
        case .delete: .delete
        case .expire: .expire
        case .pay: .pay
        }
    }

    static let examples: [Self] = [
        .provisioned, .provisioningFailed(code: .invalidCardNumber), .suspend, .resume, .delete, .expire,
        .pay(byOwner: true), .pay(byOwner: false),
    ]
}

/// LC-04: `requested → active → deleted■ | expired■`, `suspended ↔ active` (the issuer suspends a
/// network token, or the scheme token behind a card-on-file one [A]), keeping the token's kind.
private let tokenTable = LifecycleTable<TokenState>([
    row(.requested(.network), .provisioned, .active(.network), [.storeToken]),
    row(.requested(.network), .provisioningFailed(code: .invalidCardNumber), .rejected(code: .invalidCardNumber)),
    row(.requested(.network), .expire, .expired),
    row(.active(.cardOnFile), .pay(byOwner: true), .active(.cardOnFile), [.startPayment]),
    row(.active(.cardOnFile), .pay(byOwner: false), .active(.cardOnFile), [.rejectPayment(code: .tokenNotOwnedByCustomer)]),
    row(.active(.cardOnFile), .delete, .deleted, [.removeToken]),
    row(.active(.cardOnFile), .expire, .expired, [.removeToken]),
    row(.active(.cardOnFile), .suspend, .suspended(.cardOnFile)),
    row(.active(.network), .pay(byOwner: true), .active(.network)),
    row(.active(.network), .pay(byOwner: false), .active(.network)),
    row(.active(.network), .suspend, .suspended(.network)),
    row(.active(.network), .delete, .deleted),
    row(.active(.network), .expire, .expired),
    row(.suspended(.network), .resume, .active(.network)),
    row(.suspended(.network), .delete, .deleted),
    row(.suspended(.network), .expire, .expired),
    row(.suspended(.cardOnFile), .resume, .active(.cardOnFile)),
    row(.suspended(.cardOnFile), .delete, .deleted, [.removeToken]),
    row(.suspended(.cardOnFile), .expire, .expired, [.removeToken]),
])

@Suite struct LifecycleTablesToken {
    @Test func everyPairMatchesTheTable() { expectTable(tokenTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(tokenTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(tokenTable) }
}
