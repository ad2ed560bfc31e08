/// The MPGS sessions (M1, M2): created with a lifetime, bound at the first update to the API
/// version that created it, and used by the PAY or AUTHORIZE that names it.
extension Platform {
    func serveMastercard(_ step: SeedStep, payload: UInt64, payment: LifecycleID, record: inout Record) -> StepAnswer {
        switch step {
        case .createSession:
            // The session is created (opened) and its lifetime runs from now; the app's first update,
            // which presents its id, binds it to the API version that created it.
            record.session = .opened
            record.inactivity = false
            startLifetime(payment, &record)
            return .ok
        case .updateSession:
            // The app names a version; a stale one is refused and the session stays as it was (M1).
            let named = Platform.apiVersion - (SessionUpdateWire.isStale(payload) ? 1 : 0)
            if record.session == .expired { return .expired }  // SES-1: the session's lifetime ran out.
            if record.session == .opened {
                guard named == Platform.apiVersion else { return .apiVersionMismatch }
                let credential = SessionCredential.sessionId(apiVersion: Platform.apiVersion,
                                                             authenticationLimit: desk.seed.sessionAuthenticationLimit)
                guard bind(credential, payment, &record, lifetimeRunning: true) == .ok else { return .refused }
            }
            guard record.session.binding?.credential.apiVersion == named else { return .apiVersionMismatch }
            let changed = if case .instrumentCaptured = record.session { true } else { false }
            guard desk.step(&record.session, .captureInstrument(.card, apiVersion: named), of: payment) != nil
            else { return .refused }
            if record.session == .exhausted && !desk.context.has(.sessionLimitIgnored) {
                // SES-4: past its authenticationLimit the session takes no more submissions. Taking the
                // update anyway was unreachable at the fixed limit of 5 (a session meets at most two).
                desk.counters.sessionsExhausted &+= 1
                return .refused
            }
            if changed { desk.counters.sessionCardChanges &+= 1 }  // The customer changed the card.
            desk.context.observe(.sessionUsed(payment, apiVersion: named, deviceSubmission: true))
            return .ok
        case .operationWithSession:
            // PAY or AUTHORIZE names the session and takes its card (M2); an expired one is an ERROR.
            // The merchant server's call: an operation on the session, not the device's submission.
            let operation: SessionOperation = desk.context.bodies[payment].flow.core == .authorization ? .authorize : .pay
            let answer = use(operation, payment, &record, apiVersion: Platform.apiVersion, deviceSubmission: false)
            if answer == .ok { desk.counters.sessionOperations &+= 1 }
            return answer
        default:
            preconditionFailure("the MPGS front cannot serve \(step)")
        }
    }
}
