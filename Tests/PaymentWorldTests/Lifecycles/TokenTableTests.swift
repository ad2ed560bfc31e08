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
        .requested(.network), .active(.cardOnFile), .active(.network), .suspended,
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

/// LC-04: `requested → active → deleted■ | expired■`, `suspended ↔ active` for network tokens.
private let tokenTable = LifecycleTable<TokenState>([
    row(.requested(.network), .provisioned, .active(.network), [.storeToken]),
    row(.requested(.network), .provisioningFailed(code: .invalidCardNumber), .rejected(code: .invalidCardNumber)),
    row(.requested(.network), .expire, .expired),
    row(.active(.cardOnFile), .pay(byOwner: true), .active(.cardOnFile), [.startPayment]),
    row(.active(.cardOnFile), .pay(byOwner: false), .active(.cardOnFile), [.rejectPayment(code: .tokenNotOwnedByCustomer)]),
    row(.active(.cardOnFile), .delete, .deleted, [.removeToken]),
    row(.active(.cardOnFile), .expire, .expired, [.removeToken]),
    row(.active(.network), .pay(byOwner: true), .active(.network)),
    row(.active(.network), .pay(byOwner: false), .active(.network)),
    row(.active(.network), .suspend, .suspended),
    row(.active(.network), .delete, .deleted),
    row(.active(.network), .expire, .expired),
    row(.suspended, .resume, .active(.network)),
    row(.suspended, .delete, .deleted),
    row(.suspended, .expire, .expired),
])

@Suite struct LifecycleTablesToken {
    @Test func everyPairMatchesTheTable() { expectTable(tokenTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(tokenTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(tokenTable) }
}
