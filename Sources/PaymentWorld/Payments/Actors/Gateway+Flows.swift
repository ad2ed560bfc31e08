import SimulationKernel

extension Gateway {
    // MARK: LC-01 sale

    func applySale(_ payment: UInt64, _ event: SaleEvent) {
        let transition: SaleTransition
        do {
            transition = try records[payment.slot].sale.applying(event)
            books.coverage.record(records[payment.slot].sale, event, legal: true)
        } catch {
            books.coverage.record(records[payment.slot].sale, event, legal: false)
            illegal(payment, error)
            return
        }
        records[payment.slot].sale = transition.next
        for effect in transition.effects {
            switch effect {
            case .startScreening: screen(payment)
            case .startAuthentication: requestAuthentication(payment)
            case .sendAuthorization: sendAuthorization(payment)
            case .startTimer: break  // Each send starts its own timer.
            case .startCascade: cascade(payment)
            case .startResolution: beginResolution(payment)
            case .sendReversal: sendReversal(payment, attempt: records[payment.slot].attempt)
            case .postSale: captureAll(payment)
            case .notifyMerchant(let status): finish(payment, outcome(of: status, payment))
            }
        }
    }

    func outcome(of status: PaymentStatus, _ payment: UInt64) -> PaymentOutcome {
        switch status {
        case .succeeded: return .succeeded
        case .authorized: return .authorized
        case .captured: return .captured
        case .declined:
            if case .declined(reason: .authentication) = records[payment.slot].sale { return .authenticationFailed }
            if case .declined(reason: .authentication) = records[payment.slot].authorization { return .authenticationFailed }
            return .declined
        default: return .failed
        }
    }

    /// 3-D Secure is required for enrolled cards (LC-06); the others go straight to authorization.
    func screen(_ payment: UInt64) {
        let record = records[payment.slot]
        switch record.flow {
        case .sale:
            applySale(payment, record.needsAuthentication
                ? .needsAuthentication(proceedOnUnavailable: configuration.policies.proceedOnUnavailable)
                : .noAuthentication)
        case .authorization:
            if record.needsAuthentication { requestAuthentication(payment) } else { sendAuthorization(payment) }
        }
    }

    func requestAuthentication(_ payment: UInt64) {
        network.send(from: id, to: addresses[.directoryServer], kind: PaymentMessage.authenticationRequest.rawValue,
                     subject: payment)
        startTimer(.authenticationTimedOut, payment, after: configuration.timeouts.authentication)
    }

    /// An ARes or RReq. A challenge (C) only extends the wait: C is never a result (3DS-1).
    func authenticated(_ payment: UInt64, _ status: TransStatus, timedOut: Bool = false) {
        guard let record = record(payment), record.authentication == nil else {
            books.counters.duplicatesDeduped &+= 1
            return
        }
        if status == .challengeRequired {
            books.counters.challenged &+= 1
            startTimer(.challengeTimedOut, payment, after: configuration.timeouts.challenge)
            return
        }
        cancelTimer(payment)
        records[payment.slot].authentication = status
        books.counters.threeDSResults[Int(WireTransStatus.encode(status))] &+= 1
        switch record.flow {
        case .sale:
            applySale(payment, timedOut ? .timeout : .authResult(status))
        case .authorization:
            let passed = status == .authenticated || status == .attempted
                || (status == .unavailable && configuration.policies.proceedOnUnavailable)
                || configuration.defects.contains(.authorizeWithoutAuthentication)
            if passed {
                sendAuthorization(payment)
            } else {
                records[payment.slot].authorization = .declined(reason: .authentication(status))
                finish(payment, .authenticationFailed)
            }
        }
    }

    // MARK: Authorization

    func sendAuthorization(_ payment: UInt64) {
        var record = records[payment.slot]
        var authentication = record.authentication
        if configuration.defects.contains(.authorizeWithoutAuthentication), authentication == .notAuthenticated {
            authentication = .notAuthenticated  // Sent anyway: G-9 sees an N behind an authorization.
        }
        let facts = books.gatewayPayments[payment.slot]
        books.observe(.authorizationSent(payment: payment, attempt: record.attempt,
                                         required: books.cards[Int(facts.card)].enrolled, authentication: authentication,
                                         exempted: record.exempted, amount: facts.amount))
        record.resolution = nil
        record.inquiries = 0
        records[payment.slot] = record
        network.send(from: id, to: addresses.acquirer(attempt: record.attempt),
                     kind: PaymentMessage.authorizationRequest.rawValue, subject: payment,
                     argument: Packed.attempt(record.attempt))
        guard !configuration.defects.contains(.authorizationTimerLost) else { return }
        startTimer(.authorizationTimedOut, payment, after: configuration.timeouts.authorization)
    }

    func authorizationAnswered(_ payment: UInt64, argument: UInt64) {
        guard let record = record(payment) else { return }
        let attempt = Packed.attempt(of: argument)
        let answer = IssuerAnswer(rawValue: Packed.code(of: argument)) ?? .doNotHonor
        let approved = answer == .approved || answer == .standInApproved
        books.observe(.authorizationAnswered(payment: payment, attempt: attempt, approved: approved))
        if attempt != record.attempt || isSettled(record) {
            // A late or duplicate answer. An approval nobody will use is reversed (SALE-4).
            if approved && record.approvedAttempt != attempt {
                books.counters.lateApprovalsReversed &+= 1
                sendReversal(payment, attempt: attempt)
            } else if configuration.defects.contains(.duplicateAnswerApplied) && isSettled(record) && record.flow == .sale {
                applySale(payment, approved ? .approve : .decline(code: answer.responseCode, backupLeft: false))
            } else {
                books.counters.duplicatesDeduped &+= 1
            }
            return
        }
        if let resolution = record.resolution {
            if case .reversing = resolution {
                // The reversal already sent undoes this approval, and the payment settles as not
                // approved when it is acknowledged (LC-12). Capturing it now would race the reversal
                // at the issuer (found by swarm seed 1108 with pct and jitter: G-1).
                if approved { books.counters.lateApprovalsReversed &+= 1 }
                return
            }
            settle(payment, approved ? .approved : .notApproved, by: .lateReply)
            return
        }
        cancelTimer(payment)
        if approved { records[payment.slot].approvedAttempt = attempt }
        if answer == .standInApproved { books.counters.standIns &+= 1 }
        switch record.flow {
        case .sale:
            if approved {
                if attempt > 0 { books.counters.cascadeSuccesses &+= 1 }
                applySale(payment, .approve)
                if configuration.defects.contains(.cascadeAfterApproval) && attempt == 0 {
                    records[payment.slot].attempt = 1
                    sendAuthorization(payment)
                }
            } else {
                let backupLeft = configuration.policies.cascading && attempt == 0
                applySale(payment, .decline(code: answer.responseCode, backupLeft: backupLeft))
            }
        case .authorization:
            let amount = MinorUnits(books.gatewayPayments[payment.slot].amount)
            applyAuthorization(payment, approved ? .approve(amount: amount) : .decline(code: answer.responseCode))
        }
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

    func authorizationTimedOut(_ payment: UInt64) {
        books.counters.unknownOutcomes &+= 1
        if configuration.defects.contains(.unknownFinalizedEarly) {
            // The planted bug: an unknown outcome is reported as failed before LC-12 settles it.
            let record = records[payment.slot]
            books.observe(.paymentFinal(payment: payment, order: record.order, succeeded: false))
            answerMerchant(payment, record, .failed)
        }
        switch records[payment.slot].flow {
        case .sale: applySale(payment, .timeout)
        case .authorization: applyAuthorization(payment, .timeout)
        }
    }

    /// The next provider, after the previous attempt is definitively not approved (CAS-4).
    func cascade(_ payment: UInt64) {
        books.counters.cascades &+= 1
        records[payment.slot].attempt += 1
        applySale(payment, .nextAttempt(throughScreening: false))
    }

    /// Captures the whole hold of an approved sale: held → merchant and fees (domain §2.3).
    func captureAll(_ payment: UInt64) {
        let facts = books.gatewayPayments[payment.slot]
        capture(payment, amount: facts.amount, authorized: facts.amount)
    }

    func capture(_ payment: UInt64, amount: Int64, authorized: Int64) {
        let facts = books.gatewayPayments[payment.slot]
        let fee = amount * Int64(configuration.fee.numerator) / Int64(configuration.fee.denominator)
        books.observe(.captureAttempted(payment: payment, amount: amount))
        let transfers = Ledger.capture(card: books.cards[Int(facts.card)].accounts, merchant: books.merchants[Int(facts.merchant)],
                                       authorized: MinorUnits(authorized), captured: MinorUnits(amount), fee: MinorUnits(fee),
                                       lifecycle: payment)
        guard books.post(transfers, payment: payment) else { return }
        books.counters.captures &+= 1
        records[payment.slot].capturedAmount += amount
        books.observe(.captured(payment: payment, card: facts.card, amount: amount))
        if authorized > amount {
            books.observe(.holdReleased(payment: payment, card: facts.card, amount: authorized - amount))
        }
    }
}
