import PaymentWorld
import Testing

extension RefundState: Exemplified {
    enum Kind: CaseIterable { case idle, requested, outcomeUnknown, refunded, refundDeclined }

    var kind: Kind {
        switch self {
        case .idle: .idle
        case .requested: .requested
        case .outcomeUnknown: .outcomeUnknown
        case .refunded: .refunded
        case .refundDeclined: .refundDeclined
        }
    }

    static let examples: [Self] = [
        .idle(refundable: 500), .requested(300), .outcomeUnknown(300), .refunded(300),
        .refundDeclined(reason: .issuer(code: .refundsExceedPayment)),
    ]
}

extension RefundEvent: Exemplified {
    enum Kind: CaseIterable { case request, approve, decline, timeout, resolved }

    var kind: Kind {
        switch self {
        case .request: .request
        case .approve: .approve
        case .decline: .decline
        case .timeout: .timeout
        case .resolved: .resolved
        }
    }

    static let examples: [Self] = [
        .request(300), .request(500), .request(501), .request(0), .approve, .decline(code: .refundsExceedPayment),
        .timeout, .resolved(.approved), .resolved(.notApproved),
    ]
}

/// LC-02 *Refund*: `requested → refunded■ | refundDeclined■ | unknown → LC-12`, guard r ≤ refundable (AUTH-3).
private let refundTable = LifecycleTable<RefundState>([
    row(.idle(refundable: 500), .request(300), .requested(300), [.sendRefund(300), .startTimer(.hopResponse)]),
    row(.idle(refundable: 500), .request(500), .requested(500)),
    row(.requested(300), .approve, .refunded(300), [.postTransfer(.refund(300)), .notifyMerchant(.refunded)]),
    row(.requested(300), .decline(code: .refundsExceedPayment), .refundDeclined(reason: .issuer(code: .refundsExceedPayment))),
    row(.requested(300), .timeout, .outcomeUnknown(300), [.startResolution]),
    row(.outcomeUnknown(300), .resolved(.approved), .refunded(300), [.postTransfer(.refund(300)), .notifyMerchant(.refunded)]),
    row(.outcomeUnknown(300), .resolved(.notApproved), .refundDeclined(reason: .outcomeNotApproved), [.notifyMerchant(.refundDeclined)]),
])

@Suite struct LifecycleTablesRefund {
    @Test func everyPairMatchesTheTable() { expectTable(refundTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(refundTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(refundTable) }
}
