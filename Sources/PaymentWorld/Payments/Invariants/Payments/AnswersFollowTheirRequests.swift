/// G-8: every answer names a request that was made: an authorization answer one of the attempts
/// the gateway sent, an SDK answer one of the calls the app made.
final class AnswersFollowTheirRequests: SafetyMonitor {
    static let invariant = "G-8"
    static let claim = "AnswersFollowTheirRequests"
    static let watches: [WorldEvent.Kind] = [.authorizationSent, .authorizationAnswered, .answerReceived, .paymentRetired]

    /// Authorization attempts sent per payment.
    @exclusivity(unchecked) private var sent = LifecycleShadows<PaymentID, Int32>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .authorizationSent(let attempt, _, _, _, _, _):
            sent.update(attempt.payment) { $0 = max($0, Int32(attempt.index + 1)) }
        case .authorizationAnswered(let attempt, _):
            let made = Int(sent[attempt.payment])
            checks.expect(attempt.index < made, about: attempt.payment,
                          "an answer names authorization attempt #\(attempt.index + 1) when \(made) had been sent")
        case .answerReceived(let lifecycle, let answered, let made):
            // Calls are numbered in 16 bits on the wire: past that, the numbers wrap and are not compared.
            checks.expect(answered <= made & StepWire.callMask || made > StepWire.callMask, about: lifecycle,
                          "an answer to call \(answered) arrived when \(made) calls had been made")
        case .paymentRetired(let payment, _):
            sent.forget(payment)
        default:
            break
        }
    }
}
