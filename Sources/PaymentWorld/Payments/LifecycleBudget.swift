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
        switch flow.system {
        case .portmone, .paysafe:
            // Steps grow sub-steps at run time: an OTP or SCA the customer may take its whole validity
            // over, with a resend, its submissions and a delivery to wait for.
            total = total + (timeouts.otpValidity + seed.smsWait * Int64(seed.otpResends) + call * 2) * 2
        case .generic, .ecommpay, .mastercard, .sogenactif:
            break
        }
        if let core = flow.core {
            let merchantCalls = timeouts.merchantCall * Int64(policies.merchantRetries + 1)
            // The device asks the merchant again after each of its call timeouts, as the merchant asks the
            // gateway: both chains count (swarm seed 122 of card-payments.json lost three device calls in
            // a row, then the RReq of a challenge).
            let deviceCalls = timeouts.deviceCall * Int64(policies.merchantRetries + 1)
            total = total + deviceCalls + merchantCalls + timeouts.authentication + timeouts.challenge
                + timeouts.authorization + timeouts.issuerStandIn + timeouts.resolutionHop * Int64(policies.inquiries + 2)
            if core == .authorization {
                total = total + behaviour.captureWindow + merchantCalls
            }
        }
        return total + SimDuration(nanoseconds: total.nanoseconds / 10)
    }
}
