import PaymentWorld
import Testing

extension OutcomeResolutionState: Exemplified {
    enum Kind: CaseIterable { case outcomeUnknown, inquiring, reversing, resolved }

    var kind: Kind {
        switch self {
        case .outcomeUnknown: .outcomeUnknown
        case .inquiring: .inquiring
        case .reversing: .reversing
        case .resolved: .resolved
        }
    }

    static let examples: [Self] = [.outcomeUnknown, .inquiring, .reversing, .resolved(.approved), .resolved(.notApproved)]
}

extension OutcomeResolutionEvent: Exemplified {
    enum Kind: CaseIterable { case inquire, acquirerTimeoutPassed, originalReply, inquiryResult, reversalAcknowledged, timeout }

    var kind: Kind {
        switch self {
        case .inquire: .inquire
        case .acquirerTimeoutPassed: .acquirerTimeoutPassed
        case .originalReply: .originalReply
        case .inquiryResult: .inquiryResult
        case .reversalAcknowledged: .reversalAcknowledged
        case .timeout: .timeout
        }
    }

    static let examples: [Self] = [
        .inquire, .acquirerTimeoutPassed, .originalReply(.approved), .originalReply(.notApproved),
        .inquiryResult(.approved), .inquiryResult(.notApproved), .reversalAcknowledged, .timeout,
    ]
}

private let reverse: [OutcomeResolutionEffect] = [.sendReversal, .startTimer(.acquirerReversal)]

/// LC-12: `unknown → inquiring → resolved(approved | notApproved)`, or a reversal once the acquirer timeout passes.
private let outcomeResolutionTable = LifecycleTable<OutcomeResolutionState>([
    row(.outcomeUnknown, .inquire, .inquiring, [.sendInquiry, .startTimer(.hopResponse)]),
    row(.outcomeUnknown, .acquirerTimeoutPassed, .reversing, reverse),
    row(.outcomeUnknown, .originalReply(.approved), .resolved(.approved), [.settle(.approved)]),
    row(.outcomeUnknown, .originalReply(.notApproved), .resolved(.notApproved), [.settle(.notApproved)]),
    row(.inquiring, .inquiryResult(.approved), .resolved(.approved), [.settle(.approved)]),
    row(.inquiring, .inquiryResult(.notApproved), .resolved(.notApproved), [.settle(.notApproved)]),
    row(.inquiring, .originalReply(.approved), .resolved(.approved)),
    row(.inquiring, .originalReply(.notApproved), .resolved(.notApproved)),
    row(.inquiring, .timeout, .reversing, reverse),
    row(.reversing, .reversalAcknowledged, .resolved(.notApproved), [.settle(.notApproved)]),
    row(.reversing, .timeout, .reversing, reverse),
])

@Suite struct LifecycleTablesOutcomeResolution {
    @Test func everyPairMatchesTheTable() { expectTable(outcomeResolutionTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(outcomeResolutionTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(outcomeResolutionTable) }
}
