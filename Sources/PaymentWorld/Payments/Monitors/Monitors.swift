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

    /// Every claim, in report order: its invariant id and its name.
    enum Claim: Int, CaseIterable {
        case g2, g3, g4, g5, g6, g9, g10, sale1, auth1, auth3, res2, g7
        case otp3, otp5, card1, card2, card4, prov1, prov3, g8, g11, g12

        var invariant: String {
            switch self {
            case .g2: "G-2"
            case .g3: "G-3"
            case .g4: "G-4"
            case .g5: "G-5"
            case .g6: "G-6"
            case .g9: "G-9"
            case .g10: "G-10"
            case .sale1: "SALE-1"
            case .auth1: "AUTH-1"
            case .auth3: "AUTH-3"
            case .res2: "RES-2"
            case .g7: "G-7"
            case .otp3: "OTP-3"
            case .otp5: "OTP-5"
            case .card1: "CARD-1"
            case .card2: "CARD-2"
            case .card4: "CARD-4"
            case .prov1: "PROV-1"
            case .prov3: "PROV-3"
            case .g8: "G-8"
            case .g11: "G-11"
            case .g12: "G-12"
            }
        }

        var name: String {
            switch self {
            case .g2: "NoCardIsOverdrawn"
            case .g3: "HoldsMatchOpenAuthorizations"
            case .g4: "NoOrderIsChargedTwice"
            case .g5: "FinalStatusNeverChanges"
            case .g6: "OnlyLegalTransitions"
            case .g9: "AuthorizationFollowsAuthentication"
            case .g10: "OnlyUsableCardsAreApproved"
            case .sale1: "NoPaymentIsChargedTwice"
            case .auth1: "CapturesNeverExceedTheAuthorization"
            case .auth3: "RefundsNeverExceedCaptures"
            case .res2: "FailedPaymentsKeepNoHold"
            case .g7: "EveryLifecycleEndsInTime"
            case .otp3: "OtpAttemptsStayWithinTheLimit"
            case .otp5: "ProtectedActionsFollowAVerifiedOtp"
            case .card1: "CancelledAndExpiredCardsStayThatWay"
            case .card2: "PhysicalCardsActivateOnce"
            case .card4: "CardUpdatesNeedVerifiedSca"
            case .prov1: "OnlyActiveCardsAreTokenized"
            case .prov3: "OneCompletedTokenizationPerCard"
            case .g8: "AnswersFollowTheirRequests"
            case .g11: "CascadeAttemptsRunOneAtATime"
            case .g12: "FullCardNumbersStayInScope"
            }
        }
    }

    public static let claims: [(String, String)] = Claim.allCases.map { ($0.invariant, $0.name) }

    public private(set) var records: [Record] = Monitors.claims.map { Record(invariant: $0.0, claim: $0.1) }
    public private(set) var violations: [Violation] = []
    let proceedOnUnavailable: Bool
    /// Payments below this amount may skip 3DS (the low-value exemption); 0 exempts nothing.
    let lowValueExemption: Int64

    /// What the monitors remember of one gateway payment, in a dense array by slot; a record
    /// whose generation is not the payment's belongs to the slot's earlier tenant and reads as new.
    struct PaymentShadow {
        var generation: UInt32 = 0
        var held: Int64 = 0
        var authorized: Int64 = 0
        var captured: Int64 = 0
        var refunded: Int64 = 0
        var approvals = 0
        /// Authorization attempts sent so far: an answer must name one of them (G-8).
        var attemptsSent = 0
        /// Attempts known not to be approved (bit per attempt): the next may start only then (G-11).
        var notApproved: UInt64 = 0
        var final: Bool?
    }

    private var payments: [PaymentShadow] = []
    /// Successes per order (the device's lifecycle), by slot, with the order's generation.
    private var orderGenerations: [UInt32] = []
    private var successesByOrder: [Int] = []
    private var heldByCard: [Int64]

    init(cards: Int, proceedOnUnavailable: Bool, lowValueExemption: Int64 = 0) {
        heldByCard = [Int64](repeating: 0, count: cards)
        self.proceedOnUnavailable = proceedOnUnavailable
        self.lowValueExemption = lowValueExemption
    }

    /// Shadows of payments whose gateway slot already holds a newer payment: a late message (a
    /// duplicate authorization answered after retirement) must not touch the newer one's shadow.
    private var late: [PaymentShadow] = []
    private var lateIndex: [UInt64: Int] = [:]
    private var lateOrders: [UInt64: Int] = [:]

    /// A reference to a payment's shadow: a slot of `payments`, or (negative) an entry of `late`.
    private subscript(reference: Int) -> PaymentShadow {
        get { reference >= 0 ? payments[reference] : late[-1 - reference] }
        set {
            if reference >= 0 { payments[reference] = newValue } else { late[-1 - reference] = newValue }
        }
    }

    /// The payment's shadow, fresh if its slot held an earlier payment.
    private mutating func shadow(_ payment: UInt64) -> Int {
        let slot = payment.slot
        while payments.count <= slot { payments.append(PaymentShadow()) }
        if payments[slot].generation == payment.generation { return slot }
        if payments[slot].generation > payment.generation {
            if let index = lateIndex[payment] { return -1 - index }
            if late.count >= 4_096 {
                // Late messages are rare; past this many, forget the oldest ones' shadows so memory stays flat.
                late.removeAll(keepingCapacity: true)
                lateIndex.removeAll(keepingCapacity: true)
            }
            late.append(PaymentShadow(generation: payment.generation))
            lateIndex[payment] = late.count - 1
            return -late.count
        }
        payments[slot] = PaymentShadow(generation: payment.generation)
        return slot
    }

    private func peek(_ payment: UInt64) -> PaymentShadow {
        let slot = payment.slot
        if slot < payments.count, payments[slot].generation == payment.generation { return payments[slot] }
        return lateIndex[payment].map { late[$0] } ?? PaymentShadow()
    }

    /// Successes of an order, by the device's slot; a late order keeps its count apart.
    private mutating func successes(of order: UInt64) -> Int {
        let slot = order.slot
        while successesByOrder.count <= slot {
            successesByOrder.append(0)
            orderGenerations.append(0)
        }
        if orderGenerations[slot] > order.generation {
            lateOrders[order, default: 0] += 1
            return lateOrders[order] ?? 0
        }
        if orderGenerations[slot] != order.generation {
            orderGenerations[slot] = order.generation
            successesByOrder[slot] = 0
        }
        successesByOrder[slot] += 1
        return successesByOrder[slot]
    }

    private mutating func check(_ claim: Claim, _ holds: Bool, payment: UInt64, at time: SimTime,
                                _ detail: @autoclosure () -> String, liveness: Bool = false) {
        let slot = claim.rawValue
        records[slot].checked &+= 1
        guard !holds else { return }
        records[slot].violations &+= 1
        violations.append(Violation(invariant: records[slot].invariant, claim: records[slot].claim, lifecycle: payment,
                                    time: time, detail: detail(), isLiveness: liveness))
    }

    /// Checks one event against every claim it concerns; `cardAvailable` and `cardHeld` read the
    /// ledger's balances for a card after the event.
    mutating func observe(_ event: WorldEvent, at time: SimTime, cardAvailable: (UInt32) -> Int64,
                          cardHeld: (UInt32) -> Int64) {
        switch event {
        case .paymentCreated(let payment, _, _):
            _ = shadow(payment)
        case .authorizationSent(let payment, let attempt, let required, let authentication, let exempted, let amount):
            // An exemption makes authentication not required, but only one the policy grants.
            let validExemption = exempted && amount < lowValueExemption
            let allowed = !required || validExemption || authentication == .authenticated || authentication == .attempted
                || (authentication == .unavailable && proceedOnUnavailable)
            let limit = lowValueExemption
            let slot = shadow(payment)
            self[slot].attemptsSent = max(self[slot].attemptsSent, attempt + 1)
            if attempt > 0 {
                // Attempts past the 64 the mask tracks are not checked; a payment makes two at most.
                let previousSettled = attempt > 64 || self[slot].notApproved & 1 << UInt64(attempt - 1) != 0
                check(.g11, previousSettled, payment: payment, at: time,
                      "attempt #\(attempt + 1) sent before attempt #\(attempt) was known not approved")
            }
            check(.g9, allowed, payment: payment, at: time,
                  exempted && !validExemption
                      ? "attempt \(attempt) exempted from 3DS at \(amount), not below the low-value limit \(limit)"
                      : "attempt \(attempt) authorized with 3DS result \(authentication.map { "\($0)" } ?? "none")")
        case .authorizationAnswered(let payment, let attempt, let approved):
            let sent = peek(payment).attemptsSent
            if !approved && attempt < 64 {
                let slot = shadow(payment)
                self[slot].notApproved |= 1 << UInt64(attempt)
            }
            check(.g8, attempt < sent, payment: payment, at: time,
                  "an answer names authorization attempt #\(attempt + 1) when \(sent) had been sent")
        case .holdPlaced(let payment, let card, let amount, let standIn, let usable):
            let slot = shadow(payment)
            self[slot].held += amount
            self[slot].authorized += amount
            self[slot].approvals += 1
            heldByCard[Int(card)] += amount
            check(.g10, usable || standIn, payment: payment, at: time, "card#\(card) is not usable but was approved")
            check(.g2, cardAvailable(card) >= 0 || standIn, payment: payment, at: time,
                  "card#\(card).available = \(cardAvailable(card))")
            checkHolds(card: card, payment: payment, at: time, cardHeld: cardHeld)
            let approvals = self[slot].approvals
            check(.sale1, approvals <= 1, payment: payment, at: time, "\(approvals) approved authorizations")
        case .holdReleased(let payment, let card, let amount):
            let slot = shadow(payment)
            self[slot].held -= amount
            heldByCard[Int(card)] -= amount
            if self[slot].held == 0 { self[slot].approvals = 0 }
            checkHolds(card: card, payment: payment, at: time, cardHeld: cardHeld)
        case .captureAttempted(let payment, let amount):
            let captured = peek(payment).captured + amount
            let authorized = peek(payment).authorized
            check(.auth1, captured <= authorized, payment: payment, at: time,
                  "a capture would make \(captured) captured of an authorization for \(authorized)")
        case .captured(let payment, let card, let amount):
            let slot = shadow(payment)
            self[slot].held -= amount
            heldByCard[Int(card)] -= amount
            self[slot].captured += amount
            checkHolds(card: card, payment: payment, at: time, cardHeld: cardHeld)
        case .refundAttempted(let payment, let amount):
            let refunded = peek(payment).refunded + amount
            let captured = peek(payment).captured
            check(.auth3, refunded <= captured, payment: payment, at: time,
                  "a refund would make \(refunded) refunded of \(captured) captured")
        case .refunded(let payment, let amount):
            self[shadow(payment)].refunded += amount
        case .paymentFinal(let payment, let order, let succeeded):
            let slot = shadow(payment)
            if let earlier = self[slot].final {
                check(.g5, earlier == succeeded, payment: payment, at: time,
                      "final status changed from \(earlier ? "succeeded" : "not succeeded")")
                return
            }
            self[slot].final = succeeded
            if succeeded {
                let count = successes(of: order)
                check(.g4, count <= 1, payment: payment, at: time, "order#\(order) succeeded \(count) times")
            } else {
                check(.res2, true, payment: payment, at: time, "")
            }
        case .outcomeResolved(let payment, let approved):
            let held = peek(payment).held
            let current = peek(payment).attemptsSent - 1  // LC-12 settles the attempt last sent.
            if !approved && current >= 0 && current < 64 {
                let slot = shadow(payment)
                self[slot].notApproved |= 1 << UInt64(current)
            }
            check(.res2, approved || held == 0, payment: payment, at: time,
                  "resolved as not approved while the issuer still holds \(held)")
        case .paymentRetired(let payment, let order):
            // The last word on a payment: one that did not succeed keeps no hold (RES-2). Then
            // its shadow state goes, so the monitors stay as small as the payments in flight.
            let shadow = peek(payment)
            if shadow.final == false {
                check(.res2, shadow.held == 0, payment: payment, at: time,
                      "a failed payment still holds \(shadow.held) when retired")
            }
            if payment.slot < payments.count, payments[payment.slot].generation == payment.generation {
                payments[payment.slot] = PaymentShadow()
            } else if let index = lateIndex.removeValue(forKey: payment) {
                late[index] = PaymentShadow()
            }
            if order.slot < successesByOrder.count, orderGenerations[order.slot] == order.generation {
                successesByOrder[order.slot] = 0
            }
            lateOrders[order] = nil
        case .illegalTransition(let payment, let description):
            check(.g6, false, payment: payment, at: time, description)
        case .otpChecked(let lifecycle, let submissions, let maxAttempts):
            check(.otp3, submissions <= maxAttempts, payment: lifecycle, at: time,
                  "code #\(submissions) checked with at most \(maxAttempts) allowed")
        case .otpProtectedActionRan(let lifecycle, let verified):
            check(.otp5, verified, payment: lifecycle, at: time, "protected action ran without a verified OTP")
        case .prepaidStatusChanged(let lifecycle, let from, let to, let sca):
            let absorbed = from == .cancelled || from == .expired
            check(.card1, !absorbed, payment: lifecycle, at: time, "card left \(from.map { "\($0)" } ?? "-") for \(to)")
            if from != nil, to == .locked || to == .cancelled || (from == .locked && to == .active) {
                check(.card4, sca, payment: lifecycle, at: time, "\(from.map { "\($0)" } ?? "-") → \(to) without verified SCA")
            }
        case .prepaidActivated(let lifecycle, let physical, let activations):
            check(.card2, physical && activations == 1, payment: lifecycle, at: time,
                  "activation #\(activations) of a \(physical ? "physical" : "virtual") card")
        case .answerReceived(let lifecycle, let answered, let made):
            check(.g8, answered <= made & 0xFFFF || made > 0xFFFF, payment: lifecycle, at: time,
                  "an answer to call \(answered) arrived when \(made) calls had been made")
        case .tokenizationCompleted(let lifecycle, let cardStatus, let earlier):
            check(.prov1, cardStatus == .active, payment: lifecycle, at: time, "tokenization completed for a \(cardStatus) card")
            check(.prov3, earlier == 0, payment: lifecycle, at: time, "\(earlier + 1) completed tokenizations")
        case .cardDataKept(let lifecycle, let holder, let form):
            check(.g12, form != .pan || Self.mayKeepFullPAN(holder), payment: lifecycle, at: time,
                  "the \(holder) stored a full card number")
        }
    }

    /// Domain §2.5 G-12: the app's input, the gateway (the seed systems' platforms are gateways),
    /// the issuer (Paysafe's card platform issues) and the token service. Merchants and wallets
    /// keep masked numbers and tokens.
    static func mayKeepFullPAN(_ holder: PaymentActorKind) -> Bool {
        switch holder {
        case .device, .gateway, .platform, .issuer, .cardPlatform, .tokenService: true
        case .merchant, .wallet, .mobileWallet, .messageChannel, .acs, .directoryServer, .acquirer, .backupAcquirer,
             .network, .scaAuthority: false
        }
    }

    private mutating func checkHolds(card: UInt32, payment: UInt64, at time: SimTime, cardHeld: (UInt32) -> Int64) {
        let shadow = heldByCard[Int(card)]
        let ledger = cardHeld(card)
        check(.g3, shadow == ledger, payment: payment, at: time,
              "card#\(card).held is \(ledger) in the ledger, \(shadow) by open authorizations")
    }

    /// End of run: a payment that did not succeed keeps no hold (RES-2, SALE-2).
    mutating func finish(at time: SimTime, finals: [(payment: UInt64, succeeded: Bool)]) {
        for final in finals where !final.succeeded {
            let held = peek(final.payment).held
            check(.res2, held == 0, payment: final.payment, at: time, "a failed payment still holds \(held)")
        }
    }

    /// A lifecycle passed its deadline while still open (G-7).
    mutating func deadlinePassed(payment: UInt64, at time: SimTime, detail: String) {
        check(.g7, false, payment: payment, at: time, detail, liveness: true)
    }

    mutating func lifecycleEndedInTime() {
        records[Claim.g7.rawValue].checked &+= 1
    }
}
