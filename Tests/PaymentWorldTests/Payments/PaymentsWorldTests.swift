import PaymentWorld
import SimulationKernel
import Testing

/// A small world: a few thousand payments through every actor.
func smallWorld(_ change: (inout PaymentsConfiguration) -> Void = { _ in }) -> PaymentsConfiguration {
    var configuration = PaymentsConfiguration()
    configuration.lifecycles = 3_000
    configuration.rate = 50
    configuration.cards.count = 500
    change(&configuration)
    return configuration
}

func describe(_ result: PaymentsResult) -> String {
    let flows = result.flows.map { flow in
        "\(flow.flow): started \(flow.started) completed \(flow.completed) outcomes "
            + PaymentOutcome.allCases.map { "\($0)=\(flow.outcomes[Int($0.rawValue)])" }.joined(separator: " ")
    }.joined(separator: "\n")
    return "end \(result.end), completed \(result.completed), unfinished \(result.unfinished)\n\(flows)\n"
        + "violations: \(result.violations.map(\.description).joined(separator: "\n"))\ncounters: \(result.counters)"
}

@Suite struct PaymentsWorldTests {
    @Test func aCleanWorldKeepsEveryInvariant() {
        let result = PaymentsWorld(configuration: smallWorld(), options: .init(seed: 42)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 3_000, "\(describe(result))")
        #expect(result.audit.passed)
        #expect(result.end == .idle)
        #expect(result.monitors.allSatisfy { $0.violations == 0 })
        #expect(result.monitors.first { $0.invariant == "G-3" }.map { $0.checked > 0 } == true)
    }
}
