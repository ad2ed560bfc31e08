@testable import SimulationTesting
import SimulationKernel
import Testing

/// `PAYSTORM_REPLAY` applies to the test it names, and to every test when it names none.
@Suite struct ReplayRequestTests {
    @Test func theVariableAppliesOnlyToTheTestItNames() {
        let settings = TrialSettings(seed: 17, strategy: .random)
        let table: [(String?, ReplayRequest)] = [
            (nil, .explore),
            ("batcher@17/random/0", .replay(settings)),
            ("otherTest@17/random/0", .explore),
            ("17/random/0", .replay(settings)),
            ("batcher@17/nonsense/0", .malformed("batcher@17/nonsense/0")),
            ("otherTest@garbage", .explore),
        ]
        for (value, expected) in table {
            #expect(ReplayRequest.parse(value, for: "batcher") == expected, "\(value ?? "unset")")
        }
    }

    @Test func theLineNamesTheTest() {
        let failure = TrialFailure(settings: TrialSettings(seed: 3, strategy: .pct(depth: 2, steps: 9)), traceHash: "ab",
                                   message: "m", kind: "k")
        #expect(ReplayRequest.line(failure, "batcher") == "PAYSTORM_REPLAY='batcher@3/pct:2:9/0'")
    }
}
