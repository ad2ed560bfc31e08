import Exploration
import PaymentWorld
import Scenarios
import SimulationKernel
import Testing

/// One priority order for how a run ended: escape, safety, liveness, interrupted, SLO, passed.
@Suite struct VerdictTests {
    /// DefectCatalogueTests' card-payments settings: small, lossy, so planted defects show.
    static let card = ["run.lifecycles=600", "workload.cards.count=200", "faults.loss=0.03", "faults.duplication=0.03",
                       "policies.standIn=false", "behaviour.refundRatio=0.5"]

    /// Objectives as a scenario file states them: `completed < 0` no run meets, `completed == 300`
    /// the clean run below does.
    static func objective(_ threshold: String) throws -> ServiceLevelObjective {
        let scenario = try loadScenario("scenarios/reference-pipeline.json", overrides: ["slo.completed=\(threshold)"])
        return try #require(scenario.objectives.first { $0.metric == "completed" })
    }

    static var unmeetable: ServiceLevelObjective { get throws { try objective("< 0") } }

    /// The first of seeds 1…10 whose run breaks `invariant`, with its result.
    static func firstFailing(_ scenario: Scenario, invariant: String) throws -> (UInt64, ScenarioRun.Result) {
        for seed: UInt64 in 1...10 {
            let result = ScenarioRun(scenario: scenario, seed: seed, scheduling: SchedulingOptions()).run()
            if Verdict(result).invariantID == invariant { return (seed, result) }
        }
        throw VerdictTestError(description: "no seed of 1...10 broke \(invariant)")
    }

    struct VerdictTestError: Error, CustomStringConvertible { var description: String }

    @Test func kindsAreDeclaredInPriorityOrder() {
        #expect(Verdict.Kind.allCases == [.escape, .safetyViolation, .livenessViolation, .interrupted, .objectiveFailed, .passed])
        #expect(Verdict.Kind.allCases.sorted() == Verdict.Kind.allCases)
    }

    @Test func aSafetyViolationOutranksAMissedObjective() throws {
        let scenario = try loadScenario("scenarios/card-payments.json",
                                        overrides: Self.card + [#"defects=["approve-unusable-card"]"#, "workload.cards.unusable=0.2"])
        let (_, result) = try Self.firstFailing(scenario, invariant: "G-10")
        let verdict = Verdict(result, objectives: [ObjectiveResult(try Self.unmeetable, actual: 600)])
        #expect(verdict.kind == Verdict.Kind.safetyViolation)
        #expect(verdict.invariant == "G-10 OnlyUsableCardsAreApproved")
        #expect(verdict.detail.hasPrefix("payment#"), "\(verdict.detail)")
        let violation = try #require(verdict.violation)
        #expect("\(violation)" == "G-10 OnlyUsableCardsAreApproved  \(verdict.detail)")
        #expect(!verdict.isLiveness && !verdict.passed)
    }

    @Test func aLivenessViolationIsLiveness() throws {
        let scenario = try loadScenario("scenarios/card-payments.json",
                                        overrides: Self.card + [#"defects=["authorization-timer-lost"]"#])
        let (_, result) = try Self.firstFailing(scenario, invariant: "G-7")
        let verdict = Verdict(result, objectives: [ObjectiveResult(try Self.unmeetable, actual: 600)])
        #expect(verdict.kind == Verdict.Kind.livenessViolation && verdict.isLiveness)
        #expect(verdict.invariant == "G-7 EveryLifecycleEndsInTime")
    }

    @Test func aCleanRunPassesUnlessAnObjectiveIsMissed() throws {
        let scenario = try loadScenario("scenarios/card-payments.json", overrides: ["run.lifecycles=300"])
        let result = ScenarioRun(scenario: scenario, seed: 1, scheduling: SchedulingOptions()).run()
        #expect(Verdict(result).kind == Verdict.Kind.passed)
        #expect(Verdict(result).invariant == nil)
        let met = ObjectiveResult(try Self.objective("== 300"), actual: 300)
        let missed = Verdict(result, objectives: [met, ObjectiveResult(try Self.unmeetable, actual: 300),
                                                  ObjectiveResult(try Self.unmeetable, actual: .nan)])
        #expect(missed.kind == Verdict.Kind.objectiveFailed)
        #expect(missed.invariantID == nil)
        #expect(missed.objective == ObjectiveResult(try Self.unmeetable, actual: 300), "the first missed, in the scenario's order")
        #expect(Verdict(result, objectives: [met]).kind == Verdict.Kind.passed)
    }

    /// A stopped run leaves work open on purpose: that is no liveness failure, and it outranks
    /// a missed objective.
    @Test(arguments: ["scenarios/card-payments.json", "scenarios/reference-pipeline.json"])
    func anInterruptedRunIsInterruptedNotStuck(file: String) throws {
        let scenario = try loadScenario(file, overrides: ["run.lifecycles=5000"])
        let result = ScenarioRun(scenario: scenario, seed: 1, scheduling: SchedulingOptions()).run { _ in false }
        let verdict = Verdict(result, objectives: [ObjectiveResult(try Self.unmeetable, actual: 1)])
        #expect(verdict.kind == Verdict.Kind.interrupted, "\(verdict)")
        #expect(verdict.invariantID == nil)
    }
}
