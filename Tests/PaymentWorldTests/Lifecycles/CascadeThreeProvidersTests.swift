import PaymentWorld
import Testing

/// LC-08 with three providers, as the gateway drives it by default (`policies.cascadeProviders`):
/// the middle provider moves on, silently or through consent, and only the last one's decline ends it.
@Suite struct LifecycleTablesCascadeThreeProviders {
    private let first = CascadePosition(attempt: 1, providers: 3)
    private let second = CascadePosition(attempt: 2, providers: 3)
    private let third = CascadePosition(attempt: 3, providers: 3)

    @Test func aSilentRerouteThenAConsentedOneReachTheThirdProvider() throws {
        let toSecond = try CascadeState.attempting(first).applying(.decline(code: .issuerInoperative, nextNeeds3DS: false))
        #expect(toSecond.next == .attempting(second))
        #expect(toSecond.effects == [.startAttempt(number: 2, authenticate: false)])

        let asking = try toSecond.next.applying(.decline(code: .systemMalfunction, nextNeeds3DS: true))
        #expect(asking.next == .awaitingCustomerConsent(second))
        #expect(asking.effects == [.askCustomerConsent, .startTimer(.cascadeConsent)])

        let toThird = try asking.next.applying(.consent)
        #expect(toThird.next == .attempting(third))
        #expect(toThird.effects == [.startAttempt(number: 3, authenticate: true)])

        // N = 3: the last provider's cascadable decline ends the cascade (CAS-6).
        let ended = try toThird.next.applying(.decline(code: .issuerInoperative, nextNeeds3DS: true))
        #expect(ended.next == .declined(reason: .issuer(code: .issuerInoperative)))
        #expect(ended.effects.isEmpty, "LC-01 took the decline itself")
    }

    @Test func aTimeoutSettledAsNotApprovedMovesOnFromTheMiddleProvider() throws {
        let resolving = try CascadeState.attempting(second).applying(.timeout)
        #expect(resolving.next == .resolvingAttempt(second))
        let toThird = try resolving.next.applying(.resolved(.notApproved, nextNeeds3DS: false))
        #expect(toThird.next == .attempting(third))
        #expect(toThird.effects == [.startAttempt(number: 3, authenticate: false)])
    }

    @Test func theCustomerRefusingOrNotAnsweringAtTheMiddleProviderEndsIt() throws {
        for event in [CascadeEvent.refuse, .timeout] {
            let ended = try CascadeState.awaitingCustomerConsent(second).applying(event)
            #expect(ended.next == .declined(reason: .cascadeNotConsented), "\(event)")
        }
    }
}
