import SimulationKernel

/// One refund of a captured payment at the gateway: its LC-02 Refund state, and the wait on the
/// acquirer's answer.
struct RefundRecord {
    /// The most status requests for one refund whose answer went missing; then it counts as not
    /// made, which the ledger agrees with, since the gateway moves the money only on an approval.
    static let inquiryLimit = 16

    var state: RefundState
    /// What the merchant asked to refund.
    var amount = MinorUnits.zero
    /// Tells the live response timer from one whose wait was answered or replaced.
    var serial: UInt32 = 0
    /// Status requests sent since the answer went missing (LC-12).
    var inquiries = 0

    /// Sent and not answered yet. An `idle` record is a number not asked for (yet), or one refused
    /// above what was left before it started.
    var isInFlight: Bool {
        switch state {
        case .requested, .outcomeUnknown: true
        case .idle, .refunded, .refundDeclined: false
        }
    }

    /// What it asks for while in flight, which is no longer left to refund (AUTH-3).
    var amountInFlight: Int64 {
        switch state {
        case .requested(let amount), .outcomeUnknown(let amount): amount.value
        case .idle, .refunded, .refundDeclined: 0
        }
    }

    var mayInquireAgain: Bool { inquiries < Self.inquiryLimit }

    /// Replaces the response timer: the earlier one's wait is over.
    mutating func nextTimer() -> UInt32 {
        serial &+= 1
        return serial
    }

    func isLive(timer: UInt32) -> Bool { serial == timer && !state.isTerminal }
}

extension Gateway {
    // MARK: LC-02 Refund

    /// The most refunds one payment may have; a request numbered above it is refused.
    static let refundsPerPayment = 8

    /// A merchant's refund of a captured payment. A new number starts a refund child whose table
    /// guards AUTH-3 (what it asks for must be left, counting refunds in flight); a number already
    /// seen is a copy (a retry or a duplicate), answered once the refund ended and never applied
    /// twice (AUTH-6).
    func refundRequested(_ order: LifecycleID, amount: Int64, operation: Int) {
        guard let payment = byKey[order.rawValue].map(PaymentID.init(rawValue:)), let record = record(payment),
              record.settlement.capturedAmount > 0 else { return }
        guard operation >= 1 && operation <= Self.refundsPerPayment else {
            return answerRefund(order, operation, .exceedsPayment, code: .refundsExceedPayment)
        }
        if record.settlement.isCopy(refund: operation) { return refundCopied(payment, order, operation) }
        if record.settlement.wasRefused(refund: operation) {
            counters.duplicatesDeduped &+= 1  // A copy of a refund refused above what was left.
            return answerRefund(order, operation, .exceedsPayment, code: .refundsExceedPayment)
        }
        var refundable = record.settlement.refundable
        // The planted bug: the gateway trusts the merchant's amount instead of what is left.
        if context.has(.refundAboveCapture) { refundable = max(refundable, amount) }
        var state = RefundState.idle(refundable: MinorUnits(max(0, refundable)))
        guard (try? state.applying(.request(MinorUnits(amount)))) != nil else {
            // Above what is left to refund: refused before it goes anywhere, as ecommpay answers 903.
            counters.refundsRefused &+= 1
            records[payment.slot].settlement.refuse(refund: operation)
            return answerRefund(order, operation, .exceedsPayment, code: .refundsExceedPayment)
        }
        records[payment.slot].settlement.open(refund: operation, amount: MinorUnits(amount))
        stepRefund(payment, operation, .request(MinorUnits(amount)), state: &state)
    }

    /// A copy of a refund the gateway has: its answer again once it ended, nothing while it runs.
    private func refundCopied(_ payment: PaymentID, _ order: LifecycleID, _ operation: Int) {
        counters.duplicatesDeduped &+= 1
        switch records[payment.slot].settlement.refunds[operation - 1].state {
        case .refunded(let amount):
            if context.has(.refundAppliedTwice) { postRefund(payment, operation, amount: amount) }  // The planted bug.
            answerRefund(order, operation, .refunded)
        case .refundDeclined(reason: .issuer(let code)):
            answerRefund(order, operation, .declined, code: code)
        case .refundDeclined:
            answerRefund(order, operation, .declined, code: .error)
        case .idle, .requested, .outcomeUnknown:
            break  // Still running: the merchant hears when it ends.
        }
    }

    /// Offers `event` to refund `operation`'s table (`state` when it starts, its record's after)
    /// and performs the effects.
    private func stepRefund(_ payment: PaymentID, _ operation: Int, _ event: RefundEvent, state: inout RefundState) {
        guard let effects = context.step(&state, event, of: .payment(payment), coverage: &coverage) else { return }
        records[payment.slot].settlement.refunds[operation - 1].state = state
        for effect in effects { perform(effect, payment, operation) }
    }

    private func stepRefund(_ payment: PaymentID, _ operation: Int, _ event: RefundEvent) {
        var state = records[payment.slot].settlement.refunds[operation - 1].state
        stepRefund(payment, operation, event, state: &state)
    }

    private func perform(_ effect: RefundEffect, _ payment: PaymentID, _ operation: Int) {
        switch effect {
        case .sendRefund(let amount):
            context.observe(.refundRequested(payment, amount: amount.value))
            sendRefund(payment, operation, amount: amount)
        case .startTimer:
            armRefundTimer(payment, operation)
        case .startResolution:
            // The answer went missing: ask the acquirer how the refund ended, by asking for it again
            // under the same number (it decides once per refund).
            counters.refundOutcomesUnknown &+= 1
            inquireRefund(payment, operation)
        case .postTransfer(.refund(let amount)):
            postRefund(payment, operation, amount: amount)
        case .postTransfer(let posting):
            preconditionFailure("LC-02 Refund asked the gateway to post \(posting), which only refunds")
        case .notifyMerchant(let status):
            refundEnded(payment, operation, status)
        }
    }

    private func sendRefund(_ payment: PaymentID, _ operation: Int, amount: MinorUnits) {
        // Through the acquirer whose provider approved the payment.
        let acquirer = context.addresses.acquirer(attempt: records[payment.slot].approvedAttempt ?? 0)
        context.send(from: id, to: acquirer, AcquirerMessage.refund(payment, amount: amount.value, operation: operation))
    }

    private func inquireRefund(_ payment: PaymentID, _ operation: Int) {
        guard case .outcomeUnknown(let amount) = records[payment.slot].settlement.refunds[operation - 1].state else { return }
        records[payment.slot].settlement.refunds[operation - 1].inquiries += 1
        sendRefund(payment, operation, amount: amount)
        armRefundTimer(payment, operation)
    }

    private func armRefundTimer(_ payment: PaymentID, _ operation: Int) {
        let serial = records[payment.slot].settlement.refunds[operation - 1].nextTimer()
        context.schedule(after: context.configuration.timeouts.resolutionHop, to: id,
                         GatewayMessage.own(.refundTimedOut(payment, operation: operation, serial: serial)))
    }

    func refundTimerIsLive(_ payment: PaymentID, operation: Int, serial: UInt32) -> Bool {
        guard payment.slot < records.count, records[payment.slot].generation == payment.generation,
              let refund = records[payment.slot].settlement.refund(operation) else { return false }
        return refund.isLive(timer: serial)
    }

    /// No answer from the acquirer in time: the refund's outcome is unknown (LC-12), or, already
    /// unknown, its status request went missing too and is asked again, a bounded number of times.
    func refundTimedOut(_ payment: PaymentID, operation: Int, serial: UInt32) {
        guard refundTimerIsLive(payment, operation: operation, serial: serial) else { return }
        switch records[payment.slot].settlement.refunds[operation - 1].state {
        case .requested:
            stepRefund(payment, operation, .timeout)
        case .outcomeUnknown where records[payment.slot].settlement.refunds[operation - 1].mayInquireAgain:
            inquireRefund(payment, operation)
        case .outcomeUnknown:
            stepRefund(payment, operation, .resolved(.notApproved))
        case .idle, .refunded, .refundDeclined:
            break
        }
    }

    /// The acquirer's answer: to the request itself, or to a status request after it went missing.
    func refundAnswered(_ payment: PaymentID, operation: Int, _ result: RefundAnswerWire.Result?, code: ResponseCode) {
        guard let refund = record(payment)?.settlement.refund(operation), let result else { return }
        let refunded = result == .refunded
        switch refund.state {
        case .requested:
            stepRefund(payment, operation, refunded ? .approve : .decline(code: code))
        case .outcomeUnknown:
            stepRefund(payment, operation, .resolved(refunded ? .approved : .notApproved))
        case .idle, .refunded, .refundDeclined:
            counters.duplicatesDeduped &+= 1  // A copy of an answer already taken.
        }
    }

    /// Merchant → card: the refund's money moves, once per refund number (AUTH-3 checks it first).
    private func postRefund(_ payment: PaymentID, _ operation: Int, amount: MinorUnits) {
        let facts = context.bodies[payment]
        context.observe(.refundAttempted(payment, amount: amount.value))
        let transfers = Ledger.refund(card: context.ledger.accounts(of: facts.card),
                                      merchant: context.ledger.accounts(of: facts.merchant), amount: amount,
                                      lifecycle: payment.rawValue)
        guard context.post(transfers, for: .payment(payment)) else { return }
        records[payment.slot].settlement.refundedAmount += amount.value
        counters.refunds &+= 1
        context.observe(.refunded(payment, amount: amount.value))
        context.observe(.moneyOperationApplied(payment, .refund, number: operation))
    }

    private func refundEnded(_ payment: PaymentID, _ operation: Int, _ status: PaymentStatus) {
        let order = records[payment.slot].order
        switch records[payment.slot].settlement.refunds[operation - 1].state {
        case .refunded:
            answerRefund(order, operation, .refunded)
        case .refundDeclined(reason: .issuer(let code)):
            counters.refundsDeclined &+= 1
            context.observe(.refundNotMade(payment, amount: sent(payment, operation)))
            answerRefund(order, operation, .declined, code: code)
        case .refundDeclined:
            counters.refundsDeclined &+= 1  // LC-12 found it not made.
            context.observe(.refundNotMade(payment, amount: sent(payment, operation)))
            answerRefund(order, operation, .declined, code: .error)
        case .idle, .requested, .outcomeUnknown:
            preconditionFailure("refund #\(operation) of \(payment) told the merchant \(status) while running")
        }
    }

    /// What refund `operation` asked for; its declined state no longer says.
    private func sent(_ payment: PaymentID, _ operation: Int) -> Int64 {
        records[payment.slot].settlement.refunds[operation - 1].amount.value
    }

    private func answerRefund(_ order: LifecycleID, _ operation: Int, _ result: RefundAnswerWire.Result,
                              code: ResponseCode = .approved) {
        context.send(from: id, to: context.addresses[.merchant], MerchantMessage.refundResponse(order, operation: operation, result, code: code))
    }
}
