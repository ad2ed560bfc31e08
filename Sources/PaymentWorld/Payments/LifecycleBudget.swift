import SimulationKernel

extension PaymentsConfiguration {
    /// How long a lifecycle of `flow` may stay open before it is a liveness failure (G-7).
    ///
    /// Domain §2.7: the budget is derived, "the sum of its stage timeouts + 10 % grace", so a flow
    /// that may legitimately wait out a 10-minute challenge after four repeated SDK calls is not
    /// judged by the clock of a card-on-file sale. `timeouts.lifecycleBudget`, when the scenario sets
    /// it, overrides the derivation for every flow. Swarm seed 144 of portmone-masterpass.json (an
    /// RReq lost after 270 s of OTP retries, then the 600 s challenge timer) outran a flat 15 m.
    public func lifecycleBudget(for flow: PaymentFlow) -> SimDuration {
        if let fixed = timeouts.lifecycleBudget { return fixed }
        let call = seed.stepCall * Int64(seed.stepRepeats + 1)
        var total = call * Int64(flow.steps.count)
        if !flow.steps.isEmpty {
            // A step that answers "retry later" is tried again after a doubling backoff (Sips 90 / 99).
            total = total + call * Int64(seed.retries) + seed.backoff * ((Int64(1) << min(seed.retries, 20)) - 1)
        }
        if flow.traits.contains(.growsCodeSteps) {
            // Steps grow sub-steps at run time: an OTP or SCA the customer may take its whole validity
            // over, with a resend, its submissions and a delivery to wait for.
            total = total + (timeouts.otpValidity + seed.smsWait * Int64(seed.otpResends) + call * 2) * 2
        }
        if flow.steps.contains(.verifyCard) {
            // A verification that saves an enrolled card runs 3-D Secure first, and the app waits out
            // its challenge.
            total = total + timeouts.authentication + timeouts.challenge + call
        }
        if flow.traits.contains(.provisionsToWallet) {
            // The pass's activation may wait out the provisioning's whole budget (an identity
            // verification, a wallet sheet left open) before LC-11 abandons it.
            total = total + timeouts.provisioningCompletion
        }
        if !flow.steps.isEmpty && behaviour.walkAway.numerator > 0 {
            // A customer who walked away comes back after `walkAwayTime` (once per lifecycle), and
            // only then learns that the code, event or session expired.
            total = total.addingClamped(behaviour.walkAwayTime.farTail)
        }
        if let core = flow.core { total = cardCoreBudget(core, of: flow, after: total) }
        let timers = total + SimDuration(nanoseconds: total.nanoseconds / 10)
        return timers.addingClamped(networkAllowance(for: flow))
    }

    /// `total` with the card core's waits added: the merchant's and the device's calls through
    /// loss, 3-D Secure and its challenge, the authorization and its recovery, an authorization's
    /// captures, and a cascade's further providers.
    private func cardCoreBudget(_ core: CardCore, of flow: PaymentFlow, after total: SimDuration) -> SimDuration {
        var total = total
        // Each caller asks again until one round trip gets through: its retries, or on a lossy
        // network as many calls as all but one in 100,000 need (swarm seed 56 of
        // card-payments-faults.json at 5 % loss lost four device round trips in a row after
        // an RReq was lost and the 600 s challenge timer ran out).
        let calls = Int64(max(policies.merchantRetries + 1, Self.callsThroughLoss(faults.loss)))
        let merchantCalls = timeouts.merchantCall * calls
        // The device asks the merchant again after each of its call timeouts, as the merchant asks the
        // gateway: both chains count (swarm seed 122 of card-payments.json lost three device calls in
        // a row, then the RReq of a challenge).
        var deviceCalls = timeouts.deviceCall * calls
        // The app's re-inits wait a doubling backoff from 500 ms (+20 % jitter) before each; past
        // `policies.appReinits` of them the customer is told "unknown" and comes back later.
        let backoffs = SimDuration(nanoseconds: SimDuration.milliseconds(600).nanoseconds
                                   * ((Int64(1) << min(Int64(policies.appReinits), 20)) - 1))
        deviceCalls = deviceCalls + backoffs
        if appMayTellUnknown {
            deviceCalls = deviceCalls.addingClamped(behaviour.walkAwayTime.farTail)
        }
        total = total + deviceCalls + merchantCalls + timeouts.authentication + timeouts.challenge
            + timeouts.authorization + timeouts.issuerStandIn + resolutionWait
        if core == .authorization {
            total = total + captureWait
        }
        if core == .sale && policies.cascading && flow.system.cascades && policies.cascadeProviders > 1 {
            // Each further provider of a cascade (LC-08) may wait out the customer's consent, a new
            // 3-D Secure with its challenge, and its own authorization and resolution.
            let attempt = timeouts.cascadeConsent + timeouts.authentication + timeouts.challenge + timeouts.authorization
                + timeouts.issuerStandIn + resolutionWait
            total = total + attempt * Int64(policies.cascadeProviders - 1)
        }
        return total
    }

    /// The longest the merchant's captures of an authorization may take: up to `CapturePlan.mostParts`
    /// shipments each within the capture window, or the platform's capture day and the merchant's
    /// one question after it, with each capture's calls through loss.
    var captureWait: SimDuration {
        let calls = Int64(max(policies.merchantRetries + 1, Self.callsThroughLoss(faults.loss)))
        let parts = Int64(behaviour.captureInParts.numerator > 0 ? CapturePlan.mostParts : 1)
        var waits = behaviour.captureWindow * parts
        if behaviour.automaticCapture.numerator > 0 {
            waits = Swift.max(waits, timeouts.captureDay + timeouts.merchantCall)
        }
        return waits + timeouts.merchantCall * calls * parts
    }

    /// The longest LC-12 may take to settle an unknown outcome by its own timers: the inquiry
    /// delay, the inquiries, and the reversal.
    var resolutionWait: SimDuration {
        timeouts.inquiryDelay + timeouts.resolutionHop * Int64(policies.inquiries + 2)
    }

    /// How long the gateway keeps a sale open before it fails it (LC-01 `deadline`):
    /// `timeouts.paymentDeadline`, or the card core's own stage timeouts + 10 %, with the network's
    /// allowance: the token lookup's tries, then for each provider a cascade may try its consent,
    /// 3-D Secure with the challenge, the authorization, the stand-in and LC-12. A payment meets it
    /// only when it is stuck past every stage's own timer.
    public var paymentDeadline: SimDuration {
        if let fixed = timeouts.paymentDeadline { return fixed }
        let providers = Int64(policies.cascading ? Swift.max(1, policies.cascadeProviders) : 1)
        let attempt = timeouts.authentication + timeouts.challenge + timeouts.authorization + timeouts.issuerStandIn
            + resolutionWait
        let total = timeouts.resolutionHop * 3 + attempt * providers + timeouts.cascadeConsent * (providers - 1)
        let timers = total + SimDuration(nanoseconds: total.nanoseconds / 10)
        return timers.addingClamped(networkAllowance(for: .sale))
    }

    /// How many calls one round trip needs on links that lose `loss` of messages, for all but one
    /// in 100,000 (`Distribution.farTailProbability`): each try fails if its request or its answer
    /// is lost.
    /// Whether an app may run out of its re-inits and tell a customer "unknown", who comes back
    /// after `walkAwayTime`: the network loses messages at all, or a window cuts the device off for
    /// longer than the app's calls last. Rare as four losses in a row are, a run of many lifecycles
    /// meets them, and the customer's return outlasts any grace (swarm seed 38 of
    /// stripe-payment-intents.json at 2 % loss).
    var appMayTellUnknown: Bool {
        if faults.loss.numerator > 0 { return true }
        let chain = timeouts.deviceCall * Int64(policies.appReinits + 1)
        return faultWindows.contains { window in
            guard window.between.map({ $0.contains(.device) }) ?? true else { return false }
            switch window.kind {
            case .partition: return window.duration >= chain
            case .loss(let ratio): return ratio.numerator > 0
            default: return false
            }
        }
    }

    static func callsThroughLoss(_ loss: Ratio) -> Int {
        let lost = Double(loss.numerator) / Double(loss.denominator)
        guard lost > 0 else { return 1 }
        let roundTripFails = 1 - (1 - lost) * (1 - lost)
        var calls = 1, allFail = roundTripFails
        while allFail > Distribution.farTailProbability && calls < 1_000 {
            calls += 1
            allFail *= roundTripFails
        }
        return calls
    }

    /// What the network may add beyond the timers: every message on the flow's path as slow as the
    /// slowest link's far tail (`Distribution.farTail`, plus a reordering's delay when messages
    /// are reordered). Negligible on a well-behaved network (about 3 s for the default latency's
    /// 20 messages); with a heavy-tailed one (`lognormal(median: 15ms, sigma: 10)`) no duration
    /// bounds a lifecycle, the allowance reaches the clamp, and G-7 is left to the idle end's
    /// check that every lifecycle ended (card-payments.json, seeds 1 and 3: a sale whose first
    /// request took 342 s to reach the gateway, then waited out a 600 s challenge).
    func networkAllowance(for flow: PaymentFlow) -> SimDuration {
        var slowest = ([latency] + links.map(\.latency)).map(\.farTail).max() ?? .zero
        if faults.reordering.numerator > 0 { slowest = slowest.addingClamped(faults.reorderDelay.farTail) }
        // Each step is a request and its answer; the core's path, one way each:
        // device → merchant → gateway → directory → ACS → directory → gateway (ARes), ACS → device →
        // ACS → directory → gateway (a challenge and its RReq), gateway → acquirer → network →
        // issuer → network → acquirer → gateway → merchant → device.
        let messages = 2 * flow.steps.count + (flow.core == nil ? 0 : 20)
        return slowest.multipliedClamped(by: messages)
    }
}

extension SimDuration {
    /// The longest budget that means anything: a simulation never runs past its horizon.
    static let budgetClamp = SimDuration.seconds(150 * 365 * 24 * 3_600)

    func addingClamped(_ other: SimDuration) -> SimDuration {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(other.nanoseconds)
        return overflow ? Self.budgetClamp : Swift.min(SimDuration(nanoseconds: sum), Self.budgetClamp)
    }

    func multipliedClamped(by factor: Int) -> SimDuration {
        let (product, overflow) = nanoseconds.multipliedReportingOverflow(by: Int64(factor))
        return overflow ? Self.budgetClamp : Swift.min(SimDuration(nanoseconds: product), Self.budgetClamp)
    }
}
