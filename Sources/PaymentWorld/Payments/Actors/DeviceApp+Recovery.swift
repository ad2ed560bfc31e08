import SimulationKernel

/// The app's side of a payment whose answer goes missing (domain §1.2 E1/E2, §2.2): each call for
/// the payment's result waits `timeouts.deviceCall`; an unanswered one is the system's timeout
/// (ecommpay NETWORK_TIMEOUT), and the app asks again for the same payment after a doubling
/// backoff, never under a new one. The merchant answers a re-init with the payment still running
/// (onPaymentRestored: the app resumes waiting with PaymentRestoreRequest) or final
/// (PAYMENT_HAS_FINAL_STATUS, with its result). After `policies.appReinits` unanswered re-inits the
/// customer is told the outcome is unknown; they open the app again later, and it asks again, so
/// "unknown" is shown only while recovery goes on (RES-5).
extension DeviceApp {
    /// Calls the merchant for the payment (its first call, or a re-init), and waits for an answer.
    func call(_ lifecycle: LifecycleID, reinit: Bool) {
        let slot = lifecycle.slot
        lifecycles[slot].callSerial &+= 1
        lifecycles[slot].calling = true
        let serial = lifecycles[slot].callSerial
        context.send(from: id, to: context.addresses[.merchant], MerchantMessage.checkout(lifecycle, CheckoutCall(serial: serial, reinit: reinit)))
        context.schedule(after: context.configuration.timeouts.deviceCall, to: id,
                         DeviceMessage.checkoutTimedOut(lifecycle, serial: serial))
    }

    /// The app shows a page of the payment's own (the ACS challenge, a cascade's question): no call
    /// waits, so the pending call's timer goes stale, and the payment was heard from, so the calls
    /// gone unanswered in a row start again from none (swarm seed 38 of stripe-payment-intents.json
    /// told a customer "unknown" after two unanswered calls on either side of a challenge).
    func pauseCall(_ lifecycle: LifecycleID) {
        guard lifecycles[lifecycle.slot].inCheckout else { return }
        lifecycles[lifecycle.slot].callSerial &+= 1
        lifecycles[lifecycle.slot].calling = false
        lifecycles[lifecycle.slot].unanswered = 0
    }

    /// Back from the page after `delay`, the app waits for the result as for a call made then.
    func awaitResult(_ lifecycle: LifecycleID, after delay: SimDuration) {
        let slot = lifecycle.slot
        guard lifecycles[slot].inCheckout else { return }
        lifecycles[slot].callSerial &+= 1
        lifecycles[slot].calling = true
        context.schedule(after: delay + context.configuration.timeouts.deviceCall, to: id,
                         DeviceMessage.checkoutTimedOut(lifecycle, serial: lifecycles[slot].callSerial))
    }

    /// The customer is away for `delay`; back, they open the app, which asks for the payment again
    /// unless its result came meanwhile.
    func returnLater(_ lifecycle: LifecycleID, after delay: SimDuration) {
        let slot = lifecycle.slot
        guard lifecycles[slot].inCheckout else { return }
        lifecycles[slot].callSerial &+= 1
        lifecycles[slot].calling = false
        lifecycles[slot].unanswered = 0
        context.schedule(after: delay, to: id, DeviceMessage.appReinitDue(lifecycle, serial: lifecycles[slot].callSerial))
    }

    /// The call went unanswered: the system's timeout, then a re-init after the backoff, or after
    /// the last one the customer told "unknown", who comes back later.
    func callTimedOut(_ lifecycle: LifecycleID, serial: UInt32) {
        guard isCurrent(lifecycle), lifecycles[lifecycle.slot].callSerial == serial, lifecycles[lifecycle.slot].calling
        else { return }
        let slot = lifecycle.slot
        let system = flow(of: lifecycle).system
        counters.appRecovery.count(.timeout, of: system)
        lifecycles[slot].unanswered &+= 1
        let unanswered = Int(lifecycles[slot].unanswered)
        guard unanswered <= context.configuration.policies.appReinits else {
            counters.appRecovery.count(.toldUnknown, of: system)
            let away = context.configuration.behaviour.walkAwayTime.sample(&recoveryRandom)
            context.bodies.addPeopleTime(away, to: lifecycle)
            returnLater(lifecycle, after: away)
            return
        }
        // Domain §2.2: 500 ms doubling, ±20 % from the run's seeded stream.
        let base = SimDuration.milliseconds(500).nanoseconds << Int64(min(unanswered - 1, 20))
        let jitter = 0.8 + 0.4 * recoveryRandom.unitInterval()
        lifecycles[slot].callSerial &+= 1
        lifecycles[slot].calling = false
        context.schedule(after: SimDuration(nanoseconds: Int64(Double(base) * jitter)), to: id,
                         DeviceMessage.appReinitDue(lifecycle, serial: lifecycles[slot].callSerial))
    }

    /// The backoff, or the customer's time away, is over: the app inits again with the same payment.
    func reinit(_ lifecycle: LifecycleID, serial: UInt32) {
        guard isCurrent(lifecycle), lifecycles[lifecycle.slot].callSerial == serial else { return }
        counters.appRecovery.count(.reinit, of: flow(of: lifecycle).system)
        call(lifecycle, reinit: true)
    }

    /// The payment is authorized and the order waits for the merchant's capture: the app calls no
    /// more, and the customer looks at the order again after the longest the captures may take,
    /// unless it ended meanwhile.
    func held(_ lifecycle: LifecycleID) {
        guard isCurrent(lifecycle) else { return }
        returnLater(lifecycle, after: heldRecheck)
    }

    /// The merchant found the payment still running: the app resumes it (PaymentRestoreRequest) and
    /// waits for its result. An answer to an older call is a copy, and changes nothing.
    func restored(_ lifecycle: LifecycleID, serial: UInt32) {
        guard isCurrent(lifecycle), lifecycles[lifecycle.slot].callSerial == serial, lifecycles[lifecycle.slot].calling
        else {
            counters.duplicatesDeduped &+= 1
            return
        }
        counters.appRecovery.count(.inProgress, of: flow(of: lifecycle).system)
        lifecycles[lifecycle.slot].unanswered = 0
        awaitResult(lifecycle, after: .zero)
    }
}
