import SimulationKernel

/// Every invariant monitor of the payments world, named as claims (style §7), with shadow
/// state of their own. They see every `WorldEvent` as it happens; the first safety violation
/// stops the run. Shadow state is looked up by id, never iterated, and released when a payment
/// is final, so it stays as small as the payments in flight.
public struct Monitors: Sendable {
    /// One line of `summary.json`'s invariant table.
    public struct Record: Sendable {
        public var invariant: String
        public var claim: String
        public var checked: UInt64 = 0
        public var violations: UInt64 = 0
    }

    public static let claims: [(String, String)] = [
        ("G-2", "NoCardIsOverdrawn"),
        ("G-3", "HoldsMatchOpenAuthorizations"),
        ("G-4", "NoOrderIsChargedTwice"),
        ("G-5", "FinalStatusNeverChanges"),
        ("G-6", "OnlyLegalTransitions"),
        ("G-9", "AuthorizationFollowsAuthentication"),
        ("G-10", "OnlyUsableCardsAreApproved"),
        ("SALE-1", "NoPaymentIsChargedTwice"),
        ("AUTH-1", "CapturesNeverExceedTheAuthorization"),
        ("AUTH-3", "RefundsNeverExceedCaptures"),
        ("RES-2", "FailedPaymentsKeepNoHold"),
        ("G-7", "EveryLifecycleEndsInTime"),
    ]

    public private(set) var records: [Record] = Monitors.claims.map { Record(invariant: $0.0, claim: $0.1) }
    public private(set) var violations: [Violation] = []
    let proceedOnUnavailable: Bool

    // Shadow state: per payment, per order, per card.
    private var heldByPayment: [UInt64: Int64] = [:]
    private var authorizedByPayment: [UInt64: Int64] = [:]
    private var capturedByPayment: [UInt64: Int64] = [:]
    private var refundedByPayment: [UInt64: Int64] = [:]
    private var approvalsByPayment: [UInt64: Int] = [:]
    private var finalByPayment: [UInt64: Bool] = [:]
    private var orderOfPayment: [UInt64: UInt64] = [:]
    private var successesByOrder: [UInt64: Int] = [:]
    private var heldByCard: [Int64]

    init(cards: Int, proceedOnUnavailable: Bool) {
        heldByCard = [Int64](repeating: 0, count: cards)
        self.proceedOnUnavailable = proceedOnUnavailable
    }

    private func index(_ invariant: String) -> Int {
        Monitors.claims.firstIndex { $0.0 == invariant } ?? 0
    }

    private mutating func check(_ invariant: String, _ holds: Bool, payment: UInt64, at time: SimTime,
                                _ detail: @autoclosure () -> String, liveness: Bool = false) {
        let slot = index(invariant)
        records[slot].checked &+= 1
        guard !holds else { return }
        records[slot].violations &+= 1
        violations.append(Violation(invariant: invariant, claim: records[slot].claim, lifecycle: payment, time: time,
                                    detail: detail(), isLiveness: liveness))
    }

    /// Checks one event against every claim it concerns; `cardAvailable` and `cardHeld` read the
    /// ledger's balances for a card after the event.
    mutating func observe(_ event: WorldEvent, at time: SimTime, cardAvailable: (UInt32) -> Int64,
                          cardHeld: (UInt32) -> Int64) {
        switch event {
        case .paymentCreated(let payment, let order, _):
            orderOfPayment[payment] = order
        case .authorizationSent(let payment, let attempt, let required, let authentication):
            let allowed = !required || authentication == .authenticated || authentication == .attempted
                || (authentication == .unavailable && proceedOnUnavailable)
            check("G-9", allowed, payment: payment, at: time,
                  "attempt \(attempt) authorized with 3DS result \(authentication.map { "\($0)" } ?? "none")")
        case .holdPlaced(let payment, let card, let amount, let standIn, let usable):
            heldByPayment[payment, default: 0] += amount
            authorizedByPayment[payment, default: 0] += amount
            approvalsByPayment[payment, default: 0] += 1
            heldByCard[Int(card)] += amount
            check("G-10", usable || standIn, payment: payment, at: time, "card#\(card) is not usable but was approved")
            check("G-2", cardAvailable(card) >= 0 || standIn, payment: payment, at: time,
                  "card#\(card).available = \(cardAvailable(card))")
            checkHolds(card: card, payment: payment, at: time, cardHeld: cardHeld)
            let approvals = approvalsByPayment[payment] ?? 0
            check("SALE-1", approvals <= 1, payment: payment, at: time, "\(approvals) approved authorizations")
        case .holdReleased(let payment, let card, let amount):
            heldByPayment[payment, default: 0] -= amount
            heldByCard[Int(card)] -= amount
            if heldByPayment[payment] == 0 { approvalsByPayment[payment] = 0 }
            checkHolds(card: card, payment: payment, at: time, cardHeld: cardHeld)
        case .captureAttempted(let payment, let amount):
            let captured = (capturedByPayment[payment] ?? 0) + amount
            let authorized = authorizedByPayment[payment] ?? 0
            check("AUTH-1", captured <= authorized, payment: payment, at: time,
                  "a capture would make \(captured) captured of an authorization for \(authorized)")
        case .captured(let payment, let card, let amount):
            heldByPayment[payment, default: 0] -= amount
            heldByCard[Int(card)] -= amount
            capturedByPayment[payment, default: 0] += amount
            checkHolds(card: card, payment: payment, at: time, cardHeld: cardHeld)
        case .refundAttempted(let payment, let amount):
            let refunded = (refundedByPayment[payment] ?? 0) + amount
            let captured = capturedByPayment[payment] ?? 0
            check("AUTH-3", refunded <= captured, payment: payment, at: time,
                  "a refund would make \(refunded) refunded of \(captured) captured")
        case .refunded(let payment, let amount):
            refundedByPayment[payment, default: 0] += amount
        case .paymentFinal(let payment, let order, let succeeded):
            if let earlier = finalByPayment[payment] {
                check("G-5", earlier == succeeded, payment: payment, at: time,
                      "final status changed from \(earlier ? "succeeded" : "not succeeded")")
                return
            }
            finalByPayment[payment] = succeeded
            if succeeded {
                successesByOrder[order, default: 0] += 1
                let count = successesByOrder[order] ?? 0
                check("G-4", count <= 1, payment: payment, at: time, "order#\(order) succeeded \(count) times")
            } else {
                check("RES-2", true, payment: payment, at: time, "")
            }
        case .outcomeResolved(let payment, let approved):
            let held = heldByPayment[payment] ?? 0
            check("RES-2", approved || held == 0, payment: payment, at: time,
                  "resolved as not approved while the issuer still holds \(held)")
        case .paymentRetired(let payment, let order):
            // The last word on a payment: one that did not succeed keeps no hold (RES-2). Then
            // its shadow state goes, so the monitors stay as small as the payments in flight.
            let held = heldByPayment[payment] ?? 0
            if finalByPayment[payment] == false {
                check("RES-2", held == 0, payment: payment, at: time, "a failed payment still holds \(held) when retired")
            }
            heldByPayment[payment] = nil
            authorizedByPayment[payment] = nil
            capturedByPayment[payment] = nil
            refundedByPayment[payment] = nil
            approvalsByPayment[payment] = nil
            finalByPayment[payment] = nil
            orderOfPayment[payment] = nil
            successesByOrder[order] = nil
        case .illegalTransition(let payment, let description):
            check("G-6", false, payment: payment, at: time, description)
        }
    }

    private mutating func checkHolds(card: UInt32, payment: UInt64, at time: SimTime, cardHeld: (UInt32) -> Int64) {
        let shadow = heldByCard[Int(card)]
        let ledger = cardHeld(card)
        check("G-3", shadow == ledger, payment: payment, at: time,
              "card#\(card).held is \(ledger) in the ledger, \(shadow) by open authorizations")
    }

    /// End of run: a payment that did not succeed keeps no hold (RES-2, SALE-2).
    mutating func finish(at time: SimTime, finals: [(payment: UInt64, succeeded: Bool)]) {
        for final in finals where !final.succeeded {
            let held = heldByPayment[final.payment] ?? 0
            check("RES-2", held == 0, payment: final.payment, at: time, "a failed payment still holds \(held)")
        }
    }

    /// A lifecycle passed its deadline while still open (G-7).
    mutating func deadlinePassed(payment: UInt64, at time: SimTime, detail: String) {
        check("G-7", false, payment: payment, at: time, detail, liveness: true)
    }

    mutating func lifecycleEndedInTime() {
        records[index("G-7")].checked &+= 1
    }
}
