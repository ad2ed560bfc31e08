import SimulationKernel

/// LC-03 at the gateway: a zero-amount account verification, sent like an authorization through the
/// acquirer and the network to the issuer, whose answer decides it (domain §2.4, ISO: 00 or 85).
///
/// A verification has a payment record, so the hops key it like any payment, but no sale or
/// authorization table: nothing is held, posted, captured, voided or refunded (VER-1, VER-2). It
/// sends no `authorizationSent`: the claims about payments' authorizations are not about it.
extension Gateway {
    /// A verification's own state: LC-03, and the status requests its unknown outcome has cost.
    struct VerificationPart {
        var state: VerificationState
        /// Status requests sent since the issuer's answer went missing.
        var inquiries = 0

        /// Counts a status request that went unanswered; false once `limit` were sent, when
        /// nothing more is asked.
        mutating func inquiryUnanswered(limit: Int) -> Bool {
            inquiries += 1
            return inquiries < limit
        }
    }

    /// Whether a message is a verification's, which `verificationMessage` then takes.
    /// Whether `payment` is a live card verification's (LC-03), whose answers and timers its own flow takes.
    private func isVerification(_ payment: PaymentID) -> Bool {
        payment.slot < records.count && records[payment.slot].generation == payment.generation
            && records[payment.slot].verification != nil
    }

    /// An acquirer's answer about a verification, handled here; false for any other message.
    func verificationReceived(_ message: GatewayInbound) -> Bool {
        switch message {
        case .response(.authorization, let response) where isVerification(response.payment):
            verificationAnswered(response.payment, code: response.code)
        case .response(.inquiry, let response) where isVerification(response.payment):
            let payment = response.payment
            guard case .outcomeUnknown = records[payment.slot].verification?.state else {
                counters.duplicatesDeduped &+= 1
                return true
            }
            cancelTimer(payment)
            counters.resolvedByInquiry &+= 1
            applyVerification(payment, .resolved(response.code == 1 ? .approved : .notApproved))
        default:
            return false
        }
        return true
    }

    /// A verification's timer, handled here; false for any other payment's.
    func verificationTimerFired(_ timer: GatewayTimer, _ payment: PaymentID, _ generation: UInt32) -> Bool {
        switch timer {
        case .authorizationTimedOut where isVerification(payment):
            guard records[payment.slot].timer == generation else { return true }
            counters.count(expiry: .authorizationResponse)
            counters.unknownOutcomes &+= 1
            applyVerification(payment, .timeout)
        case .resolutionTimedOut where isVerification(payment):
            guard records[payment.slot].timer == generation else { return true }
            if records[payment.slot].verification?.inquiryUnanswered(limit: context.configuration.policies.inquiries) == true {
                askIssuerAboutVerification(payment)
            } else {
                // Nothing was held, so there is nothing to reverse: an unanswered verification is not verified.
                applyVerification(payment, .resolved(.notApproved))
            }
        default:
            return false
        }
        return true
    }

    /// The platform asks (again, while the customer's call waits) to verify a lifecycle's card.
    func verificationRequested(_ lifecycle: LifecycleID, storeCredential: Bool) {
        if let existing = verifications[lifecycle.rawValue].map(PaymentID.init(rawValue:)) {
            counters.duplicatesDeduped &+= 1
            if let record = record(existing), let verification = record.verification?.state, verification.isTerminal {
                answerPlatform(lifecycle, verified: verification == .verified)
            }
            return
        }
        let slot = openSlot()
        let facts = context.bodies[lifecycle]
        var record = Record()
        record.generation = records[slot].generation &+ 1
        record.order = lifecycle
        record.verification = VerificationPart(state: .created)
        records[slot] = record
        let payment = PaymentID(slot: slot, generation: record.generation)
        verifications[lifecycle.rawValue] = payment.rawValue
        context.bodies.publish(RequestBodies.Payment(order: lifecycle, card: facts.card, merchant: facts.merchant, amount: 0),
                               for: payment)
        context.observe(.verificationStarted(payment, lifecycle: lifecycle, storeCredential: storeCredential))
        context.observe(.cardDataKept(.payment(payment), holder: .gateway, form: .pan))
        // A card saved for later payments is authenticated first when it is enrolled: EMV 3DS's
        // non-payment authentication (message category 02), so that the stored credential carries a
        // cardholder's proof. A plain check goes to the issuer alone.
        let needsAuthentication = storeCredential && context.cards[facts.card].enrolled
        applyVerification(payment, .submit(needsAuthentication: needsAuthentication, storeCredential: storeCredential))
    }

    /// The issuer's answer (or a late one after the timeout, which settles an unknown outcome).
    private func verificationAnswered(_ payment: PaymentID, code: UInt64) {
        let answer = IssuerAnswer(rawValue: code) ?? .doNotHonor
        // The acquirer lost the issuer's answer: the verification's timer settles it as unknown.
        guard answer != .acquirerSystemError else { return }
        switch records[payment.slot].verification?.state {
        case .verifying?:
            cancelTimer(payment)
            applyVerification(payment, .response(code: answer.responseCode))
        case .outcomeUnknown?:
            cancelTimer(payment)
            counters.resolvedByLateReply &+= 1
            applyVerification(payment, .resolved(answer.responseCode.isApproval ? .approved : .notApproved))
        default:
            counters.duplicatesDeduped &+= 1
        }
    }

    /// LC-06 ended for a verification: LC-03 takes its result, or its timeout.
    func verificationAuthenticated(_ payment: PaymentID, _ status: TransStatus, _ ending: AuthenticationEnding) {
        switch ending {
        case .answered: applyVerification(payment, .authResult(status))
        case .timedOut, .cancelled: applyVerification(payment, .timeout)  // The cardholder never finished.
        }
    }

    private func applyVerification(_ payment: PaymentID, _ event: VerificationEvent) {
        guard var state = records[payment.slot].verification?.state,
              let effects = context.step(&state, event, of: .payment(payment), coverage: &coverage) else { return }
        records[payment.slot].verification?.state = state
        for effect in effects { perform(effect, payment) }
    }

    private func perform(_ effect: VerificationEffect, _ payment: PaymentID) {
        switch effect {
        case .sendVerification:
            // An authorization for 0, through the primary acquirer and the network to the issuer.
            context.send(from: id, to: context.addresses.acquirer(attempt: 0),
                         AcquirerMessage.request(.authorization, AttemptMessage(AttemptID(payment, 0))))
        case .startTimer(let timer):
            precondition(timer == .authorizationResponse, "a verification has no \(timer) timer")
            startTimer(.authorizationTimedOut, payment, after: context.configuration.timeouts.authorization)
        case .startResolution:
            records[payment.slot].verification?.inquiries = 0
            askIssuerAboutVerification(payment)
        case .createStoredCredential:
            context.send(from: id, to: context.addresses[.tokenService],
                         TokenServiceMessage.storeCredential(records[payment.slot].order, verification: payment))
        case .notifyMerchant(let status):
            endVerification(payment, verified: status == .verified)
        case .startAuthentication:
            requestAuthentication(payment)
        }
    }

    private func askIssuerAboutVerification(_ payment: PaymentID) {
        context.send(from: id, to: context.addresses.acquirer(attempt: 0), AcquirerMessage.request(.inquiry, AttemptMessage(AttemptID(payment, 0))))
        startTimer(.resolutionTimedOut, payment, after: context.configuration.timeouts.resolutionHop)
    }

    private func endVerification(_ payment: PaymentID, verified: Bool) {
        let lifecycle = records[payment.slot].order
        records[payment.slot].outcome = verified ? .succeeded : .declined
        if verified { counters.verificationsVerified &+= 1 } else { counters.verificationsNotVerified &+= 1 }
        context.observe(.verificationEnded(payment, lifecycle: lifecycle, verified: verified))
        context.schedule(after: retention, to: id, GatewayMessage.own(.recordRetired(payment)))
        answerPlatform(lifecycle, verified: verified)
    }

    private func answerPlatform(_ lifecycle: LifecycleID, verified: Bool) {
        context.send(from: id, to: context.addresses[.platform], PlatformMessage.verificationResponse(lifecycle, verified: verified))
    }
}
