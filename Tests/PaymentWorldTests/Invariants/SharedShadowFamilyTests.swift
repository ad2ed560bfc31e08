@testable import PaymentWorld
import SimulationKernel
import Testing

/// Claims that read one shared shadow (`SharedShadows`) judge a story exactly as each would alone:
/// the same violations, in the same words, and the same number of checks. The stories are made by
/// hand to break every claim of the family at least once, so the comparison is never between two
/// silences.
@Suite struct SharedShadowFamilyTests {
    /// Some claims on one world, handed events as the registry hands them: in catalogue order,
    /// each to the claims that watch its kind.
    struct Family {
        let types: [any InvariantMonitor.Type]
        private let claims: [any InvariantMonitor]
        private var checks: InvariantChecks

        init(_ family: [any InvariantMonitor.Type]) {
            let world = MonitoredWorld(configuration: PaymentsConfiguration(),
                                       ledger: WorldLedger(cards: 1, balance: 0, merchants: 1), bodies: RequestBodies())
            // The registry's order: where one event breaks two claims, the earlier one sees it first.
            var ordered: [any InvariantMonitor.Type] = []
            for type in InvariantRegistry.catalogue where family.contains(where: { $0.claim == type.claim }) {
                ordered.append(type)
            }
            var made: [any InvariantMonitor] = []
            var records: [InvariantRecord] = []
            for type in ordered {
                made.append(type.init(world))
                records.append(InvariantRecord(invariant: type.invariant, claim: type.claim, isLiveness: type.isLiveness))
            }
            types = ordered
            claims = made
            checks = InvariantChecks(records: records)
        }

        mutating func feed(_ story: [(seconds: Int64, event: WorldEvent)]) {
            for (seconds, event) in story {
                checks.begin(at: SimTime(nanoseconds: seconds * 1_000_000_000))
                for (index, type) in types.enumerated() where type.watches.contains(event.kind) {
                    checks.current = index
                    claims[index].observe(event, &checks)
                }
            }
        }

        /// Each claim's violations, as "ID: detail", and its checks.
        func verdict(of claim: String) -> (violations: [String], checked: UInt64) {
            let record = checks.records.first { $0.claim == claim }
            let violations = checks.violations.filter { $0.claim == claim }.map { "\($0.invariant): \($0.detail)" }
            return (violations, record?.checked ?? 0)
        }
    }

    /// Each claim of `family` alone, then all of them together, on the same story.
    func expectAloneAsTogether(_ family: [any InvariantMonitor.Type], _ story: [(seconds: Int64, event: WorldEvent)]) {
        var together = Family(family)
        together.feed(story)
        for type in family {
            var alone = Family([type])
            alone.feed(story)
            let mine = alone.verdict(of: type.claim), shared = together.verdict(of: type.claim)
            #expect(!mine.violations.isEmpty, "the story never breaks \(type.invariant): the comparison would prove nothing")
            #expect(mine.violations == shared.violations, "\(type.invariant) alone and in its family")
            #expect(mine.checked == shared.checked, "\(type.invariant) checked \(mine.checked) alone, \(shared.checked) in its family")
        }
    }

    @Test func theFiveAuthenticationClaimsJudgeAsTheyWouldAlone() {
        let payment = PaymentID(slot: 0, generation: 1), next = PaymentID(slot: 0, generation: 2)
        let first = AttemptID(payment, 0), retry = AttemptID(payment, 1)
        let order = LifecycleID(slot: 0, generation: 1)
        func sent(_ attempt: AttemptID, _ status: TransStatus?, shifted: Bool) -> WorldEvent {
            .authorizationSent(attempt, required: true, authentication: status, exempted: false, amount: 100,
                               liabilityShift: shifted)
        }
        expectAloneAsTogether(
            [NoAuthorizationDuringAuthentication.self, EachAuthenticationAuthorizesOnce.self, AuthenticationsEndInTime.self,
             EachAuthenticationEndsOnce.self, LiabilityShiftsOnlyOnYOrA.self],
            [(0, .authenticationStarted(first)),
             (1, sent(first, nil, shifted: false)),                          // SALE-5: during the challenge
             (700, .authenticationEnded(first, status: .authenticated)),     // 3DS-4: past 610 s
             (701, sent(first, .authenticated, shifted: true)),
             (702, sent(retry, nil, shifted: true)),                         // 3DS-6: spends nothing
             (703, sent(retry, .authenticated, shifted: false)),             // 3DS-3: used already
             (704, .authenticationEnded(first, status: .attempted)),         // 3DS-5: none open
             (705, sent(retry, .authenticated, shifted: false)),             // 3DS-3: ended A, carried Y; 3DS-6: A earned it
             (706, .paymentRetired(payment, order: order)),
             (707, .authenticationStarted(AttemptID(next, 0))),
             (708, .authenticationEnded(first, status: .rejected)),          // the earlier tenant, late: 3DS-5
             (709, .authenticationEnded(AttemptID(next, 0), status: .unavailable)),
             (710, sent(AttemptID(next, 0), .authenticated, shifted: true))]) // 3DS-3 and 3DS-6: ended U
    }

    @Test func theFourMoneyClaimsJudgeAsTheyWouldAlone() {
        let payment = PaymentID(slot: 0, generation: 1), card = CardID(0)
        let order = LifecycleID(slot: 0, generation: 1)
        expectAloneAsTogether(
            [CapturesNeverExceedTheAuthorization.self, RefundsNeverExceedCaptures.self, VoidsComeBeforeAnyCapture.self,
             DeclinedPaymentsMoveNoMoney.self],
            [(0, .holdPlaced(payment, card: card, amount: 100, attempt: 0, standIn: false, usableCard: true)),
             (1, .captureAttempted(payment, amount: 60)),
             (2, .captured(payment, card: card, amount: 60)),
             (3, .captureAttempted(payment, amount: 60)),                    // AUTH-1: 120 of 100
             (4, .refundRequested(payment, amount: 50)),
             (5, .refundAttempted(payment, amount: 50)),
             (6, .refunded(payment, amount: 50)),
             (7, .refundRequested(payment, amount: 20)),                     // AUTH-3: 70 of 60
             (8, .refundNotMade(payment, amount: 20)),
             (9, .authorizationClosed(payment, expired: false)),             // AUTH-2: after 60 captured
             (10, .refundAttempted(payment, amount: 5)),                     // AUTH-2: after the close
             (11, .paymentFinal(payment, order: order, succeeded: false)),   // SALE-2: 10 captured
             (12, .captured(payment, card: card, amount: 5)),                // SALE-2: after it failed
             (13, .paymentRetired(payment, order: order)),
             (14, .refundAttempted(payment, amount: 1))])                    // AUTH-3: forgotten, nothing captured
    }

    @Test func theThreeHoldClaimsJudgeAsTheyWouldAlone() {
        let payment = PaymentID(slot: 0, generation: 1), other = PaymentID(slot: 1, generation: 1), card = CardID(0)
        let order = LifecycleID(slot: 0, generation: 1)
        expectAloneAsTogether(
            [NoPaymentIsChargedTwice.self, FailedPaymentsKeepNoHold.self, HoldsEndWithTheirPayment.self],
            [(0, .holdPlaced(payment, card: card, amount: 100, attempt: 0, standIn: false, usableCard: true)),
             (1, .holdPlaced(payment, card: card, amount: 100, attempt: 1, standIn: false, usableCard: true)), // SALE-1
             (2, .outcomeResolved(payment, approved: false)),                // RES-2: 200 held
             (3, .holdReleased(payment, card: card, amount: 200)),
             (4, .holdPlaced(payment, card: card, amount: 50, attempt: 2, standIn: true, usableCard: true)),
             (5, .paymentFinal(payment, order: order, succeeded: false)),
             (6, .paymentRetired(payment, order: order)),                    // RES-2 and AUTH-4: 50 held
             (7, .holdPlaced(other, card: card, amount: 30, attempt: 0, standIn: false, usableCard: true)),
             (8, .paymentStatusAtEnd(other, succeeded: false)),              // RES-2: 30 held
             (9, .holdsAtEnd(openHolds: 30))])                               // AUTH-4: the run went idle holding
    }
}
