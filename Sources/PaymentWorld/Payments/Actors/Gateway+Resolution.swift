import SimulationKernel

extension Gateway {
    // MARK: LC-02 authorization

    func applyAuthorization(_ payment: UInt64, _ event: AuthorizationEvent) {
        let transition: AuthorizationTransition
        do {
            transition = try records[payment.slot].authorization.applying(event)
            books.coverage.record(records[payment.slot].authorization, event, legal: true)
        } catch {
            books.coverage.record(records[payment.slot].authorization, event, legal: false)
            illegal(payment, error)
            return
        }
        let before = records[payment.slot].authorization
        records[payment.slot].authorization = transition.next
        for effect in transition.effects {
            switch effect {
            case .postTransfer(.captureFromHold(let amount)):
                if case .authorized(let hold) = before { capture(payment, amount: amount.value, authorized: hold.authorized.value) }
            case .postTransfer: break  // The issuer placed the hold; releases of a void or expiry are the issuer's.
            case .startTimer: break
            case .startResolution: beginResolution(payment)
            case .notifyMerchant(let status): finish(payment, outcome(of: status, payment))
            }
        }
    }

    func captureRequested(_ order: UInt64, amount: Int64) {
        guard let payment = byKey[order], let record = record(payment), record.flow == .authorization else {
            answerCapture(order, ok: false)
            return
        }
        switch record.authorization {
        case .authorized(let hold) where configuration.defects.contains(.captureAboveAuthorization):
            // The planted bug: the gateway captures what the merchant asks, skipping the table's guard.
            capture(payment, amount: amount, authorized: hold.authorized.value)
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
            books.counters.duplicatesDeduped &+= 1
            if configuration.defects.contains(.duplicateCallbackCapturesTwice) {
                let facts = books.gatewayPayments[payment.slot]
                capture(payment, amount: amount, authorized: facts.amount)
            }
            answerCapture(order, ok: true)
        default:
            answerCapture(order, ok: false)
        }
    }

    private func answerCapture(_ order: UInt64, ok: Bool) {
        network.send(from: id, to: addresses[.merchant], kind: PaymentMessage.captureResponse.rawValue, subject: order,
                     argument: ok ? 1 : 0)
    }

    /// A refund of a captured payment: merchant → card, within what was captured (AUTH-3).
    func refundRequested(_ order: UInt64, amount: Int64) {
        guard let payment = byKey[order], let record = record(payment), record.capturedAmount > 0 else { return }
        let allowed = record.refundedAmount + amount <= record.capturedAmount
        guard allowed || configuration.defects.contains(.refundAboveCapture) else {
            answerRefund(order, ok: false)
            return
        }
        let facts = books.gatewayPayments[payment.slot]
        books.observe(.refundAttempted(payment: payment, amount: amount))
        let transfers = Ledger.refund(card: books.cards[Int(facts.card)].accounts, merchant: books.merchants[Int(facts.merchant)],
                                      amount: MinorUnits(amount), lifecycle: payment)
        guard books.post(transfers, payment: payment) else { return }
        records[payment.slot].refundedAmount += amount
        books.counters.refunds &+= 1
        books.observe(.refunded(payment: payment, amount: amount))
        answerRefund(order, ok: true)
    }

    private func answerRefund(_ order: UInt64, ok: Bool) {
        network.send(from: id, to: addresses[.merchant], kind: PaymentMessage.refundResponse.rawValue, subject: order,
                     argument: ok ? 1 : 0)
    }

    // MARK: LC-12 outcome resolution

    enum ResolvedBy { case inquiry, reversal, lateReply }

    func beginResolution(_ payment: UInt64) {
        records[payment.slot].resolution = .outcomeUnknown
        applyResolution(payment, configuration.policies.inquiries > 0 ? .inquire : .acquirerTimeoutPassed)
    }

    func applyResolution(_ payment: UInt64, _ event: OutcomeResolutionEvent) {
        guard let state = records[payment.slot].resolution else { return }
        let transition: OutcomeResolutionTransition
        do {
            transition = try state.applying(event)
            books.coverage.record(state, event, legal: true)
        } catch {
            books.coverage.record(state, event, legal: false)
            illegal(payment, error)
            return
        }
        records[payment.slot].resolution = transition.next
        let attempt = records[payment.slot].attempt
        for effect in transition.effects {
            switch effect {
            case .sendInquiry:
                records[payment.slot].inquiries += 1
                network.send(from: id, to: addresses.acquirer(attempt: attempt), kind: PaymentMessage.inquiryRequest.rawValue,
                             subject: payment, argument: Packed.attempt(attempt))
            case .sendReversal:
                if configuration.defects.contains(.reversalLost) {
                    settle(payment, .notApproved, by: .reversal)  // Treated as done; the issuer never hears of it.
                    return
                }
                sendReversal(payment, attempt: attempt)
            case .startTimer: startTimer(.resolutionTimedOut, payment, after: configuration.timeouts.resolutionHop)
            case .settle: break  // `settle` below finishes the payment.
            }
        }
    }

    func sendReversal(_ payment: UInt64, attempt: Int) {
        network.send(from: id, to: addresses.acquirer(attempt: attempt), kind: PaymentMessage.reversalRequest.rawValue,
                     subject: payment, argument: Packed.attempt(attempt))
    }

    func inquiryAnswered(_ payment: UInt64, argument: UInt64) {
        guard let record = record(payment), record.resolution == .inquiring,
              Packed.attempt(of: argument) == record.attempt else {
            books.counters.duplicatesDeduped &+= 1
            return
        }
        let resolution: Resolution = Packed.code(of: argument) == 1 ? .approved : .notApproved
        settle(payment, resolution, by: .inquiry)
    }

    func reversalAcknowledged(_ payment: UInt64, argument: UInt64) {
        guard let record = record(payment), record.resolution == .reversing,
              Packed.attempt(of: argument) == record.attempt else { return }  // A late reversal's ack: nothing waits.
        settle(payment, .notApproved, by: .reversal)
    }

    func resolutionTimedOut(_ payment: UInt64) {
        let record = records[payment.slot]
        if record.resolution == .inquiring && record.inquiries < configuration.policies.inquiries {
            // Ask again with the same attempt id: an inquiry has no effect, so repeating it is safe.
            records[payment.slot].inquiries += 1
            network.send(from: id, to: addresses.acquirer(attempt: record.attempt), kind: PaymentMessage.inquiryRequest.rawValue,
                         subject: payment, argument: Packed.attempt(record.attempt))
            startTimer(.resolutionTimedOut, payment, after: configuration.timeouts.resolutionHop)
            return
        }
        applyResolution(payment, .timeout)
    }

    /// The unknown outcome is known now: the lifecycle carries on from it (LC-12 → LC-01/02).
    func settle(_ payment: UInt64, _ resolution: Resolution, by route: ResolvedBy) {
        cancelTimer(payment)
        records[payment.slot].resolution = nil
        switch route {
        case .inquiry: books.counters.resolvedByInquiry &+= 1
        case .reversal: books.counters.resolvedByReversal &+= 1
        case .lateReply: books.counters.resolvedByLateReply &+= 1
        }
        if resolution == .approved { records[payment.slot].approvedAttempt = records[payment.slot].attempt }
        books.observe(.outcomeResolved(payment: payment, approved: resolution == .approved))
        switch records[payment.slot].flow {
        case .sale:
            let backupLeft = configuration.policies.cascading && records[payment.slot].attempt == 0
            applySale(payment, .resolved(resolution, backupLeft: backupLeft))
        case .authorization:
            applyAuthorization(payment, .resolved(resolution))
        }
    }
}
