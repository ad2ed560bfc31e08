import PaymentWorld
import Testing

private let first = CascadePosition(attempt: 1, providers: 2)
private let last = CascadePosition(attempt: 2, providers: 2)

extension CascadeState: Exemplified {
    enum Kind: CaseIterable { case attempting, awaitingCustomerConsent, resolvingAttempt, approved, declined }

    var kind: Kind {
        switch self {
        case .attempting: .attempting
        case .awaitingCustomerConsent: .awaitingCustomerConsent
        case .resolvingAttempt: .resolvingAttempt
        case .approved: .approved
        case .declined: .declined
        }
    }

    static let examples: [Self] = [
        .attempting(first), .attempting(last), .awaitingCustomerConsent(first), .resolvingAttempt(first),
        .resolvingAttempt(last), .approved(attempt: 1), .declined(reason: .issuer(code: .stolenCard)),
    ]
}

extension CascadeEvent: Exemplified {
    enum Kind: CaseIterable { case approve, decline, consent, refuse, timeout, resolved }

    var kind: Kind {
        switch self {
        case .approve: .approve
        case .decline: .decline
        case .consent: .consent
        case .refuse: .refuse
        case .timeout: .timeout
        case .resolved: .resolved
        }
    }

    static let examples: [Self] = [
        .approve, .decline(code: .issuerInoperative, nextNeeds3DS: false), .decline(code: .issuerInoperative, nextNeeds3DS: true),
        .decline(code: .stolenCard, nextNeeds3DS: false), .consent, .refuse, .timeout,
        .resolved(.approved, nextNeeds3DS: false), .resolved(.notApproved, nextNeeds3DS: false),
        .resolved(.notApproved, nextNeeds3DS: true),
    ]
}

private let toSecond: [CascadeEffect] = [.startAttempt(number: 2, authenticate: false)]
private let askConsent: [CascadeEffect] = [.askCustomerConsent, .startTimer(.cascadeConsent)]

/// LC-08 (domain.md §2.4) with two providers; 91 is cascadable, 43 (stolen) is hard.
private let cascadeTable = LifecycleTable<CascadeState>([
    row(.attempting(first), .approve, .approved(attempt: 1), []),
    row(.attempting(first), .decline(code: .issuerInoperative, nextNeeds3DS: false), .attempting(last), toSecond),
    row(.attempting(first), .decline(code: .issuerInoperative, nextNeeds3DS: true), .awaitingCustomerConsent(first), askConsent),
    row(.attempting(first), .decline(code: .stolenCard, nextNeeds3DS: false), .declined(reason: .issuer(code: .stolenCard)), []),
    row(.attempting(first), .timeout, .resolvingAttempt(first), []),
    row(.attempting(last), .approve, .approved(attempt: 2)),
    row(.attempting(last), .decline(code: .issuerInoperative, nextNeeds3DS: false), .declined(reason: .issuer(code: .issuerInoperative))),
    row(.attempting(last), .decline(code: .issuerInoperative, nextNeeds3DS: true), .declined(reason: .issuer(code: .issuerInoperative))),
    row(.attempting(last), .decline(code: .stolenCard, nextNeeds3DS: false), .declined(reason: .issuer(code: .stolenCard))),
    row(.attempting(last), .timeout, .resolvingAttempt(last)),
    row(.awaitingCustomerConsent(first), .consent, .attempting(last), [.startAttempt(number: 2, authenticate: true)]),
    row(.awaitingCustomerConsent(first), .refuse, .declined(reason: .cascadeNotConsented), [.declineSaleNotConsented]),
    row(.awaitingCustomerConsent(first), .timeout, .declined(reason: .cascadeNotConsented), [.declineSaleNotConsented]),
    row(.resolvingAttempt(first), .resolved(.approved, nextNeeds3DS: false), .approved(attempt: 1)),
    row(.resolvingAttempt(first), .resolved(.notApproved, nextNeeds3DS: false), .attempting(last), toSecond),
    row(.resolvingAttempt(first), .resolved(.notApproved, nextNeeds3DS: true), .awaitingCustomerConsent(first), askConsent),
    row(.resolvingAttempt(last), .resolved(.approved, nextNeeds3DS: false), .approved(attempt: 2)),
    row(.resolvingAttempt(last), .resolved(.notApproved, nextNeeds3DS: false), .declined(reason: .outcomeNotApproved)),
    row(.resolvingAttempt(last), .resolved(.notApproved, nextNeeds3DS: true), .declined(reason: .outcomeNotApproved)),
])

@Suite struct LifecycleTablesCascade {
    @Test func everyPairMatchesTheTable() { expectTable(cascadeTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(cascadeTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(cascadeTable) }
}
