import SimulationKernel

/// AUTH-5: no capture at or after the capture limit (`policies.captureLimit` after the approval).
final class NoCaptureAfterTheLimit: SafetyMonitor {
    static let invariant = "AUTH-5"
    static let claim = "NoCaptureAfterTheLimit"
    static let watches: [WorldEvent.Kind] = [.holdPlaced, .captureAttempted, .paymentRetired]

    private let limit: SimDuration
    /// When each payment's latest hold was placed, in nanoseconds; -1 before. The latest, not the
    /// first: a cascade's next attempt holds anew and is the one captured (swarm seed 6 of
    /// card-payments.json with a 72 s limit measured a backup's capture from the primary's
    /// stand-in hold, reversed a minute before).
    @exclusivity(unchecked) private var approved = LifecycleShadows<PaymentID, Int64>(fresh: -1)

    init(_ world: MonitoredWorld) { limit = world.configuration.policies.captureLimit }

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .holdPlaced(let payment, _, _, _, _, _):
            let now = checks.time.nanoseconds
            approved.update(payment) { $0 = now }
        case .captureAttempted(let payment, _):
            let at = approved[payment]
            guard at >= 0 else { return }
            let now = checks.time, limit = SimTime(nanoseconds: at) + self.limit
            checks.expect(now < limit, about: payment, "captured at \(now), after its limit \(limit)")
        case .paymentRetired(let payment, _):
            approved.forget(payment)
        default:
            break
        }
    }
}
