import PaymentWorld
import Testing

extension SaleState: Exemplified {
    enum Kind: CaseIterable {
        case created, screening, authenticating, authorizing, outcomeUnknown, cascading, succeeded, declined, failed
    }

    var kind: Kind {
        switch self {
        case .created: .created
        case .screening: .screening
        case .authenticating: .authenticating
        case .authorizing: .authorizing
        case .outcomeUnknown: .outcomeUnknown
        case .cascading: .cascading
        case .succeeded: .succeeded
        case .declined: .declined
        case .failed: .failed
        }
    }

    static let examples: [Self] = [
        .created, .screening, .authenticating(proceedOnUnavailable: true), .authenticating(proceedOnUnavailable: false),
        .authorizing(liabilityShift: true), .authorizing(liabilityShift: false), .outcomeUnknown, .cascading,
        .succeeded, .declined(reason: .issuer(code: .doNotHonor)), .failed,
    ]
}

extension SaleEvent: Exemplified {
    enum Kind: CaseIterable {
        case submit, needsAuthentication, noAuthentication, authResult, approve, decline, technicalError, timeout
        case resolved, nextAttempt, cascadeNotConsented, abandon, deadline
    }

    var kind: Kind {
        switch self {
        case .submit: .submit
        case .needsAuthentication: .needsAuthentication
        case .noAuthentication: .noAuthentication
        case .authResult: .authResult
        case .approve: .approve
        case .decline: .decline
        case .technicalError: .technicalError
        case .timeout: .timeout
        case .resolved: .resolved
        case .nextAttempt: .nextAttempt
        case .cascadeNotConsented: .cascadeNotConsented
        case .abandon: .abandon
        case .deadline: .deadline
        }
    }

    static let examples: [Self] = [
        .submit, .needsAuthentication(proceedOnUnavailable: true), .noAuthentication,
        .authResult(.authenticated), .authResult(.attempted), .authResult(.unavailable), .authResult(.notAuthenticated),
        .authResult(.rejected), .authResult(.challengeRequired), .authResult(.informational), .approve,
        .decline(code: .issuerInoperative, backupLeft: true), .decline(code: .issuerInoperative, backupLeft: false),
        .decline(code: .doNotHonor, backupLeft: true), .technicalError, .timeout,
        .resolved(.approved, backupLeft: false), .resolved(.notApproved, backupLeft: true),
        .resolved(.notApproved, backupLeft: false), .nextAttempt(throughScreening: true),
        .nextAttempt(throughScreening: false), .cascadeNotConsented, .abandon, .deadline,
    ]
}

private let send: [SaleEffect] = [.sendAuthorization(liabilityShift: true), .startTimer(.authorizationResponse)]
private let sendNoShift: [SaleEffect] = [.sendAuthorization(liabilityShift: false), .startTimer(.authorizationResponse)]
private let success: [SaleEffect] = [.postSale, .notifyMerchant(.succeeded)]
private let decline: [SaleEffect] = [.notifyMerchant(.declined)]

/// Rows of each authenticating state; `proceed` is the proceedOnUnavailable policy.
private func authenticatingRows(proceed: Bool) -> [Row<SaleState>] {
    let from = SaleState.authenticating(proceedOnUnavailable: proceed)
    return [
        row(from, .authResult(.authenticated), .authorizing(liabilityShift: true), send),
        row(from, .authResult(.attempted), .authorizing(liabilityShift: true), send),
        // I (informational, data only): final, authorized without the shift (domain §3.1).
        row(from, .authResult(.informational), .authorizing(liabilityShift: false), sendNoShift),
        proceed
            ? row(from, .authResult(.unavailable), .authorizing(liabilityShift: false), sendNoShift)
            : row(from, .authResult(.unavailable), .declined(reason: .authentication(.unavailable)), decline),
        row(from, .authResult(.notAuthenticated), .declined(reason: .authentication(.notAuthenticated)), decline),
        row(from, .authResult(.rejected), .declined(reason: .authentication(.rejected)), decline),
        row(from, .timeout, .declined(reason: .authenticationTimedOut), decline),
    ]
}

/// Rows of each authorizing state (LC-01 table: approve, decline with or without cascade, error or timeout → LC-12).
private func authorizingRows(shift: Bool) -> [Row<SaleState>] {
    let from = SaleState.authorizing(liabilityShift: shift)
    return [
        row(from, .approve, .succeeded, success),
        row(from, .decline(code: .issuerInoperative, backupLeft: true), .cascading, []),
        row(from, .decline(code: .issuerInoperative, backupLeft: false), .declined(reason: .issuer(code: .issuerInoperative)), decline),
        row(from, .decline(code: .doNotHonor, backupLeft: true), .declined(reason: .issuer(code: .doNotHonor)), decline),
        row(from, .technicalError, .outcomeUnknown, [.startResolution]),
        row(from, .timeout, .outcomeUnknown, [.startResolution]),
    ]
}

/// `any non-terminal | abandon or deadline | failed■`, reversing an authorization that may be in flight.
private func abandonRows(_ from: SaleState, reverses: Bool) -> [Row<SaleState>] {
    let effects: [SaleEffect] = reverses ? [.sendReversal, .notifyMerchant(.failed)] : [.notifyMerchant(.failed)]
    return [row(from, .abandon, .failed, effects), row(from, .deadline, .failed, effects)]
}

private let saleTable = LifecycleTable<SaleState>(
    [
        row(.created, .submit, .screening, [.startScreening]),
        row(.screening, .needsAuthentication(proceedOnUnavailable: true), .authenticating(proceedOnUnavailable: true), [.startAuthentication]),
        row(.screening, .noAuthentication, .authorizing(liabilityShift: false), sendNoShift),
        row(.outcomeUnknown, .resolved(.approved, backupLeft: false), .succeeded, success),
        row(.outcomeUnknown, .resolved(.notApproved, backupLeft: true), .cascading, []),
        row(.outcomeUnknown, .resolved(.notApproved, backupLeft: false), .declined(reason: .outcomeNotApproved), decline),
        row(.cascading, .nextAttempt(throughScreening: true), .screening, [.startScreening]),
        row(.cascading, .nextAttempt(throughScreening: false), .authorizing(liabilityShift: false), sendNoShift),
        // LC-08 refused (or timed out) the customer's consent to a 3DS cascade: no next attempt (CAS-7).
        row(.cascading, .cascadeNotConsented, .declined(reason: .cascadeNotConsented), decline),
    ]
        + authenticatingRows(proceed: true) + authenticatingRows(proceed: false)
        + authorizingRows(shift: true) + authorizingRows(shift: false)
        + abandonRows(.created, reverses: false) + abandonRows(.screening, reverses: false)
        + abandonRows(.authenticating(proceedOnUnavailable: true), reverses: false)
        + abandonRows(.authenticating(proceedOnUnavailable: false), reverses: false)
        + abandonRows(.authorizing(liabilityShift: true), reverses: true)
        + abandonRows(.authorizing(liabilityShift: false), reverses: true)
        + abandonRows(.outcomeUnknown, reverses: true) + abandonRows(.cascading, reverses: false)
)

@Suite struct LifecycleTablesSale {
    @Test func everyPairMatchesTheTable() { expectTable(saleTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(saleTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(saleTable) }

    /// SALE-5 / 3DS-1: a challenge or decoupled status is never an authentication result.
    @Test func anIntermediateTransStatusIsNotAResult() {
        #expect(throws: IllegalTransition.self) {
            try SaleState.authenticating(proceedOnUnavailable: true).applying(.authResult(.decoupled))
        }
    }
}
