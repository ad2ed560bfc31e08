import SimulationKernel

extension Gateway {
    // MARK: LC-01 sale

    func applySale(_ payment: PaymentID, _ event: SaleEvent) {
        guard let effects = context.step(&records[payment.slot].sale, event, of: .payment(payment), coverage: &coverage)
        else { return }
        for effect in effects { perform(effect, payment) }
    }

    private func perform(_ effect: SaleEffect, _ payment: PaymentID) {
        switch effect {
        case .startScreening: screen(payment)
        case .startAuthentication: requestAuthentication(payment)
        case .sendAuthorization(let liabilityShift): sendAuthorization(payment, liabilityShift: liabilityShift)
        case .startTimer(let timer): arm(timer, payment)
        case .startResolution: beginResolution(payment)
        case .sendReversal: reverseInFlight(payment)
        case .postSale: captureAll(payment)
        case .notifyMerchant(let status): finish(payment, outcome(of: status, payment))
        }
    }

    /// Arms the wait a lifecycle asks for. The gateway owns the authorization's response timer
    /// and the capture limit; the other budgets of domain §2.7 belong to other actors' lifecycles.
    func arm(_ timer: TimerKind, _ payment: PaymentID) {
        switch timer {
        case .authorizationResponse:
            guard !context.has(.authorizationTimerLost) else { return }
            startTimer(.authorizationTimedOut, payment, after: context.configuration.timeouts.authorization)
        case .hopResponse, .acquirerReversal:
            startTimer(.resolutionTimedOut, payment, after: context.configuration.timeouts.resolutionHop)
        case .captureLimit:
            // A deadline, not a timer event: captures check it when they come (AUTH-5). It runs from when
            // the request left, not from when the answer came: the issuer's hold is no older than that,
            // so no capture gets through that the issuer's clock calls late (swarm seed 6 of
            // card-payments.json with a 72 s limit: an approval learnt by inquiry).
            records[payment.slot].settlement.captureLimit = records[payment.slot].authorizationSent
                + context.configuration.policies.captureLimit
        case .cascadeConsent:
            startTimer(.cascadeConsentTimedOut, payment, after: context.configuration.timeouts.cascadeConsent)
        case .captureDay:
            startTimer(.captureDayDue, payment, after: context.configuration.timeouts.captureDay)
        case .threeDSMethod, .aResResponse, .firstChallengeRequest, .challengeCompletion,
             .decoupledMaxTime, .otpValidity, .scaEventExpiry, .sessionLifetime,
             .provisioningCompletion:
            preconditionFailure("the gateway's lifecycles have no \(timer) timer, but one asked for it")
        }
    }

    func outcome(of status: PaymentStatus, _ payment: PaymentID) -> PaymentOutcome {
        switch status {
        case .succeeded: return .succeeded
        case .authorized: return .authorized
        case .captured: return .captured
        case .declined:
            // Domain LC-01: a 3-D Secure that timed out declines with the reason "authentication", as
            // an N or R does; MPGS says AUTHENTICATION_FAILED for both, as its AUTHORIZE already did.
            if case .declined(reason: .authentication) = records[payment.slot].sale { return .authenticationFailed }
            if case .declined(reason: .authenticationTimedOut) = records[payment.slot].sale { return .authenticationFailed }
            if case .declined(reason: .authentication) = records[payment.slot].authorization { return .authenticationFailed }
            return .declined
        default: return .failed
        }
    }

    /// 3-D Secure is required for enrolled cards (LC-06); the others go straight to authorization.
    func screen(_ payment: PaymentID) {
        let record = records[payment.slot]
        switch record.flow {
        case .sale:
            applySale(payment, record.authentication.needed
                ? .needsAuthentication(proceedOnUnavailable: proceedsOnUnavailable(payment))
                : .noAuthentication)
        case .authorization:
            if record.authentication.needed { requestAuthentication(payment) } else { authorizeOutsideTheTable(payment) }
        }
    }

    // MARK: Authorization

    /// Sends the attempt's authorization, marked with the liability shift its authentication
    /// earned (the ECI of a Y or an A, domain 3DS-6): the scheme's rule of who bears a fraud chargeback.
    func sendAuthorization(_ payment: PaymentID, liabilityShift: Bool) {
        let slot = payment.slot
        records[slot].authorizationSent = context.now
        let attempt = records[slot].attempt
        var authentication = records[slot].authentication.status
        if context.has(.authorizeWithoutAuthentication), authentication == .notAuthenticated {
            authentication = .notAuthenticated  // Sent anyway: G-9 sees an N behind an authorization.
        }
        // The planted bug: an informational result (data only) sent with a full authentication's ECI.
        let shifted = liabilityShift || (context.has(.informationalShiftsLiability) && authentication == .informational)
        if shifted { counters.liabilityShifted &+= 1 }
        let facts = context.bodies[payment]
        context.observe(.authorizationSent(AttemptID(payment, attempt), required: context.cards[facts.card].enrolled,
                                           authentication: authentication, exempted: records[slot].authentication.exempted,
                                           amount: facts.amount, liabilityShift: shifted))
        if records[slot].flow == .sale {
            if attempt < counters.attemptsByProvider.count { counters.attemptsByProvider[attempt] &+= 1 }
            let providers: Int
            switch records[slot].cascade {
            case .attempting(let position), .awaitingCustomerConsent(let position), .resolvingAttempt(let position):
                providers = position.providers
            case .approved, .declined:
                providers = cascadeProviders(for: context.bodies[records[slot].order].flow)
            }
            context.observe(.cascadeAttemptStarted(AttemptID(payment, attempt), providers: providers,
                                                   needs3DS: records[slot].authentication.attemptNeeds3DS))
        }
        records[slot].resolution = ResolutionPart()  // A new attempt: nothing to settle yet.
        context.send(from: id, to: context.addresses.acquirer(attempt: attempt),
                     AcquirerMessage.request(.authorization, AttemptMessage(AttemptID(payment, attempt))))
    }

    /// Sends an authorization that no table's effect asked for (LC-02's starts in `authorizing`,
    /// and a planted defect's second attempt), with the response timer a sale's table would arm.
    func authorizeOutsideTheTable(_ payment: PaymentID) {
        // LC-02 starts in authorizing, with its authentication's result: a Y or an A shifts liability.
        sendAuthorization(payment, liabilityShift: records[payment.slot].authentication.status?.shiftsLiability ?? false)
        arm(.authorizationResponse, payment)
    }

    func authorizationAnswered(_ response: AttemptMessage) {
        let payment = response.payment, attempt = response.attempt.index
        let answer = IssuerAnswer(rawValue: response.code) ?? .doNotHonor
        if answer == .acquirerSystemError { return acquirerErred(payment, attempt: attempt) }
        let approved = answer == .approved || answer == .standInApproved
        guard let record = record(payment) else {
            // An approval that arrives after the payment was forgotten (a very slow hop) would hold
            // money nobody will capture: it is reversed by its authorization id, which needs no record.
            if approved { reverseUnusedApproval(payment, attempt: attempt) }
            return
        }
        context.observe(.authorizationAnswered(AttemptID(payment, attempt), approved: approved))
        if attempt != record.attempt || isSettled(record) {
            // A late or duplicate answer. An approval nobody will use is reversed (SALE-4).
            if approved && record.approvedAttempt != attempt {
                reverseUnusedApproval(payment, attempt: attempt)
            } else if context.has(.duplicateAnswerApplied) && isSettled(record) && record.flow == .sale {
                applySale(payment, approved ? .approve : .decline(code: answer.responseCode, backupLeft: false))
            } else {
                counters.duplicatesDeduped &+= 1
            }
            return
        }
        if let resolution = record.resolution.state {
            if case .reversing = resolution {
                // The reversal already sent undoes this approval, and the payment settles as not
                // approved when it is acknowledged (LC-12). Capturing it now would race the reversal
                // at the issuer (found by swarm seed 1108 with pct and jitter: G-1).
                if approved {
                    counters.lateApprovalsReversed &+= 1
                    context.observe(.lateApprovalReversed(AttemptID(payment, attempt)))
                }
                return
            }
            applyResolution(payment, .originalReply(approved ? .approved : .notApproved))
            return
        }
        cancelTimer(payment)
        if approved { records[payment.slot].approvedAttempt = attempt }
        if answer == .standInApproved { counters.standIns &+= 1 }
        switch record.flow {
        case .sale:
            saleAttemptAnswered(payment, attempt: attempt, answer, approved: approved)
        case .authorization:
            let amount = MinorUnits(context.bodies[payment].amount)
            applyAuthorization(payment, approved ? .approve(amount: amount) : .decline(code: answer.responseCode))
        }
    }

    /// The current attempt's answer for a sale: LC-08 ends the attempt, then LC-01 takes the same
    /// answer, and LC-08's effects (the next attempt, or a consent to ask) follow.
    private func saleAttemptAnswered(_ payment: PaymentID, attempt: Int, _ answer: IssuerAnswer, approved: Bool) {
        if approved {
            if attempt > 0 { counters.cascadeSuccesses &+= 1 }
            let effects = endAttempt(payment, .approve)
            applySale(payment, .approve)
            perform(effects, payment)
            if context.has(.cascadeAfterApproval) && attempt == 0 {
                records[payment.slot].attempt = 1
                authorizeOutsideTheTable(payment)
            }
        } else {
            let effects = endAttempt(payment, .decline(code: answer.responseCode, nextNeeds3DS: nextNeeds3DS(payment)))
            applySale(payment, .decline(code: answer.responseCode, backupLeft: cascadeMovesOn(payment)))
            perform(effects, payment)
        }
    }

    /// An approval the payment will not use (it went final without it, or a later attempt is the
    /// one that counts) holds money nobody will capture: it is reversed and counted (SALE-4).
    private func reverseUnusedApproval(_ payment: PaymentID, attempt: Int) {
        counters.lateApprovalsReversed &+= 1
        context.observe(.lateApprovalReversed(AttemptID(payment, attempt)))
        sendReversal(payment, attempt: attempt)
    }

    /// Whether the payment no longer waits for an authorization answer.
    func isSettled(_ record: Record) -> Bool {
        switch record.flow {
        case .sale:
            switch record.sale {
            case .authorizing, .outcomeUnknown: return false
            default: return true
            }
        case .authorization:
            switch record.authorization {
            case .authorizing, .outcomeUnknown: return false
            default: return true
            }
        }
    }

    func authorizationTimedOut(_ payment: PaymentID) {
        counters.unknownOutcomes &+= 1
        if context.has(.unknownFinalizedEarly) {
            // The planted bug: an unknown outcome is reported as failed before LC-12 settles it.
            let record = records[payment.slot]
            context.observe(.paymentFinal(payment, order: record.order, succeeded: false))
            answerMerchant(payment, .failed)
        } else if context.has(.unknownReportedAsSuccess), records[payment.slot].flow == .sale {
            // The planted bug: "paid" to the merchant while the issuer's answer is still unknown.
            answerMerchant(payment, .succeeded)
        }
        enterUnknownOutcome(payment, sale: .timeout)
    }

    /// The authorization's answer is not known (it timed out, or the acquirer lost it): LC-01 takes
    /// `event` (LC-02 its timeout) and starts LC-12; LC-08 waits for LC-12 too (CAS-4).
    func enterUnknownOutcome(_ payment: PaymentID, sale event: SaleEvent) {
        switch records[payment.slot].flow {
        case .sale:
            perform(stepCascade(payment, .timeout), payment)
            applySale(payment, event)
        case .authorization: applyAuthorization(payment, .timeout)
        }
    }


    /// Captures the whole hold of an approved sale: held → merchant and fees (domain §2.3).
    func captureAll(_ payment: PaymentID) {
        capture(payment, amount: context.bodies[payment].amount)
    }

    /// Captures `amount` from the payment's hold: held → merchant and fees, or for a Portmone
    /// bill or top-up held → the payee (the bill) and the gateway (the commission quoted).
    func capture(_ payment: PaymentID, amount: Int64) {
        let facts = context.bodies[payment]
        let order = context.bodies[facts.order]
        context.observe(.captureAttempted(payment, amount: amount))
        let transfers: TransferLegs
        if order.paysPayee && amount == order.amount {
            // The planted bug pays the commission on to the payee with the bill.
            let commission = context.has(.commissionPaidToPayee) ? 0 : order.commission
            transfers = Ledger.billCapture(card: context.ledger.accounts(of: facts.card),
                                           payee: context.ledger.payee(for: facts.merchant),
                                           bill: MinorUnits(order.amount - commission),
                                           commission: MinorUnits(commission), lifecycle: payment.rawValue)
        } else {
            let fee = amount * Int64(context.configuration.fee.numerator) / Int64(context.configuration.fee.denominator)
            transfers = Ledger.capture(card: context.ledger.accounts(of: facts.card),
                                       merchant: context.ledger.accounts(of: facts.merchant), authorized: MinorUnits(amount),
                                       captured: MinorUnits(amount), fee: MinorUnits(fee), lifecycle: payment.rawValue)
        }
        guard context.post(transfers, for: .payment(payment)) else { return }
        counters.captures &+= 1
        records[payment.slot].settlement.recordCapture(amount)
        context.observe(.captured(payment, card: facts.card, amount: amount))
        context.observe(.moneyOperationApplied(payment, .capture, number: records[payment.slot].settlement.capturesApplied))
        // Clearing tells the issuer, store-and-forward: a late reversal then releases nothing.
        let attempt = records[payment.slot].approvedAttempt ?? records[payment.slot].attempt
        context.schedule(after: .milliseconds(1), to: context.addresses[.issuer],
                         IssuerMessage.captureAdvice(AttemptMessage(AttemptID(payment, attempt))))
    }

    /// Gives what is left of a closed authorization back to the card: held → available.
    func releaseHold(_ payment: PaymentID, amount: Int64) {
        let card = context.bodies[payment].card
        let transfers = Ledger.releaseHold(card: context.ledger.accounts(of: card), remaining: MinorUnits(amount),
                                           lifecycle: payment.rawValue)
        guard context.post(transfers, for: .payment(payment)) else { return }
        context.observe(.holdReleased(payment, card: card, amount: amount))
    }
}
