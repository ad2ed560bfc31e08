import PaymentWorld
import Scenarios
import SimulationKernel

/// How a run ended, decided in one place for every command, so `run`, `replay`, `explore` and
/// `shrink` can never tell one seed's story differently.
///
/// The first that applies, in this order, is the verdict:
///
/// 1. ``Kind/escape``: the run left the simulation's executor, so nothing else it says can be
///    trusted (exit 70 for `run`);
/// 2. ``Kind/safetyViolation``: the first safety monitor that failed (exit 1);
/// 3. ``Kind/livenessViolation``: the first liveness monitor that failed, or lifecycles still
///    open when a run that was not interrupted ended (G-7, exit 2);
/// 4. ``Kind/interrupted``: the run was stopped early (Ctrl-C, exit 130);
/// 5. ``Kind/objectiveFailed``: the first SLO in the scenario's order that the run missed (exit 1);
/// 6. ``Kind/passed``.
///
/// Objectives are judged only when the caller passes them: `run` and `replay` do; `explore` and
/// `shrink` hunt broken invariants, and under swarm faults or in a shrunk run most objectives fail
/// without any bug.
public struct Verdict: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of ending, declared in priority order.
    public enum Kind: Int, Sendable, Hashable, Comparable, CaseIterable {
        case escape, safetyViolation, livenessViolation, interrupted, objectiveFailed, passed

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public var kind: Kind
    /// What must stay the same for two runs to fail the same way: the invariant's id (`G-4`), or
    /// `escape`; nil when no invariant broke (passed, interrupted, an objective missed).
    public var invariantID: String?
    /// The invariant with its claim, `G-4 NoOrderIsChargedTwice`, or `determinism escape`; nil
    /// when ``invariantID`` is.
    public var invariant: String?
    /// Where and what: `payment#12.1  t=00:00:00.240: card#171 is not usable but was approved`,
    /// `3 payments still open when the run ended`, the escape, or the objective missed.
    public var detail: String
    /// The monitor's violation, for a safety or liveness verdict that one reported.
    public var violation: Violation?
    /// The escape, for an escape verdict.
    public var escape: Escape?
    /// The objective missed, for an objective verdict.
    public var objective: ObjectiveResult?

    /// Decides how `result` ended.
    ///
    /// - Parameters:
    ///   - result: the finished run.
    ///   - objectives: the scenario's SLOs with what the run measured; empty to judge
    ///     invariants only.
    public init(_ result: ScenarioRun.Result, objectives: [ObjectiveResult] = []) {
        let evidence = Evidence(result)
        if let escape = evidence.escapes.first {
            self.init(kind: .escape, invariantID: "escape", invariant: "determinism escape", detail: "\(escape)")
            self.escape = escape
        } else if let violation = evidence.safety ?? evidence.liveness {
            self.init(kind: violation.isLiveness ? .livenessViolation : .safetyViolation,
                      invariantID: violation.invariant, invariant: "\(violation.invariant) \(violation.claim)",
                      detail: violation.whereAndWhat)
            self.violation = violation
        } else if evidence.openLifecycles > 0 && !evidence.interrupted {
            // Nothing left to run and payments still open: none of them ended, in time or at all.
            self.init(kind: .livenessViolation, invariantID: Self.openLifecyclesID,
                      invariant: Self.openLifecyclesInvariant,
                      detail: "\(evidence.openLifecycles) payments \(evidence.openPhrase) when the run ended")
        } else if evidence.interrupted {
            self.init(kind: .interrupted, detail: "interrupted")
        } else if let missed = objectives.first(where: { !$0.passed }) {
            self.init(kind: .objectiveFailed, detail: "SLO \(missed.objective)")
            objective = missed
        } else {
            self.init(kind: .passed, detail: "passed")
        }
    }

    private init(kind: Kind, invariantID: String? = nil, invariant: String? = nil, detail: String) {
        self.kind = kind
        self.invariantID = invariantID
        self.invariant = invariant
        self.detail = detail
    }

    /// G-7, which lifecycles still open at the end break, as its liveness monitor names it.
    public static let openLifecyclesID = "G-7"
    public static let openLifecyclesInvariant = "G-7 EveryLifecycleEndsInTime"

    public var passed: Bool { kind == .passed }

    /// Liveness verdicts exit 2, the other failures 1 (an escape 70 in `run`).
    public var isLiveness: Bool { kind == .livenessViolation }

    /// `G-4 NoOrderIsChargedTwice  payment#…`, `interrupted`, `SLO success_rate > 0.9`, `passed`.
    public var description: String { invariant.map { "\($0)  \(detail)" } ?? detail }
}

/// One SLO and what the run measured for it.
public struct ObjectiveResult: Sendable, Hashable {
    public var objective: ServiceLevelObjective
    /// NaN when the metric could not be computed, which meets no threshold.
    public var actual: Double

    public init(_ objective: ServiceLevelObjective, actual: Double) {
        self.objective = objective
        self.actual = actual
    }

    public var passed: Bool { objective.threshold.holds(for: actual) }
}

/// What the verdict reads of a result, the same for both worlds.
private struct Evidence {
    var escapes: [Escape]
    var safety: Violation?
    var liveness: Violation?
    var interrupted: Bool
    /// Lifecycles left open by a run that had nothing more to do.
    var openLifecycles: Int
    var openPhrase: String

    init(_ result: ScenarioRun.Result) {
        switch result {
        case .payments(let result):
            escapes = result.escapes
            safety = result.safetyViolation
            liveness = result.livenessViolation
            interrupted = result.end == .stopped(reason: "interrupted")
            // Only an idle world proves they are stuck; a run stopped at a violation or drained
            // leaves payments open on purpose.
            // So does a world that ran out of virtual clock (delays of decades).
            let atHorizon = result.end == .stopped(reason: Simulation.horizonReason)
            openLifecycles = result.end == .idle || atHorizon ? result.unfinished : 0
            openPhrase = atHorizon ? "still open at \(Simulation.horizonReason)" : "still open"
        case .referencePipeline(let result):
            escapes = result.escapes
            safety = nil
            liveness = nil
            interrupted = result.end == .stopped(reason: "interrupted")
            openLifecycles = result.unfinished
            openPhrase = result.end == .stopped(reason: Simulation.horizonReason)
                ? "still in flight at \(Simulation.horizonReason)" : "still in flight"
        }
    }
}
