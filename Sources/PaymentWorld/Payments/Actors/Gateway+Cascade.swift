import SimulationKernel

extension Gateway {
    // MARK: LC-08 cascade

    /// LC-08's N for a new sale of `flow`: every provider in routing order when cascading is on and
    /// the flow's system cascades (only ecommpay's seed and the generic flows do), else the primary only.
    func cascadeProviders(for flow: PaymentFlow) -> Int {
        let policies = context.configuration.policies
        guard policies.cascading && flow.system.cascades else { return 1 }
        return min(max(1, policies.cascadeProviders), PaymentCounters.providerPositions)
    }

    /// Whether the next provider asks for a fresh 3-D Secure authentication. An enrolled card's
    /// authentication (its CAVV) is spent on the attempt that carried it (3DS-3), so a backup that
    /// requires 3DS needs a new one, and the customer must consent first (ecommpay E2 `isCascading`,
    /// CAS-7). A card that is not enrolled, or a payment exempted as low value, goes on silently.
    func nextNeeds3DS(_ payment: PaymentID) -> Bool {
        records[payment.slot].authentication.needed && !records[payment.slot].authentication.outsideThreeDS
    }

    /// Offers LC-08 how the current attempt ended. LC-01 takes the same answer next, told by
    /// `cascadeMovesOn` whether a provider is left; only then are the returned effects performed,
    /// so LC-01 is `cascading` before LC-08 starts the next attempt or asks for consent.
    func endAttempt(_ payment: PaymentID, _ event: CascadeEvent) -> [CascadeEffect] {
        let attempt = AttemptID(payment, records[payment.slot].attempt)
        switch event {
        case .approve, .resolved(.approved, _):
            context.observe(.cascadeAttemptEnded(attempt, approved: true, cascadable: false))
        case .decline(let code, _):
            context.observe(.cascadeAttemptEnded(attempt, approved: false, cascadable: code.isCascadable))
        case .resolved(.notApproved, _):
            // A timeout settled as not approved is cascadable ([A] from the [PUB] triggers).
            context.observe(.cascadeAttemptEnded(attempt, approved: false, cascadable: true))
        case .consent, .refuse, .timeout:
            break
        }
        return stepCascade(payment, event)
    }

    /// Whether LC-08 still has somewhere to go: a next attempt, or a consent to wait for.
    func cascadeMovesOn(_ payment: PaymentID) -> Bool { !records[payment.slot].cascade.isTerminal }

    func stepCascade(_ payment: PaymentID, _ event: CascadeEvent) -> [CascadeEffect] {
        context.step(&records[payment.slot].cascade, event, of: .payment(payment), coverage: &coverage) ?? []
    }

    func perform(_ effects: [CascadeEffect], _ payment: PaymentID) {
        for effect in effects {
            switch effect {
            case .startAttempt(let number, let authenticate): startAttempt(payment, index: number - 1, authenticate: authenticate)
            case .askCustomerConsent: askConsent(payment)
            case .startTimer(let timer): arm(timer, payment)
            case .declineSaleNotConsented: applySale(payment, .cascadeNotConsented)
            }
        }
    }

    /// The next provider's attempt: straight to authorization, or through 3-D Secure again.
    private func startAttempt(_ payment: PaymentID, index: Int, authenticate: Bool) {
        counters.cascades &+= 1
        records[payment.slot].attempt = index
        records[payment.slot].authentication.attemptNeeds3DS = authenticate
        if authenticate && context.has(.cascadeReusesAuthentication) {
            // The planted bug: the first provider's authentication sent again with the next one.
            return applySale(payment, .nextAttempt(throughScreening: false))
        }
        if authenticate {
            // A fresh authentication for this provider: the previous result was spent (3DS-3).
            records[payment.slot].authentication.status = nil
            records[payment.slot].cause = .unstated
        }
        applySale(payment, .nextAttempt(throughScreening: authenticate))
    }

    /// The next provider needs 3-D Secure: the customer's app shows the error and asks whether to go on.
    private func askConsent(_ payment: PaymentID) {
        let next = AttemptID(payment, records[payment.slot].attempt + 1)
        if context.has(.cascadeWithoutConsent) {
            // The planted bug: the gateway takes the customer's consent for granted and goes on.
            perform(stepCascade(payment, .consent), payment)
            return
        }
        counters.cascadeConsentsAsked &+= 1
        context.observe(.cascadeConsentAsked(next))
        context.send(from: id, to: context.addresses[.device],
                     DeviceMessage.cascadeConsentRequest(records[payment.slot].order, payment: payment.rawValue))
    }

    /// The customer's answer from the app; one that comes after the timer refused for them is late.
    func consentAnswered(_ payment: PaymentID, consented: Bool) {
        guard let record = record(payment), !record.endedEarly, case .awaitingCustomerConsent = record.cascade else {
            counters.duplicatesDeduped &+= 1
            return
        }
        cancelTimer(payment)
        if consented { counters.cascadeConsentsGiven &+= 1 } else { counters.cascadeConsentsRefused &+= 1 }
        context.observe(.cascadeConsentAnswered(payment, consented: consented, timedOut: false))
        perform(stepCascade(payment, consented ? .consent : .refuse), payment)
    }

    /// No answer within `timeouts.cascadeConsent`: a refusal (domain §2.7).
    func consentTimedOut(_ payment: PaymentID) {
        guard !records[payment.slot].endedEarly, case .awaitingCustomerConsent = records[payment.slot].cascade else { return }
        counters.cascadeConsentsTimedOut &+= 1
        context.observe(.cascadeConsentAnswered(payment, consented: false, timedOut: true))
        perform(stepCascade(payment, .timeout), payment)
    }
}
