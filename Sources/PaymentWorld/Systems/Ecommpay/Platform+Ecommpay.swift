import SimulationKernel

/// ecommpay's platform (E1, E4): init binds the session to the merchant's signature (LC-00), and
/// CardVerifyRequest verifies the card at its issuer for 0 through the gateway (LC-03).
extension Platform {
    /// Init: the parameters the platform receives must carry the merchant's signature of them (SES-3).
    /// One that does not is refused as an invalid signature, and binds no session. The pay request
    /// then spends the signed session: one payment per signature (SES-5).
    func serveEcommpay(_ step: SeedStep, payload: UInt64, payment: LifecycleID, record: inout Record) -> StepAnswer {
        if step == .payRequest {
            return use(desk.context.bodies[payment].flow.core == .authorization ? .authorize : .pay, payment, &record)
        }
        guard step == .initSession else { preconditionFailure("ecommpay's platform cannot serve \(step)") }
        let received = EcommpaySignature.sign(desk.context.bodies[payment], paymentId: payment)
        desk.context.observe(.parametersReceived(payment, digest: received, signature: payload))
        guard received == payload else {
            desk.counters.signaturesRefused &+= 1
            return .refused
        }
        return bind(.signature, payment, &record)
    }

    /// CardVerifyRequest: the session is used up, and the gateway verifies the card at its issuer
    /// for 0 (LC-03); the call is answered when the gateway tells the issuer's verdict.
    func verifyCard(_ request: StepRequest) {
        let lifecycle = request.lifecycle
        guard var record = records.open(lifecycle) else {
            desk.counters.staleMessages &+= 1  // From a lifecycle whose slot is reused.
            return
        }
        let attempt = request.call
        if desk.settledEarlier(record.last, .verifyCard, attempt: attempt, payment: lifecycle) { return }
        if record.verifying {
            // Still waiting: ask the gateway again, which answers once the issuer has.
            desk.send(GatewayMessage.inbound(.verificationRequest(lifecycle, storeCredential: record.saveCard)), to: .gateway)
            return
        }
        guard desk.step(&record.session, .use(.verify), of: lifecycle) != nil else {
            record.last = LastAnswer(step: .verifyCard, attempt: attempt, answer: .refused)
            records[lifecycle] = record
            desk.answer(lifecycle, .verifyCard, .refused, call: attempt)
            return
        }
        desk.context.observe(.sessionUsed(lifecycle, apiVersion: 0, deviceSubmission: true))
        record.verifying = true
        record.saveCard = request.payload == 1
        record.last = LastAnswer(step: nil, attempt: attempt, answer: .ok)  // Answered once the issuer decides.
        records[lifecycle] = record
        desk.send(GatewayMessage.inbound(.verificationRequest(lifecycle, storeCredential: record.saveCard)), to: .gateway)
    }

    func verificationAnswered(_ lifecycle: LifecycleID, verified: Bool) {
        guard var record = records[lifecycle], record.verifying, record.last.step == nil else { return }  // A repeat.
        let answer: StepAnswer = verified ? .ok : .notVerified
        record.last.step = .verifyCard
        record.last.answer = answer
        records[lifecycle] = record
        desk.answer(lifecycle, .verifyCard, answer, call: record.last.attempt)
    }
}
