import Testing
import SimulationKernel
@testable import PaymentWorld

/// Domain §2.7: a lifecycle's budget is the sum of its stage timeouts plus 10 % grace.
@Suite struct LifecycleBudgetTests {
    @Test func aCardSaleGetsItsCoreWaitsPlusGrace() {
        let configuration = PaymentsConfiguration()
        let t = configuration.timeouts
        // Each further provider of a cascade (LC-08, two by default) may need the customer's consent
        // and a new 3-D Secure before its own authorization.
        let furtherAttempt = t.cascadeConsent + t.authentication + t.challenge + t.authorization + t.issuerStandIn
            + t.resolutionHop * 4
        let waits = t.deviceCall * 3 + t.merchantCall * 3 + t.authentication + t.challenge + t.authorization
            + t.issuerStandIn + t.resolutionHop * 4 + furtherAttempt * 2
        let budget = configuration.lifecycleBudget(for: .sale)
        let network = configuration.networkAllowance(for: .sale)
        #expect(budget == waits + SimDuration(nanoseconds: waits.nanoseconds / 10) + network)
        // The default network's allowance: 20 messages at 15 ms · e^(0.5 · 4.26), about 2.5 s.
        #expect(network > .seconds(2) && network < .seconds(3), "\(network)")
    }

    /// A copy of a request can arrive minutes late on a heavy-tailed network (card-payments.json
    /// with lognormal sigma 10, seeds 1 and 3: 342 s from the device to the gateway). The budget
    /// allows for it; where nothing bounds a message, it reaches the clamp and no deadline is set.
    @Test func heavyTailedNetworksGetLongerBudgetsOrNone() {
        var configuration = PaymentsConfiguration()
        let calm = configuration.lifecycleBudget(for: .sale)
        configuration.latency = .lognormal(median: .milliseconds(15), sigma: 3)
        #expect(configuration.lifecycleBudget(for: .sale) > calm + .hours(10))
        configuration.latency = .lognormal(median: .milliseconds(15), sigma: 10)
        #expect(configuration.lifecycleBudget(for: .sale) == .budgetClamp)
        configuration.timeouts.lifecycleBudget = .minutes(15)
        #expect(configuration.lifecycleBudget(for: .sale) == .minutes(15), "a scenario's own budget still decides")
    }

    @Test func everyFlowOutlastsTheWaitsItCanMeet() {
        let configuration = PaymentsConfiguration()
        let sale = configuration.lifecycleBudget(for: .sale)
        // An authorization does not cascade (LC-08 serves sales): it waits as a sale of one provider does.
        var oneProvider = configuration
        oneProvider.policies.cascadeProviders = 1
        let saleWithoutCascade = oneProvider.lifecycleBudget(for: .sale)
        for flow in PaymentFlow.allCases {
            let budget = configuration.lifecycleBudget(for: flow)
            // Every SDK call may be repeated twice after its timeout.
            let calls = configuration.seed.stepCall * Int64(3 * flow.steps.count)
            #expect(budget > calls, "\(flow)")
            if flow.core == .sale && flow.system.cascades {
                #expect(budget >= sale, "\(flow) may cascade and wait out a challenge per provider")
            }
            if flow.core == .sale && !flow.system.cascades {
                #expect(budget >= saleWithoutCascade, "\(flow) waits out one provider's challenge: its system does not cascade")
            }
            if flow.core == .authorization {
                #expect(budget > saleWithoutCascade + configuration.behaviour.captureWindow, "\(flow) waits for its capture")
            }
        }
        // The seed-144 path: four Portmone steps, OTP retries, then a challenge that times out.
        #expect(configuration.lifecycleBudget(for: .portmoneBill) > .seconds(270) + configuration.timeouts.challenge
                + configuration.timeouts.merchantCall * 3)
    }

    /// On a lossy network a caller may need more tries than its retries: as many as all but one
    /// round trip in 100,000 need (request and answer each lost with the link's loss).
    @Test func lossyNetworksGetTheCallsTheyNeed() {
        #expect(PaymentsConfiguration.callsThroughLoss(.zero) == 1)
        #expect(PaymentsConfiguration.callsThroughLoss(Ratio(1, 100)) == 3)
        #expect(PaymentsConfiguration.callsThroughLoss(Ratio(5, 100)) == 5)
        #expect(PaymentsConfiguration.callsThroughLoss(Ratio(1, 1)) == 1_000)
        var lossy = PaymentsConfiguration()
        let calm = lossy.lifecycleBudget(for: .sale)
        lossy.faults = FaultProfile(loss: Ratio(5, 100))
        let calls = (lossy.timeouts.deviceCall + lossy.timeouts.merchantCall) * 2  // Five calls instead of three.
        #expect(lossy.lifecycleBudget(for: .sale) == calm + calls + SimDuration(nanoseconds: calls.nanoseconds / 10))
    }

    @Test func aScenarioBudgetJudgesEveryFlowByOneClock() {
        var configuration = PaymentsConfiguration()
        configuration.timeouts.lifecycleBudget = .minutes(15)
        #expect(PaymentFlow.allCases.allSatisfy { configuration.lifecycleBudget(for: $0) == .minutes(15) })
    }

    @Test(arguments: [PaymentFlow.ecommpaySale, .mastercardPay])
    func longerTimeoutsGiveLongerBudgets(flow: PaymentFlow) {
        var configuration = PaymentsConfiguration()
        let before = configuration.lifecycleBudget(for: flow)
        configuration.timeouts.challenge = .minutes(20)
        // The first attempt's challenge and, where the system cascades, each further provider's,
        // each with its 10 % grace.
        let challenges = Int64(flow.system.cascades ? configuration.policies.cascadeProviders : 1)
        #expect(configuration.lifecycleBudget(for: flow) == before + (SimDuration.minutes(10) + .minutes(1)) * challenges)
    }
}
