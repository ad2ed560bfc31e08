/// G-5: once the gateway settles a payment's status, it never changes.
final class FinalStatusNeverChanges: SafetyMonitor {
    static let invariant = "G-5"
    static let claim = "FinalStatusNeverChanges"
    static let watches: [WorldEvent.Kind] = [.paymentFinal, .paymentRetired]

    /// The status each payment went final with, while it is not retired.
    @exclusivity(unchecked) private var finals = LifecycleShadows<PaymentID, Bool?>(fresh: nil)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentFinal(let payment, _, let succeeded):
            let earlier = finals.update(payment) { final in
                defer { if final == nil { final = succeeded } }
                return final
            }
            checks.expect(earlier == nil || earlier == succeeded, about: payment,
                          "final status changed from \(earlier == true ? "succeeded" : "not succeeded")")
        case .paymentRetired(let payment, _):
            finals.forget(payment)
        default:
            break
        }
    }
}
