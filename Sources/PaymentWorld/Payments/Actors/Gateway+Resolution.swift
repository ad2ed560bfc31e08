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
            switch records[payment.slot].authorization {
            case .voided, .expired:
                // The whole hold goes back: the issuer releases it, once per authorization (RES-3).
                counters.voids &+= 1
                context.observe(.authorizationClosed(payment, expired: records[payment.slot].authorization == .expired))
                sendReversal(payment, attempt: records[payment.slot].approvedAttempt ?? records[payment.slot].attempt)
            default:
                releaseHold(payment, amount: amount.value)  // What a partial capture leaves.
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
        guard let limit = records[payment.slot].captureLimit, context.now >= limit else { return }
        applyAuthorization(payment, .captureLimitReached)
    }

    func captureRequested(_ order: LifecycleID, amount: Int64) {
        guard let payment = byKey[order.rawValue].map(PaymentID.init(rawValue:)), record(payment)?.flow == .authorization else {
            // A capture asked again after its payment retired (its answer was lost or slow past the
            // record's retention) was made: "failed" told the customer their captured money was not
            // taken (RES-5, card-payments.json with lognormal sigma 10, seed 1).
            answerCapture(order, ok: settledOutcome(of: order) == .captured)
            return
        }
        // The planted bug forgets the limit: a late capture goes through.
        if !context.has(.captureAfterLimit) { expireIfPastTheLimit(payment) }
        switch records[payment.slot].authorization {
        case .authorized(let hold) where context.has(.captureAboveAuthorization):
            // The planted bug: the gateway captures what the merchant asks, skipping the table's guard.
            capture(payment, amount: amount)
            if hold.authorized.value > amount { releaseHold(payment, amount: hold.authorized.value - amount) }
            records[payment.slot].authorization = .captured(amount: MinorUnits(amount))
            answerCapture(order, ok: true)
        case .authorized:
            applyAuthorization(payment, .capture(MinorUnits(amount)))
            if case .captured = records[payment.slot].authorization {
                answerCapture(order, ok: true)
            } else {
                answerCapture(order, ok: false)  // Refused by the table (AUTH-1): above the authorized amount.
            }
        case .captured:
            // The same capture again (AUTH-6): answered, not applied, unless the planted defect applies it twice.
            counters.duplicatesDeduped &+= 1
            if context.has(.duplicateCallbackCapturesTwice) {
                capture(payment, amount: amount)
            }
            answerCapture(order, ok: true)
        default:
            answerCapture(order, ok: false)
        }
    }

    /// The merchant will not capture: the authorization is voided and its hold released. A void
    /// asked again resends the release until the issuer acknowledges it.
    func voidRequested(_ order: LifecycleID) {
        if let payment = byKey[order.rawValue].map(PaymentID.init(rawValue:)), let record = record(payment),
           record.flow == .authorization {
            switch record.authorization {
            case .authorized(let hold) where hold.captured == .zero:
                applyAuthorization(payment, .void)
            case .voided where !record.releaseAcknowledged:
                sendReversal(payment, attempt: record.approvedAttempt ?? record.attempt)
            default:
                break  // Captured, expired or declined: nothing to void.
            }
        }
        context.send(from: id, to: context.addresses[.merchant], kind: PaymentMessage.voidResponse.rawValue,
                     subject: order.rawValue, argument: 1)
    }

    private func answerCapture(_ order: LifecycleID, ok: Bool) {
        context.send(from: id, to: context.addresses[.merchant], kind: PaymentMessage.captureResponse.rawValue, subject: order.rawValue,
                     argument: ok ? 1 : 0)
    }

    // MARK: LC-12 outcome resolution

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
        records[payment.slot].resolution = .outcomeUnknown
        context.observe(.outcomeUnknown(payment))
        applyResolution(payment, context.configuration.policies.inquiries > 0 ? .inquire : .acquirerTimeoutPassed)
    }

    func applyResolution(_ payment: PaymentID, _ event: OutcomeResolutionEvent) {
        guard records[payment.slot].resolution != nil,
              let effects = context.step(&records[payment.slot].resolution!, event, of: .payment(payment),
                                         coverage: &coverage) else { return }
        let attempt = records[payment.slot].attempt
        for effect in effects {
            switch effect {
            case .sendInquiry:
                records[payment.slot].inquiries += 1
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
                             kind: PaymentMessage.inquiryRequest.rawValue, subject: payment.rawValue,
                             argument: AttemptWire.encode(attempt))
    }

    func sendReversal(_ payment: PaymentID, attempt: Int) {
        context.send(from: id, to: context.addresses.acquirer(attempt: attempt), kind: PaymentMessage.reversalRequest.rawValue,
                     subject: payment.rawValue, argument: AttemptWire.encode(attempt))
    }

    func inquiryAnswered(_ payment: PaymentID, argument: UInt64) {
        guard let record = record(payment), record.resolution == .inquiring,
              AttemptWire.attempt(of: argument) == record.attempt else {
            counters.duplicatesDeduped &+= 1
            return
        }
        applyResolution(payment, .inquiryResult(AttemptWire.code(of: argument) == 1 ? .approved : .notApproved))
    }

    func reversalAcknowledged(_ payment: PaymentID, argument: UInt64) {
        if let record = record(payment), record.resolution == nil, record.flow == .authorization {
            switch record.authorization {
            case .voided, .expired: records[payment.slot].releaseAcknowledged = true
            default: break
            }
        }
        guard let record = record(payment), record.resolution == .reversing,
              AttemptWire.attempt(of: argument) == record.attempt else { return }  // A late reversal's ack: nothing waits.
        applyResolution(payment, .reversalAcknowledged)
    }

    func resolutionTimedOut(_ payment: PaymentID) {
        let record = records[payment.slot]
        if record.resolution == .inquiring && record.inquiries < context.configuration.policies.inquiries {
            // Ask again with the same attempt id: an inquiry has no effect, so repeating it is safe.
            records[payment.slot].inquiries += 1
            sendInquiry(payment, attempt: record.attempt)
            arm(.hopResponse, payment)
            return
        }
        applyResolution(payment, .timeout)
    }

    /// The unknown outcome is known now: the lifecycle carries on from it (LC-12 → LC-01/02).
    func settle(_ payment: PaymentID, _ resolution: Resolution, by route: ResolvedBy) {
        cancelTimer(payment)
        records[payment.slot].resolution = nil
        switch route {
        case .inquiry: counters.resolvedByInquiry &+= 1
        case .reversal: counters.resolvedByReversal &+= 1
        case .lateReply: counters.resolvedByLateReply &+= 1
        }
        if resolution == .approved { records[payment.slot].approvedAttempt = records[payment.slot].attempt }
        context.observe(.outcomeResolved(payment, approved: resolution == .approved))
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
