import PaymentWorld
import Testing

extension PrepaidCardState: Exemplified {
    enum Kind: CaseIterable {
        case notCreated, applied, issued, digital, active, locked, cancelled, expired
    }

    var kind: Kind {
        switch self {
        case .notCreated: .notCreated
        case .applied: .applied
        case .issued: .issued
        case .digital: .digital
        case .active: .active
        case .locked: .locked
        case .cancelled: .cancelled
        case .expired: .expired
        }
    }

    static let examples: [Self] = [
        .notCreated, .applied, .issued, .digital, .active, .locked, .cancelled, .expired,
    ]
}

extension PrepaidCardEvent: Exemplified {
    enum Kind: CaseIterable { case create, issue, activate, firstChipAndPinUse, update, setPin, expiryReached }

    var kind: Kind {
        switch self {
        case .create: .create
        case .issue: .issue
        case .activate: .activate
        case .firstChipAndPinUse: .firstChipAndPinUse
        case .update: .update
        case .setPin: .setPin
        case .expiryReached: .expiryReached
        }
    }

    /// Every update target with SCA, plus one without it (CARD-4).
    static let examples: [Self] =
        [
            .create(.virtual, eligible: true), .create(.physical, eligible: true), .create(.virtual, eligible: false),
            .issue(digitalTwin: false), .issue(digitalTwin: true), .activate(credentialsMatch: true),
            .activate(credentialsMatch: false), .firstChipAndPinUse, .update(.locked, scaVerified: false),
            .setPin(scaVerified: true), .setPin(scaVerified: false), .expiryReached,
        ] + CardStatus.allCases.map { .update($0, scaVerified: true) }
}

private func update(_ status: CardStatus) -> PrepaidCardEvent { .update(status, scaVerified: true) }
private let cancelEffects: [PrepaidCardEffect] = [.deactivateTokens, .reportStatus(.cancelled)]

/// LC-09 = S1 (domain.md §1.5), including the ✅ cells of the update matrix; every ❌ cell is a missing row.
private let prepaidCardTable = LifecycleTable<PrepaidCardState>([
    row(.notCreated, .create(.virtual, eligible: true), .active, [.allocateCard(.virtual)]),
    row(.notCreated, .create(.physical, eligible: true), .applied, [.allocateCard(.physical)]),
    row(.applied, .issue(digitalTwin: false), .issued, [.scheduleDelivery]),
    row(.applied, .issue(digitalTwin: true), .digital, [.scheduleDelivery]),
    row(.issued, .activate(credentialsMatch: true), .active, [.recordActivation, .reportStatus(.active)]),
    row(.digital, .activate(credentialsMatch: true), .active, [.recordActivation, .reportStatus(.active)]),
    row(.digital, .firstChipAndPinUse, .active, [.reportStatus(.active)]),
    row(.active, update(.locked), .locked, [.reportStatus(.locked)]),
    row(.digital, update(.locked), .locked),
    row(.locked, update(.active), .active, [.reportStatus(.active)]),
    row(.active, update(.cancelled), .cancelled, cancelEffects),
    row(.locked, update(.cancelled), .cancelled, cancelEffects),
    row(.digital, update(.cancelled), .cancelled, cancelEffects),
    row(.active, .setPin(scaVerified: true), .active, [.recordPinSet]),
    row(.digital, .setPin(scaVerified: true), .digital, [.recordPinSet]),
    row(.locked, .setPin(scaVerified: true), .locked, [.recordPinSet]),
    row(.applied, .expiryReached, .expired, [.reportStatus(.expired)]),
    row(.issued, .expiryReached, .expired),
    row(.active, .expiryReached, .expired),
    row(.locked, .expiryReached, .expired),
    row(.digital, .expiryReached, .expired),
])

@Suite struct LifecycleTablesPrepaidCard {
    @Test func everyPairMatchesTheTable() { expectTable(prepaidCardTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(prepaidCardTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(prepaidCardTable) }

    /// S1 "Illegal (test each one)": nothing to DIGITAL, DIGITAL→ACTIVE through update, activate twice or from
    /// applied/active/locked, activate on a virtual card, create with allowableCards = 0.
    @Test func theS1IllegalListIsRejected() throws {
        let illegal: [(PrepaidCardState, PrepaidCardEvent)] = [
            (.active, update(.digital)), (.locked, update(.digital)), (.digital, update(.active)),
            (.applied, .activate(credentialsMatch: true)), (.active, .activate(credentialsMatch: true)),
            (.locked, .activate(credentialsMatch: true)), (.notCreated, .create(.physical, eligible: false)),
        ]
        for (state, event) in illegal {
            #expect(throws: IllegalTransition.self, "\(state) on \(event)") { try state.applying(event) }
        }
        let virtual = try PrepaidCardState.notCreated.applying(.create(.virtual, eligible: true)).next
        #expect(throws: IllegalTransition.self) { try virtual.applying(.activate(credentialsMatch: true)) }
    }
}
