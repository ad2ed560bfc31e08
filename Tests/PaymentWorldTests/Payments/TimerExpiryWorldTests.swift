import PaymentWorld
import SimulationKernel
import Testing

/// The timers of domain.md §2.7 run out in a run, not only in the tables: customers who walk away
/// (`behaviour.walkAway`) come back too late, the server's timer has moved the lifecycle to its
/// expired state, and the customer is told so in the system's own code. Each case pins its seed.
@Suite struct TimerExpiryWorldTests {
    /// A world of `flows` where a fifth of the customers' waits end in a walk-away of 20 minutes.
    static func walkingAway(_ flows: [PaymentFlow], away: Distribution = .constant(.minutes(20))) -> PaymentsConfiguration {
        seedWorld(flows) {
            $0.lifecycles = 600
            $0.behaviour.walkAway = Ratio(1, 5)
            $0.behaviour.walkAwayTime = away
        }
    }

    /// One expiry as a path: its timer, the step answered `expired` after it (nil for the
    /// challenge, which nobody answers), and the final code the customer is told.
    struct Case: CustomTestStringConvertible, Sendable {
        var flows: [PaymentFlow]
        var timer: ExpiringTimer
        var step: SeedStep?
        var flow: PaymentFlow
        var code: String
        var testDescription: String { "\(timer) → \(code)" }
    }

    static let cases: [Case] = [
        Case(flows: [.ecommpaySale, .ecommpayAuth], timer: .challengeCompletion, step: nil, flow: .ecommpaySale, code: "108"),
        Case(flows: [.portmoneBill, .portmoneWalletCard], timer: .otpValidity, step: .submitCode, flow: .portmoneBill,
             code: "2108"),
        Case(flows: [.paysafeCard], timer: .scaEventExpiry, step: .scaAttempt, flow: .paysafeCard, code: "scaExpired"),
        Case(flows: [.mastercardPay], timer: .sessionLifetime, step: .updateSession, flow: .mastercardPay, code: "ERROR"),
        Case(flows: [.sogenactifWalletOrder], timer: .sessionInactivity, step: .getWalletData, flow: .sogenactifWalletOrder,
             code: "97"),
        Case(flows: [.paysafeProvisioning], timer: .provisioningCompletion, step: .updateTokenizationStatus,
             flow: .paysafeProvisioning, code: "tokenizationFailed"),
    ]

    @Test(arguments: cases)
    func aCustomerWhoWalksAwayMeetsTheExpiredTimer(_ expiry: Case) {
        let result = PaymentsWorld(configuration: Self.walkingAway(expiry.flows), options: .init(seed: 17)).run()
        // Every lifecycle ends, within its budget, with nothing held and every claim kept
        // (RES-4, RES-5, AUTH-4, G-7 and the lifecycles' own).
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 600 && result.unfinished == 0, "\(describe(result))")
        #expect(result.audit.passed)
        #expect(result.counters.walkAways > 0)
        #expect(result.counters.expiries[expiry.timer.rawValue] > 0, "\(expiry.timer) never ran out: \(result.counters.expiries)")
        if let step = expiry.step {
            #expect(result.counters.stepAnswers[step, .expired] > 0, "no \(step) answered expired")
        }
        let codes = result.flows[expiry.flow.rawValue].codes
        #expect(codes[expiry.code, default: 0] > 0, "\(expiry.flow) never ended \(expiry.code): \(codes)")
        let checked = Dictionary(uniqueKeysWithValues: result.monitors.map { ($0.invariant, $0.checked) })
        if expiry.flow.core != nil {
            for claim in ["RES-4", "RES-5", "AUTH-4"] {
                #expect(checked[claim, default: 0] > 0, "\(claim) was not checked: \(checked)")
            }
        }
    }

    /// The expired states are the tables' own: each lifecycle reached its expiry pair.
    @Test func theExpiriesAreTheTablesTransitions() {
        let flows: [PaymentFlow] = [.portmoneBill, .paysafeCard, .mastercardPay, .sogenactifWalletOrder]
        let result = PaymentsWorld(configuration: Self.walkingAway(flows), options: .init(seed: 17)).run()
        let reached = Set(result.coverage.byLegality.flatMap { lifecycle in
            lifecycle.legalReached.map { "\(lifecycle.lifecycle): \($0.state) × \($0.event)" }
        })
        for pair in ["LC-07 Otp: awaitingCode × codeExpired", "LC-10 Sca: challenged × eventExpired",
                     "LC-00 CheckoutSession: credentialed × expire", "LC-00 CheckoutSession: opened × expire"] {
            #expect(reached.contains(pair), "\(pair) not reached")
        }
    }

    /// A customer away for a minute is slow, not late: no timer of 5 minutes or more runs out for
    /// them, and nobody is told "expired".
    @Test func aCustomerBackBeforeTheLimitCarriesOn() {
        let flows: [PaymentFlow] = [.portmoneBill, .paysafeCard, .mastercardPay, .sogenactifWalletOrder, .paysafeProvisioning]
        let result = PaymentsWorld(configuration: Self.walkingAway(flows, away: .constant(.minutes(1))),
                                   options: .init(seed: 17)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.counters.walkAways > 0)
        for step in [SeedStep.submitCode, .scaAttempt, .updateSession, .getWalletData, .updateTokenizationStatus] {
            #expect(result.counters.stepAnswers[step, .expired] == 0, "\(step) answered expired")
        }
        #expect(result.counters.expiries[ExpiringTimer.otpValidity.rawValue] == 0)
        #expect(result.counters.expiries[ExpiringTimer.scaEventExpiry.rawValue] == 0)
    }

    /// The limit is the scenario's: a 2-minute OTP runs out on a customer away for 3 minutes.
    @Test func theLimitIsConfigurable() {
        var configuration = Self.walkingAway([.portmoneBill], away: .constant(.minutes(3)))
        let late = PaymentsWorld(configuration: configuration, options: .init(seed: 17)).run()
        #expect(late.counters.expiries[ExpiringTimer.otpValidity.rawValue] == 0, "the default OTP lives 300 s")
        configuration.timeouts.otpValidity = .minutes(2)
        let shorter = PaymentsWorld(configuration: configuration, options: .init(seed: 17)).run()
        #expect(shorter.violations.isEmpty, "\(describe(shorter))")
        #expect(shorter.counters.expiries[ExpiringTimer.otpValidity.rawValue] > 0)
        #expect(shorter.counters.stepAnswers[.submitCode, .expired] > 0)
    }

    /// Walk-aways come from the run's seeded streams: the same seed replays to the same hash.
    @Test func walkAwaysReplay() {
        let configuration = Self.walkingAway([.ecommpaySale, .portmoneBill, .paysafeCard, .mastercardPay])
        let first = PaymentsWorld(configuration: configuration, options: .init(seed: 23)).run()
        let again = PaymentsWorld(configuration: configuration, options: .init(seed: 23)).run()
        #expect(first.traceHash == again.traceHash && first.counters.expiries == again.counters.expiries)
        #expect(first.counters.walkAways > 0)
    }

    /// The defaults are domain.md §2.7's.
    @Test func theDefaultsAreTheDomains() {
        let timeouts = PaymentTimeouts()
        let expected: [ExpiringTimer: SimDuration] = [
            .aResResponse: .seconds(10), .challengeCompletion: .seconds(600), .authorizationResponse: .seconds(10),
            .otpValidity: .seconds(300), .scaEventExpiry: .seconds(300), .sessionLifetime: .minutes(15),
            .sessionInactivity: .minutes(15), .provisioningCompletion: .seconds(600),
            // Sips counts its captureDay in days; the model's [A] is minutes, so that a run sees it.
            .captureDay: .minutes(3),
            // A card's and a card-on-file token's validity: years [A], so none expires in a default run.
            .cardValidity: .hours(3 * 365 * 24), .tokenValidity: .hours(3 * 365 * 24),
        ]
        for timer in ExpiringTimer.allCases {
            #expect(timer.duration(in: timeouts) == expected[timer], "\(timer)")
        }
        #expect(PaymentBehaviour().walkAway == Ratio(0, 1), "nobody walks away unless the scenario says so")
    }
}
