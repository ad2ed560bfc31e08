import PaymentWorld
import Testing

private let request = AuthorizationRequest(amount: 1000, mode: .single)
private let multiRequest = AuthorizationRequest(amount: 1000, mode: .multi)
private let autoRequest = AuthorizationRequest(amount: 1000, mode: .automatic)
private let single = Hold(authorized: 1000, mode: .single)
private let multi = Hold(authorized: 1000, mode: .multi)
private let auto = Hold(authorized: 1000, mode: .automatic)
private let multiAt300 = Hold(authorized: 1000, captured: 300, mode: .multi)
private let multiAt700 = Hold(authorized: 1000, captured: 700, mode: .multi)

extension AuthorizationState: Exemplified {
    enum Kind: CaseIterable {
        case authorizing, outcomeUnknown, authorized, partiallyCaptured, captured, voided, expired, declined
    }

    var kind: Kind {
        switch self {
        case .authorizing: .authorizing
        case .outcomeUnknown: .outcomeUnknown
        case .authorized: .authorized
        case .partiallyCaptured: .partiallyCaptured
        case .captured: .captured
        case .voided: .voided
        case .expired: .expired
        case .declined: .declined
        }
    }

    static let examples: [Self] = [
        .authorizing(request), .authorizing(autoRequest), .outcomeUnknown(multiRequest),
        .authorized(single), .authorized(multi), .authorized(auto), .partiallyCaptured(multiAt300),
        .captured(amount: 1000), .voided, .expired, .declined(reason: .issuer(code: .insufficientFunds)),
    ]
}

extension AuthorizationEvent: Exemplified {
    enum Kind: CaseIterable {
        case approve, decline, timeout, resolved, capture, finalCapture, void, captureLimitReached, captureDayReached
    }

    var kind: Kind {
        switch self {
        case .approve: .approve
        case .decline: .decline
        case .timeout: .timeout
        case .resolved: .resolved
        case .capture: .capture
        case .finalCapture: .finalCapture
        case .void: .void
        case .captureLimitReached: .captureLimitReached
        case .captureDayReached: .captureDayReached
        }
    }

    static let examples: [Self] = [
        .approve(amount: 1000), .approve(amount: 600), .approve(amount: 1001), .decline(code: .insufficientFunds),
        .timeout, .resolved(.approved), .resolved(.notApproved), .capture(400), .capture(700), .capture(1000),
        .capture(1001), .capture(0), .finalCapture(700), .finalCapture(1000), .void, .captureLimitReached,
        .captureDayReached,
    ]
}

private func held(_ amount: MinorUnits, day: Bool = false) -> [AuthorizationEffect] {
    [.startTimer(.captureLimit)] + (day ? [.startTimer(.captureDay)] : [])
        + [.notifyMerchant(.authorized)]
}

private func capture(_ amount: MinorUnits, release: MinorUnits? = nil) -> [AuthorizationEffect] {
    [.postTransfer(.captureFromHold(amount))] + (release.map { [.postTransfer(.releaseHold($0))] } ?? [])
        + [.notifyMerchant(.captured)]
}

/// Single-capture rows (¬multiCapture): `capture(c)` [c ≤ A] → captured, releasing A − c; void; expiry.
private func singleCaptureRows(_ hold: Hold) -> [Row<AuthorizationState>] {
    let from = AuthorizationState.authorized(hold)
    return [
        row(from, .capture(400), .captured(amount: 400), capture(400, release: 600)),
        row(from, .capture(700), .captured(amount: 700), capture(700, release: 300)),
        row(from, .capture(1000), .captured(amount: 1000), capture(1000)),
        row(from, .void, .voided, [.postTransfer(.releaseHold(1000)), .notifyMerchant(.voided)]),
        row(from, .captureLimitReached, .expired, [.postTransfer(.releaseHold(1000)), .notifyMerchant(.expired)]),
    ]
}

/// LC-02 (domain.md §2.4). Amounts: authorized 1000; the multi-capture hold has 300 captured in `partiallyCaptured`.
private let authorizationTable = LifecycleTable<AuthorizationState>(
    [
        row(.authorizing(request), .approve(amount: 1000), .authorized(single), held(1000)),
        row(.authorizing(request), .approve(amount: 600), .authorized(Hold(authorized: 600, mode: .single)), held(600)),
        row(.authorizing(request), .decline(code: .insufficientFunds), .declined(reason: .issuer(code: .insufficientFunds))),
        row(.authorizing(request), .timeout, .outcomeUnknown(request), [.startResolution]),
        row(.authorizing(autoRequest), .approve(amount: 1000), .authorized(auto), held(1000, day: true)),
        row(.authorizing(autoRequest), .approve(amount: 600), .authorized(Hold(authorized: 600, mode: .automatic))),
        row(.authorizing(autoRequest), .decline(code: .insufficientFunds), .declined(reason: .issuer(code: .insufficientFunds))),
        row(.authorizing(autoRequest), .timeout, .outcomeUnknown(autoRequest)),
        row(.outcomeUnknown(multiRequest), .resolved(.approved), .authorized(multi), held(1000)),
        row(.outcomeUnknown(multiRequest), .resolved(.notApproved), .declined(reason: .outcomeNotApproved)),
        // Multi-capture: capture(c) [c < remaining] → partiallyCaptured; finalCapture(c) [c ≤ remaining] → captured.
        row(.authorized(multi), .capture(400), .partiallyCaptured(Hold(authorized: 1000, captured: 400, mode: .multi)), [.postTransfer(.captureFromHold(400))]),
        row(.authorized(multi), .capture(700), .partiallyCaptured(multiAt700)),
        row(.authorized(multi), .finalCapture(700), .captured(amount: 700), capture(700, release: 300)),
        row(.authorized(multi), .finalCapture(1000), .captured(amount: 1000), capture(1000)),
        row(.authorized(multi), .void, .voided),
        row(.authorized(multi), .captureLimitReached, .expired),
        row(.partiallyCaptured(multiAt300), .capture(400), .partiallyCaptured(multiAt700)),
        row(.partiallyCaptured(multiAt300), .finalCapture(700), .captured(amount: 1000), capture(700)),
        row(.partiallyCaptured(multiAt300), .captureLimitReached, .expired, [.postTransfer(.releaseHold(700)), .notifyMerchant(.expired)]),
        // AUTHOR_CAPTURE: captured in full on the capture day.
        row(.authorized(auto), .captureDayReached, .captured(amount: 1000), capture(1000)),
    ] + singleCaptureRows(single) + singleCaptureRows(auto)
)

@Suite struct LifecycleTablesAuthorization {
    @Test func everyPairMatchesTheTable() { expectTable(authorizationTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(authorizationTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(authorizationTable) }

    /// The "Illegal" list of LC-02: void after a capture, a capture above the authorized amount, capture after void.
    @Test func theIllegalListIsRejected() {
        #expect(throws: IllegalTransition.self) { try AuthorizationState.partiallyCaptured(multiAt300).applying(.void) }
        #expect(throws: IllegalTransition.self) { try AuthorizationState.authorized(single).applying(.capture(1001)) }
        #expect(throws: IllegalTransition.self) { try AuthorizationState.voided.applying(.capture(1)) }
    }
}
