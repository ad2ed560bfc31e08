import PaymentWorld
import Testing

private let signed = SessionBinding(credential: .signature)
private let signedOnce = SessionBinding(credential: .signature, deviceSubmissions: 1)
private let signedTwice = SessionBinding(credential: .signature, deviceSubmissions: 2)
private let gatewaySession = SessionCredential.sessionId(apiVersion: 61, authenticationLimit: 2)
private let fresh = SessionBinding(credential: gatewaySession)
private let usedOnce = SessionBinding(credential: gatewaySession, deviceSubmissions: 1)
private let atLimit = SessionBinding(credential: gatewaySession, deviceSubmissions: 2)

extension CheckoutSessionState: Exemplified {
    enum Kind: CaseIterable { case opened, credentialed, instrumentCaptured, consumed, expired, exhausted }

    var kind: Kind {
        switch self {
        case .opened: .opened
        case .credentialed: .credentialed
        case .instrumentCaptured: .instrumentCaptured
        case .consumed: .consumed
        case .expired: .expired
        case .exhausted: .exhausted
        }
    }

    static let examples: [Self] = [
        .opened, .credentialed(signed), .credentialed(fresh), .credentialed(atLimit),
        .instrumentCaptured(signedOnce), .instrumentCaptured(usedOnce), .instrumentCaptured(atLimit),
        .consumed, .expired, .exhausted,
    ]
}

extension CheckoutSessionEvent: Exemplified {
    enum Kind: CaseIterable { case credential, captureInstrument, use, expire }

    var kind: Kind {
        switch self {
        case .credential: .credential
        case .captureInstrument: .captureInstrument
        case .use: .use
        case .expire: .expire
        }
    }

    static let examples: [Self] = [
        .credential(.signature), .credential(gatewaySession), .credential(.initializeContext),
        .captureInstrument(.card, apiVersion: nil), .captureInstrument(.walletCard, apiVersion: 61),
        .captureInstrument(.token, apiVersion: 60), .use(.pay), .expire,
    ]
}

/// LC-00 (domain.md §2.4); the version guard is SES-2, the limit SES-4, one-shot consumption SES-5.
private let checkoutSessionTable = LifecycleTable<CheckoutSessionState>([
    row(.opened, .credential(.signature), .credentialed(signed), [.startTimer(.sessionLifetime)]),
    row(.opened, .credential(gatewaySession), .credentialed(fresh), [.startTimer(.sessionLifetime)]),
    row(.opened, .credential(.initializeContext), .credentialed(SessionBinding(credential: .initializeContext))),
    row(.opened, .expire, .expired),
    // credentialed: captureInstrument [version matches; uses < limit] → instrumentCaptured
    row(.credentialed(signed), .captureInstrument(.card, apiVersion: nil), .instrumentCaptured(signedOnce), [.storeInstrument(.card)]),
    row(.credentialed(fresh), .captureInstrument(.walletCard, apiVersion: 61), .instrumentCaptured(usedOnce)),
    row(.credentialed(atLimit), .captureInstrument(.walletCard, apiVersion: 61), .exhausted, []),
    // use(op) [before expiry] → consumed (one-shot) or the same state (reusable)
    row(.credentialed(signed), .use(.pay), .consumed, [.perform(.pay)]),
    row(.credentialed(fresh), .use(.pay), .credentialed(fresh), [.perform(.pay)]),
    row(.credentialed(atLimit), .use(.pay), .credentialed(atLimit)),
    row(.credentialed(signed), .expire, .expired),
    row(.credentialed(fresh), .expire, .expired),
    row(.credentialed(atLimit), .expire, .expired),
    // instrumentCaptured: [M] M1 allows further updates; use and expire as above.
    row(.instrumentCaptured(signedOnce), .captureInstrument(.card, apiVersion: nil), .instrumentCaptured(signedTwice)),
    row(.instrumentCaptured(usedOnce), .captureInstrument(.walletCard, apiVersion: 61), .instrumentCaptured(atLimit)),
    row(.instrumentCaptured(atLimit), .captureInstrument(.walletCard, apiVersion: 61), .exhausted),
    row(.instrumentCaptured(signedOnce), .use(.pay), .consumed, [.perform(.pay)]),
    row(.instrumentCaptured(usedOnce), .use(.pay), .instrumentCaptured(usedOnce), [.perform(.pay)]),
    row(.instrumentCaptured(atLimit), .use(.pay), .instrumentCaptured(atLimit)),
    row(.instrumentCaptured(signedOnce), .expire, .expired),
    row(.instrumentCaptured(usedOnce), .expire, .expired),
    row(.instrumentCaptured(atLimit), .expire, .expired),
])

@Suite struct LifecycleTablesCheckoutSession {
    @Test func everyPairMatchesTheTable() { expectTable(checkoutSessionTable) }
    @Test func everyKindHasAnExampleAndARow() { expectCoverage(checkoutSessionTable) }
    @Test func terminalStatesRejectEveryEvent() { expectTerminalsReject(checkoutSessionTable) }

    @Test func anUpdateNamingAnotherApiVersionIsRejectedAndNamesBoth() {
        #expect(throws: IllegalTransition.self) {
            try CheckoutSessionState.credentialed(fresh).applying(.captureInstrument(.card, apiVersion: 60))
        }
        let error = IllegalTransition(lifecycle: "LC-00 CheckoutSession", from: CheckoutSessionState.expired, on: CheckoutSessionEvent.use(.pay))
        #expect(error.description == "LC-00 CheckoutSession: illegal transition from expired on use(pay)")
    }
}
