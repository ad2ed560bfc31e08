import PaymentWorld
import Scenarios
import SimulationKernel
import SimulationTestSupport
import Testing

/// LC-06 stepped in a small run of scenarios/default.json: 3DS 1.0 for Sogenactif, Mastercard and
/// Portmone, EMV 3DS 2 for ecommpay, with the default shares of every transStatus.
@Suite struct ThreeDSDefaultScenarioTests {
    static let lifecycles = 6_000

    static func run() throws -> PaymentsResult? {
        let scenario = try ScenarioLoader.load(file: packageRoot.appendingPathComponent("scenarios/default.json").path,
                                               overrides: ["run.lifecycles=\(lifecycles)"])
        guard case .payments(let configuration) = scenario.model else { return nil }
        return PaymentsWorld(configuration: configuration, options: .init(seed: scenario.seed)).run()
    }

    /// Applied counts of one lifecycle's pairs, by `state × event`.
    static func applied(_ result: PaymentsResult, _ lifecycle: String) -> [String: UInt64] {
        guard let machine = result.coverage.machines.first(where: { $0.lifecycle == lifecycle }) else { return [:] }
        return Dictionary(uniqueKeysWithValues: machine.table.map { ("\($0.state) × \($0.event)", $0.applied) })
    }

    @Test func aSmallDefaultRunStepsBothVersionsAndGivesEveryTransStatus() throws {
        let result = try #require(try Self.run(), "scenarios/default.json is not a payments scenario")
        #expect(result.violations.isEmpty, "\(result.violations.map(\.description))")
        let threeDS = Self.applied(result, "LC-06 ThreeDS")
        let v1 = ["start × veRes", "challengeRedirect × paResPosted", "paResReceived × paResVerified",
                  "challengeRedirect × abandon"]
        let v2 = ["start × deviceDataCollected", "aReqSent × aRes", "challenging × challengeRound", "challenging × rReq",
                  "decoupled × rReq"]
        for pair in v1 + v2 { #expect(threeDS[pair, default: 0] > 0, "LC-06 \(pair) not reached: \(threeDS)") }
        // Every final status, in summary order, and C and D, which only lead on (3DS-1).
        for (status, count) in zip(["Y", "A", "N", "U", "R", "I"], result.counters.threeDSResults) {
            #expect(count > 0, "no \(status): \(result.counters.threeDSResults)")
        }
        #expect(result.counters.challenged > 0 && result.counters.decoupled > 0)
        // A cancelled challenge is the customer abandoning the sale (LC-01), whichever version it was.
        let sale = Self.applied(result, "LC-01 Sale")
        #expect(sale["authenticating × abandon", default: 0] > 0, "\(sale)")
        #expect(sale["authenticating × authResult", default: 0] > threeDS["challengeRedirect × abandon", default: 0])
    }
}
