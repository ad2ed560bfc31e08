/// RES-4: the merchant's final order status equals the gateway's: the merchant learns how the
/// payment ended, never guesses it. Checked whichever comes second: the merchant's final against
/// the gateway's first final of the order, or the gateway's first final against the merchant's.
///
/// Until the claims audit only a merchant's final after the gateway's was checked: a merchant that
/// booked an order before the gateway had settled it (`known == 0`) passed whatever came next.
final class MerchantAgreesWithTheGateway: SafetyMonitor {
    static let invariant = "RES-4"
    static let claim = "MerchantAgreesWithTheGateway"
    static let watches: [WorldEvent.Kind] = [.paymentFinal, .merchantOrderFinal, .paymentRetired]

    /// The finals of an order: the gateway's first and the merchant's, each 0 none yet, 1 failed, 2 succeeded.
    private struct Finals: BitwiseCopyable {
        var gateway: UInt8 = 0
        var merchant: UInt8 = 0
    }

    @exclusivity(unchecked) private var orders = LifecycleShadows<LifecycleID, Finals>(fresh: Finals())

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .paymentFinal(_, let order, let succeeded):
            let known = orders.update(order) { finals -> Finals in
                let before = finals
                if finals.gateway == 0 { finals.gateway = succeeded ? 2 : 1 }
                return before
            }
            guard known.gateway == 0, known.merchant != 0 else { return }
            checks.expect((known.merchant == 2) == succeeded, about: order,
                          "the gateway has the order \(succeeded ? "paid" : "not paid"), the merchant had it \(known.merchant == 2 ? "paid" : "not paid")")
        case .merchantOrderFinal(let order, let succeeded):
            let known = orders.update(order) { finals -> Finals in
                finals.merchant = succeeded ? 2 : 1
                return finals
            }
            checks.expect(known.gateway == 0 || (known.gateway == 2) == succeeded, about: order,
                          "the merchant has the order \(succeeded ? "paid" : "not paid"), the gateway \(known.gateway == 2 ? "paid" : "not paid")")
        case .paymentRetired(_, let order):
            orders.forget(order)
        default:
            break
        }
    }
}
