@testable import PaymentWorld
import SimulationKernel

/// Hands one claim events made by hand, as the registry would hand it a run's, so a test can show
/// both that a claim holds on a good story and that it catches a bad one.
struct ClaimHarness<Claim: InvariantMonitor> {
    let claim: Claim
    let bodies = RequestBodies()
    private var checks: InvariantChecks

    init(_ configuration: PaymentsConfiguration = PaymentsConfiguration()) {
        let world = MonitoredWorld(configuration: configuration, ledger: WorldLedger(cards: 1, balance: 0, merchants: 1),
                                   bodies: bodies)
        claim = Claim(world)
        checks = InvariantChecks(records: [InvariantRecord(invariant: Claim.invariant, claim: Claim.claim,
                                                           isLiveness: Claim.isLiveness)])
    }

    /// Feeds `events` in order, at virtual time `seconds`.
    mutating func feed(at seconds: Int64 = 0, _ events: WorldEvent...) {
        for event in events {
            precondition(Claim.watches.contains(event.kind), "\(Claim.claim) does not watch \(event.kind)")
            checks.begin(at: SimTime(nanoseconds: seconds * 1_000_000_000))
            claim.observe(event, &checks)
        }
    }

    var checked: UInt64 { checks.records[0].checked }
    /// What each violation said, in order.
    var violations: [String] { checks.violations.map(\.detail) }
}

let firstPayment = PaymentID(slot: 0, generation: 1)
let firstLifecycle = LifecycleID(slot: 0, generation: 1)
