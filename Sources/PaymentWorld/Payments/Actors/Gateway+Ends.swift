import SimulationKernel

/// LC-01's own ends (domain §2.4, "any non-terminal × abandon or deadline → failed"): the customer
/// cancels a running payment in the app, or the sale is still open at its deadline. Either fails
/// it at once, and an authorization that may have been approved is reversed by LC-12, repeated
/// until the issuer acknowledges, so the failure the customer hears leaves no hold behind (SALE-2).
extension Gateway {
    // MARK: Deadlines

    /// Watches a new sale's deadline. One timer serves every sale in flight: a sale's deadline is
    /// its start plus the same duration, so they come in start order (`LifecycleDeadlines`).
    func linkDeadline(_ payment: PaymentID) {
        guard paymentDeadline < .budgetClamp else { return }
        let deadline = context.now + paymentDeadline
        guard deadline < Simulation.horizon else { return }
        saleDeadlines.link(payment.slot, flow: 0, deadline: deadline)
        if deadlineCheck.map({ deadline < $0 }) ?? true { armDeadlineCheck(at: deadline) }
    }

    /// The sale in `slot` ended or retired: its deadline no longer matters. With none left the
    /// check is dropped, so a drained run ends at its last event.
    func unlinkDeadline(_ slot: Int) {
        saleDeadlines.unlink(slot)
        if saleDeadlines.count == 0, deadlineCheck != nil {
            deadlineCheck = nil
            deadlineCheckSerial &+= 1
        }
    }

    private func armDeadlineCheck(at time: SimTime) {
        deadlineCheckSerial &+= 1
        deadlineCheck = time
        context.schedule(at: time, to: id, GatewayMessage.own(.paymentDeadlinePassed(serial: deadlineCheckSerial)))
    }

    func checkSaleDeadlines(serial: UInt64) {
        guard serial == deadlineCheckSerial else { return }
        deadlineCheck = nil
        for slot in saleDeadlines.takeDue(at: context.now) {
            endEarly(PaymentID(slot: slot, generation: records[slot].generation), .deadlinePassed)
        }
        if let next = saleDeadlines.earliest { armDeadlineCheck(at: next) }
    }

    // MARK: The customer's cancel

    /// The merchant passes on the customer's cancel, under the key it asked the payment with. A
    /// payment that ended, or one this gateway never saw (the request was lost), is left as it is:
    /// the merchant hears its end as usual.
    func cancelRequested(_ order: LifecycleID, key: UInt64) {
        guard let payment = byKey[key].map(PaymentID.init(rawValue:)), let record = record(payment), record.order == order
        else { return }
        endEarly(payment, .customerCancelled)
    }

    /// Fails a sale that has not ended. What it waited for is dropped: the ACS's answer, the
    /// customer's consent to a cascade and the token's card find `endedEarly`; its timer is
    /// cancelled, unless LC-12 already runs on it.
    func endEarly(_ payment: PaymentID, _ cause: FailureCause) {
        let record = records[payment.slot]
        guard record.flow == .sale, record.verification == nil, !record.sale.isTerminal else { return }
        records[payment.slot].cause = cause
        records[payment.slot].tokenSale.awaitsToken = false
        if cause == .customerCancelled { counters.salesCancelled &+= 1 } else { counters.salesPastDeadline &+= 1 }
        if !record.resolution.isRunning { cancelTimer(payment) }
        applySale(payment, cause == .customerCancelled ? .abandon : .deadline)
    }

    /// LC-01 failed while an authorization may have been approved: LC-12 reverses it now, and
    /// repeats the reversal until acknowledged (same auth id, so it applies once: RES-3). An
    /// inquiry under way is not waited for: its `timeout` is the fall-back to the reversal.
    func reverseInFlight(_ payment: PaymentID) {
        switch records[payment.slot].resolution.state {
        case nil:
            records[payment.slot].resolution.state = .outcomeUnknown
            context.observe(.outcomeUnknown(payment))
            applyResolution(payment, .acquirerTimeoutPassed)
        case .outcomeUnknown?:
            applyResolution(payment, .acquirerTimeoutPassed)  // Still within the inquiry delay.
        case .inquiring?:
            applyResolution(payment, .timeout)
        case .reversing?, .resolved?:
            break
        }
    }

    // MARK: LC-12's inquiry delay

    /// The wait before the first inquiry ended with no late reply: ask now.
    func inquiryDelayEnded(_ payment: PaymentID) {
        guard records[payment.slot].resolution.state == .outcomeUnknown else { return }
        applyResolution(payment, .inquire)
    }

    // MARK: The acquirer's system error

    /// The acquirer answered with a system error of its own instead of the issuer's answer: the
    /// outcome is unknown at once (LC-01 `technicalError`, LC-02 `timeout`), and LC-12 settles it.
    func acquirerErred(_ payment: PaymentID, attempt: Int) {
        guard let record = record(payment), attempt == record.attempt, !isSettled(record), !record.resolution.isRunning else {
            counters.duplicatesDeduped &+= 1
            return
        }
        cancelTimer(payment)
        counters.unknownOutcomes &+= 1
        enterUnknownOutcome(payment, sale: .technicalError)
    }
}
