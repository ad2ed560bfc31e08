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
        // The app's three re-inits wait 500 ms, 1 s and 2 s first, each up to 20 % longer.
        let backoffs = SimDuration.milliseconds(600) * 7
        let waits = t.deviceCall * 3 + backoffs + t.merchantCall * 3 + t.authentication + t.challenge + t.authorization
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
        // Five calls instead of three; and where calls are lost the app may run out of its four and
        // tell a customer "unknown", who comes back after `walkAwayTime`.
        #expect(lossy.appMayTellUnknown)
        let extra = (lossy.timeouts.deviceCall + lossy.timeouts.merchantCall) * 2 + lossy.behaviour.walkAwayTime.farTail
        let expected = calm + extra + SimDuration(nanoseconds: extra.nanoseconds / 10)
        // The grace is a tenth of the whole, so the two roundings may differ by a nanosecond.
        #expect(abs(lossy.lifecycleBudget(for: .sale).nanoseconds - expected.nanoseconds) <= 1)

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

/// The app tells a customer "unknown" only when its calls may all go unanswered: the budget then
/// allows for the customer's return (issue 33).
@Suite struct AppGiveUpBudgetTests {
    @Test func aPartitionLongerThanTheAppsCallsAllowsForTheCustomersReturn() {
        var configuration = PaymentsConfiguration()
        let calm = configuration.lifecycleBudget(for: .sale)
        #expect(!configuration.appMayTellUnknown)
        // Four calls of 60 s: a partition of three minutes cannot outlast them, one of five can.
        configuration.faultWindows = [PaymentFaultWindow(kind: .partition, start: .zero, duration: .minutes(3),
                                                         between: [.device, .merchant])]
        #expect(!configuration.appMayTellUnknown)
        configuration.faultWindows[0].duration = .minutes(5)
        #expect(configuration.appMayTellUnknown)
        #expect(configuration.lifecycleBudget(for: .sale) > calm + configuration.behaviour.walkAwayTime.farTail)
        // A partition that leaves the device alone changes nothing for it.
        configuration.faultWindows[0].between = [.gateway, .acquirer]
        #expect(!configuration.appMayTellUnknown)
    }
}

extension AppGiveUpBudgetTests {
    /// Any loss may lose four calls in a row somewhere in a long run: the budget allows for the
    /// customer's return as soon as messages are lost at all.
    @Test func anyLossAllowsForTheCustomersReturn() {
        var configuration = PaymentsConfiguration()
        configuration.faults = FaultProfile(loss: Ratio(1, 1_000))
        #expect(configuration.appMayTellUnknown)
        configuration.faults = .none
        configuration.faultWindows = [PaymentFaultWindow(kind: .loss(Ratio(1, 100)), start: .zero, duration: .seconds(1))]
        #expect(configuration.appMayTellUnknown)
        configuration.faultWindows = [PaymentFaultWindow(kind: .duplication(Ratio(1, 10)), start: .zero, duration: .hours(1))]
        #expect(!configuration.appMayTellUnknown, "copies lose nothing")
    }
}
