/// PROV-5: `activationData` is single-use and bound to (card, nonce). Each tokenization's data is
/// its own while it lives: no other live tokenization holds the same data. The PNO activates a
/// lifecycle's token once, with the very data its tokenization was answered with and the nonce
/// it was asked with.
final class ActivationDataIsSpentOnceByItsPass: SafetyMonitor {
    static let invariant = "PROV-5"
    static let claim = "ActivationDataIsSpentOnceByItsPass"
    static let watches: [WorldEvent.Kind] = [.activationDataIssued, .activationDataRedeemed, .lifecycleEnded]

    struct Issued: BitwiseCopyable {
        var data: UInt64 = 0
        var nonce: UInt64 = 0
        var redeemed = false
    }
    @exclusivity(unchecked) private var lifecycles = LifecycleShadows<LifecycleID, Issued>(fresh: .init())
    /// The live tokenizations' data, each with the lifecycle holding it: as many as are in flight,
    /// looked up by value and never iterated.
    @exclusivity(unchecked) private var holders: [UInt64: LifecycleID] = [:]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .activationDataIssued(let lifecycle, let data, let card, let nonce):
            let holder = holders[data]
            checks.expect(holder == nil || holder == lifecycle, about: lifecycle,
                          "\(card)'s tokenization got activation data \(data), which \(holder.map { "\($0)" } ?? "") holds too")
            let before = lifecycles.update(lifecycle) { issued -> Issued in
                defer { issued = Issued(data: data, nonce: nonce) }
                return issued
            }
            if before.data != 0 && before.data != data && holders[before.data] == lifecycle { holders[before.data] = nil }
            holders[data] = lifecycle
        case .activationDataRedeemed(let lifecycle, let data, let nonce):
            let issued = lifecycles.update(lifecycle) { issued -> Issued in
                defer { issued.redeemed = true }
                return issued
            }
            checks.expect(issued.data != 0 && !issued.redeemed && data == issued.data && nonce == issued.nonce,
                          about: lifecycle,
                          issued.data == 0 ? "a pass was activated with data \(data) no tokenization of its own issued"
                              : issued.redeemed ? "activation data \(data) was spent a second time"
                              : "a pass was activated with data \(data) and nonce \(nonce); its tokenization issued \(issued.data) for nonce \(issued.nonce)")
        case .lifecycleEnded(let lifecycle, _, _):
            let data = lifecycles[lifecycle].data
            if data != 0 && holders[data] == lifecycle { holders[data] = nil }
            lifecycles.forget(lifecycle)
        default:
            break
        }
    }
}
