import Foundation
import PaymentWorld
import Scenarios
import SimulationKernel
import Testing

/// Bugs the fault drills found, each pinned as the scenario `paystorm shrink` reduced it to and
/// the seed that found it. They must stay clean.
@Suite struct FoundBugRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")

    /// - `stale-message-clobbers-newer-card`: paysafe-prepaid, seed 1, 1 % duplication and
    ///   reordering. A late copy of a message from a lifecycle whose slot had been reused reset the
    ///   card platform's record of the newer lifecycle, whose lock then met a `notCreated` card (G-6).
    ///   Servers now drop messages of an older generation than the slot's.
    /// - `duplicate-answer-repeats-a-step`: default, seed 3, 1 % duplication. A duplicated answer was
    ///   taken twice by the app, which repeated the step (a second code submission after the OTP was
    ///   verified, a second verify on a used session: G-6). Answers now name their call, and the app
    ///   takes one answer per call.
    @Test(arguments: [("stale-message-clobbers-newer-card", UInt64(1)), ("duplicate-answer-repeats-a-step", 3)])
    func foundBugStaysFixed(name: String, seed: UInt64) throws {
        let scenario = try ScenarioLoader.load(file: Self.directory.appendingPathComponent(name + ".json").path)
        guard case .payments(let configuration) = scenario.model else {
            Issue.record("\(name) is not a payments scenario")
            return
        }
        let result = PaymentsWorld(configuration: configuration, options: .init(seed: seed)).run()
        #expect(result.violations.isEmpty, "\(name) seed \(seed): \(result.violations.map(\.description))")
        #expect(result.completed == UInt64(configuration.lifecycles))
        #expect(result.counters.duplicatesDeduped > 0)
    }
}
