import SimulationKernel

/// Every claim a payments run checks, listed once, and the routing of world events to them.
///
/// The registry sees the world's typed event stream. Each event goes only to the monitors that
/// watch its kind, in catalogue order, so when one event breaks two claims the earlier one is the
/// run's first violation. The first safety violation stops the run unless it keeps going.
final class InvariantRegistry {
    /// Every claim, in report order. Where one event can break two claims, the one listed first is
    /// reported first: G-10 before G-2 on an approval of an unusable card, G-11 before G-9.
    static var catalogue: [any InvariantMonitor.Type] {
        [
            EveryTransferIsLegal.self,               // G-1
            OnlyUsableCardsAreApproved.self,         // G-10
            NoCardIsOverdrawn.self,                  // G-2
            HoldsMatchOpenAuthorizations.self,       // G-3
            NoPaymentIsChargedTwice.self,            // SALE-1
            NoOrderIsChargedTwice.self,              // G-4
            FinalStatusNeverChanges.self,            // G-5
            OnlyLegalTransitions.self,               // G-6
            EveryLifecycleEndsInTime.self,           // G-7
            AnswersFollowTheirRequests.self,         // G-8
            CascadeAttemptsRunOneAtATime.self,       // G-11
            AuthorizationFollowsAuthentication.self, // G-9
            FullCardNumbersStayInScope.self,         // G-12
            CapturesNeverExceedTheAuthorization.self, // AUTH-1
            RefundsNeverExceedCaptures.self,         // AUTH-3
            FailedPaymentsKeepNoHold.self,           // RES-2
            OtpAttemptsStayWithinTheLimit.self,      // OTP-3
            ProtectedActionsFollowAVerifiedOtp.self, // OTP-5
            CancelledAndExpiredCardsStayThatWay.self, // CARD-1
            PhysicalCardsActivateOnce.self,          // CARD-2
            CardUpdatesNeedVerifiedSca.self,         // CARD-4
            OnlyActiveCardsAreTokenized.self,        // PROV-1
            OneCompletedTokenizationPerCard.self,    // PROV-3
        ]
    }

    /// The claims' ids and names, in report order, without a run.
    static var claims: [(invariant: String, claim: String)] { catalogue.map { ($0.invariant, $0.claim) } }

    private let monitors: [any InvariantMonitor]
    /// The monitors watching each kind, flattened: kind k's are `routed[spans[k]..<spans[k + 1]]`,
    /// with their record index beside them. One array, so routing an event copies no array.
    private let routed: [(monitor: any InvariantMonitor, record: Int)]
    private let spans: [Int]
    private(set) var checks: InvariantChecks

    init(_ world: MonitoredWorld, catalogue: [any InvariantMonitor.Type] = InvariantRegistry.catalogue) {
        monitors = catalogue.map { $0.init(world) }
        checks = InvariantChecks(records: catalogue.map {
            InvariantRecord(invariant: $0.invariant, claim: $0.claim, isLiveness: $0.isLiveness)
        })
        var routed: [(monitor: any InvariantMonitor, record: Int)] = []
        var spans = [0]
        for kind in WorldEvent.Kind.allCases {
            for (index, type) in catalogue.enumerated() where type.watches.contains(kind) {
                routed.append((monitors[index], index))
            }
            spans.append(routed.count)
        }
        self.routed = routed
        self.spans = spans
    }

    var records: [InvariantRecord] { checks.records }
    var violations: [Violation] { checks.violations }

    /// Hands `event` to every monitor that watches its kind; returns how many violations it caused.
    @discardableResult
    func observe(_ event: WorldEvent, at time: SimTime) -> Int {
        let kind = event.kind.rawValue
        let before = checks.violations.count
        checks.time = time
        for index in spans[kind]..<spans[kind + 1] {
            checks.current = routed[index].record
            routed[index].monitor.observe(event, &checks)
        }
        return checks.violations.count - before
    }
}
