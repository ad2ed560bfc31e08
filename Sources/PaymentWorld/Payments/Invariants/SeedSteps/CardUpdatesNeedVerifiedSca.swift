/// CARD-4: a lock, unlock, cancel or PIN change executes only with a verified, unexpired, unused
/// SCA event for the same operation (domain.md: the same walletOperationId). A status change the
/// platform makes with SCA must be the one the lifecycle's redeemed event was for: a lock's event
/// locks, an unlock's unlocks, a cancel's cancels, and a PIN change's changes no status.
final class CardUpdatesNeedVerifiedSca: SafetyMonitor {
    static let invariant = "CARD-4"
    static let claim = "CardUpdatesNeedVerifiedSca"
    static let watches: [WorldEvent.Kind] = [.prepaidStatusChanged, .scaEventRedeemed]

    /// The operation (a `SeedStep` raw value) of each lifecycle's last redeemed SCA event; 0 none.
    @exclusivity(unchecked) private var redeemed = LifecycleShadows<LifecycleID, UInt8>(fresh: 0)

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        switch event {
        case .scaEventRedeemed(let lifecycle, let operation):
            redeemed.update(lifecycle) { $0 = operation }
        case .prepaidStatusChanged(let lifecycle, let card, let from?, let to, let sca):
            guard to == .locked || to == .cancelled || (from == .locked && to == .active) else { return }
            checks.expect(sca, about: lifecycle, "\(card) \(from) → \(to) without verified SCA")
            let operation = redeemed[lifecycle]
            guard sca, operation != 0, let step = SeedStep(rawValue: operation) else { return }
            checks.expect(Self.status(after: step) == to, about: lifecycle,
                          "\(card) \(from) → \(to) under an SCA event verified for \(step)")
        default:
            break
        }
    }

    /// The status a protected operation leads to; nil for one that changes no status (a PIN change).
    static func status(after step: SeedStep) -> CardStatus? {
        switch step {
        case .lockPrepaidCard: .locked
        case .unlockPrepaidCard: .active
        case .cancelPrepaidCard: .cancelled
        default: nil
        }
    }
}
