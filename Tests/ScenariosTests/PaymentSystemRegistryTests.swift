import PaymentWorld
import Scenarios
import SimulationKernel
import SimulationTestSupport
import Testing

/// The registry of payment systems (`Sources/PaymentWorld/Systems/Registry.swift`): flows keep their
/// places as systems are added, and each system's scenario runs its own flows with its own claims
/// checked and holding.
@Suite struct PaymentSystemRegistryTests {
    /// The flows of the seed systems, in their places: a system appended to the registry must leave
    /// them where they are. A system's own new flow sits in its block (`mastercard_token_pay`, stop
    /// 39) and moves the later flows up one place; that moved no random stream: the scenarios without
    /// it kept their trace hashes (results/README.md, "MPGS tokens").
    static let firstFifteen = ["sale", "authorization", "portmone_bill", "portmone_topup", "portmone_wallet_card",
                               "ecommpay_sale", "ecommpay_auth", "ecommpay_verify", "ecommpay_token_sale",
                               "mastercard_pay", "mastercard_authorize", "mastercard_token_pay", "sogenactif_card_order",
                               "sogenactif_wallet_order", "paysafe_card", "paysafe_provisioning"]

    @Test func flowsKeepTheirPlacesAndNamesAreUnique() {
        let names = PaymentFlow.allCases.map(\.description)
        #expect(Array(names.prefix(Self.firstFifteen.count)) == Self.firstFifteen)
        #expect(Set(names).count == names.count, "a flow name is declared twice: \(names)")
        #expect(Set(PaymentSystem.allCases.map(\.description)).count == PaymentSystem.allCases.count)
        for (index, flow) in PaymentFlow.allCases.enumerated() {
            #expect(flow.rawValue == index && PaymentFlow.named(flow.description) == flow)
            #expect(flow.system.flows.contains(flow))
        }
        // A system's flows sit together, in registration order.
        let owners = PaymentFlow.allCases.map(\.system.index)
        #expect(owners == owners.sorted(), "flows of one system are split: \(owners)")
        #expect(PaymentSystem.named("no-such-system") == nil && PaymentFlow.named("no_such_flow") == nil)
    }

    static let withScenarios = PaymentSystem.allCases.filter { $0.scenario != nil }

    /// Each system's scenario, cut to 2,000 lifecycles: only the system's flows start, every
    /// lifecycle ends, nothing is violated, and each claim of the system's own is checked.
    @Test(arguments: withScenarios)
    func eachSystemsScenarioRunsItsFlowsAndChecksItsClaims(system: PaymentSystem) throws {
        let file = try #require(system.scenario)
        let scenario = try ScenarioLoader.load(file: packageRoot.appendingPathComponent(file).path,
                                               overrides: ["run.lifecycles=2000"])
        guard case .payments(let configuration) = scenario.model else {
            Issue.record("\(file) is not a payments scenario")
            return
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: scenario.seed)).run()
        #expect(result.violations.isEmpty, "\(file): \(result.violations.map(\.description))")
        #expect(result.completed == 2_000 && result.unfinished == 0, "\(file)")
        let started = result.flows.filter { $0.started > 0 }.map(\.flow)
        #expect(!started.isEmpty && started.allSatisfy { $0.system == system }, "\(file) started \(started)")
        for claim in system.claimIDs {
            let record = result.monitors.first { $0.invariant == claim }
            #expect((record?.checked ?? 0) > 0, "\(file): \(claim) was never checked")
        }
    }

    /// STRIPE-1 catches a gateway that opens a second PaymentIntent for a repeated request under
    /// the key of one that already ended, before any money moves twice.
    @Test func stripeOneIntentPerKeyCatchesASecondIntentUnderOneKey() throws {
        let scenario = try ScenarioLoader.load(
            file: packageRoot.appendingPathComponent("scenarios/stripe-payment-intents.json").path,
            overrides: ["run.lifecycles=3000", #"defects=["restore-opens-second-payment"]"#])
        guard case .payments(let configuration) = scenario.model else {
            Issue.record("not a payments scenario")
            return
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: 42)).run()
        #expect(result.violations.first?.invariant == "STRIPE-1", "\(result.violations.prefix(3).map(\.description))")
    }
}
