import SimulationKernel

extension Gateway {
    // MARK: LC-02 authorization

    func applyAuthorization(_ payment: PaymentID, _ event: AuthorizationEvent) {
        guard let effects = context.step(&records[payment.slot].authorization, event, of: .payment(payment),
                                         coverage: &coverage) else { return }
        for effect in effects { perform(effect, payment) }
    }

    private func perform(_ effect: AuthorizationEffect, _ payment: PaymentID) {
        switch effect {
        case .postTransfer(.captureFromHold(let amount)): capture(payment, amount: amount.value)
        case .postTransfer(.releaseHold(let amount)):
            let state = records[payment.slot].authorization
            if state == .voided || (state == .expired && records[payment.slot].settlement.capturedAmount == 0) {
                // The whole hold goes back: the issuer releases it, once per authorization (RES-3).
                counters.voids &+= 1
                context.observe(.authorizationClosed(payment, expired: state == .expired))
                sendReversal(payment, attempt: records[payment.slot].approvedAttempt ?? records[payment.slot].attempt)
                arm(.hopResponse, payment)  // Sent again until the issuer acknowledges (`resolutionTimedOut`).
            } else {
                // What a final capture leaves, or an expiry after partial captures: the issuer was told
                // of the captures (clearing), so the rest goes back here, not by a reversal.
                releaseHold(payment, amount: amount.value)
            }
        case .postTransfer(let posting):
            preconditionFailure("LC-02 asked the gateway to post \(posting), which only holds and releases")
        case .startTimer(let timer): arm(timer, payment)
        case .startResolution: beginResolution(payment)
        case .notifyMerchant(let status): finish(payment, outcome(of: status, payment))
        }
    }

    /// Whether the capture limit of an authorization has passed; if so it expires first (AUTH-5).
    private func expireIfPastTheLimit(_ payment: PaymentID) {
        guard records[payment.slot].settlement.isPastCaptureLimit(at: context.now) else { return }
        switch records[payment.slot].authorization {
        case .authorized, .partiallyCaptured: applyAuthorization(payment, .captureLimitReached)
        default: break  // Closed already: a copy of a late capture, or a capture day after the expiry.
        }
    }

    func captureRequested(_ order: LifecycleID, amount: Int64, number: Int, final: Bool) {
        guard let payment = byKey[order.rawValue].map(PaymentID.init(rawValue:)), record(payment)?.flow == .authorization else {
            // A capture asked again after its payment retired (its answer was lost or slow past the
            // record's retention) was made: "failed" told the customer their captured money was not
            // taken (RES-5, card-payments.json with lognormal sigma 10, seed 1).
            answerCapture(order, ok: settledOutcome(of: order) == .captured, number: number)
            return
        }
        // The planted bug forgets the limit: a late capture goes through.
        if !context.has(.captureAfterLimit) { expireIfPastTheLimit(payment) }
        if records[payment.slot].settlement.isCopy(capture: number) {
            // The same capture again (AUTH-6): answered, not applied, unless the planted defect applies it twice.
            counters.duplicatesDeduped &+= 1
            if context.has(.duplicateCallbackCapturesTwice), case .captured = records[payment.slot].authorization {
                capture(payment, amount: amount)
            }
            return answerCapture(order, ok: true, number: number)
        }
        switch records[payment.slot].authorization {
        case .authorized(let hold) where context.has(.captureAboveAuthorization):
            // The planted bug: the gateway captures what the merchant asks, skipping the table's guard.
            capture(payment, amount: amount)
            if hold.authorized.value > amount { releaseHold(payment, amount: hold.authorized.value - amount) }
            records[payment.slot].authorization = .captured(amount: MinorUnits(amount))
            answerCapture(order, ok: true, number: number)
        case .authorized, .partiallyCaptured:
            let before = records[payment.slot].settlement.capturesApplied
            applyAuthorization(payment, final ? .finalCapture(MinorUnits(amount)) : .capture(MinorUnits(amount)))
            // Refused by the table (AUTH-1): above what is left of the hold, or the wrong kind for its mode.
            answerCapture(order, ok: records[payment.slot].settlement.capturesApplied > before, number: number)
        case .captured:
            // Closed by a capture whose posting the ledger refused, so its number was never counted:
            // answered as captured, as the table has it (the capture day's own capture is a copy above).
            counters.duplicatesDeduped &+= 1
            answerCapture(order, ok: true, number: number)
        default:
            answerCapture(order, ok: false, number: number)
        }
    }

    /// An automatic-capture authorization's capture day: the platform captures it in full, unless
    /// the limit passed first or it was closed.
    func captureDayReached(_ payment: PaymentID) {
        expireIfPastTheLimit(payment)
        guard case .authorized = records[payment.slot].authorization else { return }
        applyAuthorization(payment, .captureDayReached)
    }

    /// The merchant will not capture: the authorization is voided and its hold released. A void
    /// asked again resends the release until the issuer acknowledges it.
    func voidRequested(_ order: LifecycleID) {
        if let payment = byKey[order.rawValue].map(PaymentID.init(rawValue:)), let record = record(payment),
           record.flow == .authorization {
            switch record.authorization {
            case .authorized(let hold) where hold.captured == .zero:
                applyAuthorization(payment, .void)
            case .voided where !record.settlement.releaseAcknowledged,
                 .expired where !record.settlement.releaseAcknowledged && record.settlement.capturedAmount == 0:
                // The release went to the issuer as a reversal, which may have been lost: again. An
                // expiry's too: the merchant asks for a void when its late capture is refused (swarm
                // seed 175 of card-payments.json, a 231 s limit and 2 % loss: AUTH-4).
                sendReversal(payment, attempt: record.approvedAttempt ?? record.attempt)
            default:
                break  // Captured, expired or declined: nothing to void.
            }
        }
        context.send(from: id, to: context.addresses[.merchant], MerchantMessage.voidResponse(order))
    }

    private func answerCapture(_ order: LifecycleID, ok: Bool, number: Int) {
        context.send(from: id, to: context.addresses[.merchant], MerchantMessage.captureResponse(order, ok: ok, number: number))
    }

    // MARK: LC-12 outcome resolution

    /// LC-12 for the current attempt, whose authorization's outcome is unknown.
    struct ResolutionPart {
        /// Nil while the outcome is known (or no authorization went out).
        var state: OutcomeResolutionState?
        /// Inquiries sent for the current attempt.
        var inquiries = 0

        var isRunning: Bool { state != nil }

        func mayInquireAgain(limit: Int) -> Bool { state == .inquiring && inquiries < limit }
    }

    enum ResolvedBy {
        case inquiry, reversal, lateReply

        /// What settled an unknown outcome, from the LC-12 event that settled it.
        init(_ event: OutcomeResolutionEvent) {
            switch event {
            case .inquiryResult: self = .inquiry
            case .originalReply: self = .lateReply
            case .reversalAcknowledged, .inquire, .acquirerTimeoutPassed, .timeout: self = .reversal
            }
        }
    }

    func beginResolution(_ payment: PaymentID) {
        records[payment.slot].resolution.state = .outcomeUnknown
        context.observe(.outcomeUnknown(payment))
        let inquiryDelay = context.configuration.timeouts.inquiryDelay
        if context.configuration.policies.inquiries > 0 && inquiryDelay > .zero {
            // Acquirers ask for a pause before an inquiry, so the original can finish; a late reply in
            // it settles the outcome by itself (`authorizationAnswered`, LC-12 `originalReply`).
            return startTimer(.inquiryDue, payment, after: inquiryDelay)
        }
        applyResolution(payment, context.configuration.policies.inquiries > 0 ? .inquire : .acquirerTimeoutPassed)
    }

    func applyResolution(_ payment: PaymentID, _ event: OutcomeResolutionEvent) {
        guard var state = records[payment.slot].resolution.state,
              let effects = context.step(&state, event, of: .payment(payment), coverage: &coverage) else { return }
        records[payment.slot].resolution.state = state
        let attempt = records[payment.slot].attempt
        for effect in effects {
            switch effect {
            case .sendInquiry:
                records[payment.slot].resolution.inquiries += 1
                sendInquiry(payment, attempt: attempt)
            case .sendReversal:
                if context.has(.reversalLost) {
                    settle(payment, .notApproved, by: .reversal)  // Treated as done; the issuer never hears of it.
                    return
                }
                sendReversal(payment, attempt: attempt)
            case .startTimer(let timer): arm(timer, payment)
            case .settle(let resolution): settle(payment, resolution, by: ResolvedBy(event))
            }
        }
    }

    private func sendInquiry(_ payment: PaymentID, attempt: Int) {
        context.send(from: id, to: context.addresses.acquirer(attempt: attempt),
                     AcquirerMessage.request(.inquiry, AttemptMessage(AttemptID(payment, attempt))))
    }

    func sendReversal(_ payment: PaymentID, attempt: Int) {
        context.send(from: id, to: context.addresses.acquirer(attempt: attempt),
                     AcquirerMessage.request(.reversal, AttemptMessage(AttemptID(payment, attempt))))
    }

    func inquiryAnswered(_ response: AttemptMessage) {
        let payment = response.payment
        guard let record = record(payment), record.resolution.state == .inquiring, response.attempt.index == record.attempt else {
            counters.duplicatesDeduped &+= 1
            return
        }
        applyResolution(payment, .inquiryResult(response.code == 1 ? .approved : .notApproved))
    }

    func reversalAcknowledged(_ response: AttemptMessage) {
        let payment = response.payment
        if let record = record(payment), !record.resolution.isRunning, record.flow == .authorization {
            switch record.authorization {
            case .voided, .expired: records[payment.slot].settlement.releaseAcknowledged = true
            default: break
            }
        }
        guard let record = record(payment), record.resolution.state == .reversing,
              response.attempt.index == record.attempt else { return }  // A late reversal's ack: nothing waits.
        applyResolution(payment, .reversalAcknowledged)
    }

    func resolutionTimedOut(_ payment: PaymentID) {
        let record = records[payment.slot]
        if !record.resolution.isRunning, record.flow == .authorization {
            // A void's or an expiry's release, not yet acknowledged: its reversal, or the answer, was
            // lost. Once was not enough when the merchant heard "voided" at once (swarm seed 174 of
            // card-payments.json, a 77 s capture limit and 2 % loss: AUTH-4 at the end).
            guard !record.settlement.releaseAcknowledged else { return }
            sendReversal(payment, attempt: record.approvedAttempt ?? record.attempt)
            arm(.hopResponse, payment)
            return
        }
        if record.resolution.mayInquireAgain(limit: context.configuration.policies.inquiries) {
            // Ask again with the same attempt id: an inquiry has no effect, so repeating it is safe.
            records[payment.slot].resolution.inquiries += 1
            sendInquiry(payment, attempt: record.attempt)
            arm(.hopResponse, payment)
            return
        }
        applyResolution(payment, .timeout)
    }

    /// The unknown outcome is known now: the lifecycle carries on from it (LC-12 → LC-01/02).
    func settle(_ payment: PaymentID, _ resolution: Resolution, by route: ResolvedBy) {
        cancelTimer(payment)
        records[payment.slot].resolution.state = nil
        switch route {
        case .inquiry: counters.resolvedByInquiry &+= 1
        case .reversal: counters.resolvedByReversal &+= 1
        case .lateReply: counters.resolvedByLateReply &+= 1
        }
        if resolution == .approved { records[payment.slot].approvedAttempt = records[payment.slot].attempt }
        context.observe(.outcomeResolved(payment, approved: resolution == .approved))
        if records[payment.slot].endedEarly {
            // The sale failed while its authorization was in flight; LC-12 only had to undo it, and
            // a reversal settles as not approved. LC-08 stays where the attempt left it.
            return
        }
        switch records[payment.slot].flow {
        case .sale:
            let effects = endAttempt(payment, .resolved(resolution, nextNeeds3DS: nextNeeds3DS(payment)))
            applySale(payment, .resolved(resolution, backupLeft: cascadeMovesOn(payment)))
            perform(effects, payment)
        case .authorization:
            applyAuthorization(payment, .resolved(resolution))
        }
    }
}
