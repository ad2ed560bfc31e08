import Exploration
import Reporting

extension ExitStatus {
    /// The exit status of a run with this verdict.
    public init(_ verdict: Verdict, interruption: Interruption = .ctrlC) {
        switch verdict.kind {
        case .escape: self = .internalError
        case .safetyViolation: self = .invariantViolated
        case .livenessViolation: self = .livenessViolated
        case .interrupted: self = interruption.status
        case .objectiveFailed: self = .invariantViolated
        case .passed: self = .passed
        }
    }
}

/// How `paystorm run` words a verdict: on stderr, and as report.html's headline.
public struct VerdictOutput: Sendable {
    public var verdict: Verdict
    /// For a violation: where it is in the trace and the last trace records
    /// (`PaymentsRun.traceExcerpt`), printed under the headline.
    public var traceExcerpt: String?
    /// What stopped the run, when the verdict is `interrupted`.
    public var interruption: Interruption

    public init(verdict: Verdict, traceExcerpt: String?, interruption: Interruption = .ctrlC) {
        self.verdict = verdict
        self.traceExcerpt = traceExcerpt
        self.interruption = interruption
    }

    /// The failure's first line: `FAILED  G-10 OnlyUsableCardsAreApproved  payment#…`.
    public var headline: String {
        switch verdict.kind {
        case .escape: "FAILED  determinism escape: \(verdict.detail)"
        case .safetyViolation, .livenessViolation:
            if let violation = verdict.violation {
                (verdict.isLiveness ? "FAILED  liveness  " : "FAILED  ") + "\(violation)"
            } else {
                "FAILED  liveness: \(verdict.detail)"
            }
        case .interrupted: "interrupted"
        case .objectiveFailed:
            verdict.objective.map { missed in
                "FAILED  SLO \(missed.objective) (\(SummaryTable.actualText(missed.actual, metric: missed.objective.metric)))"
            } ?? "FAILED  \(verdict.detail)"
        case .passed: "passed"
        }
    }

    /// What stderr gets after the summary table; nil for a pass.
    public func message(seed: UInt64, replay: ReplayCommand, endTime: String) -> String? {
        switch verdict.kind {
        case .escape, .objectiveFailed:
            return headline + "\n  replay: \(replay)"
        case .safetyViolation, .livenessViolation:
            return headline + (traceExcerpt.map { "\n" + $0 } ?? "") + "\n  seed: \(seed)\n  replay: \(replay)"
        case .interrupted:
            return "interrupted (\(interruption.cause)) at \(endTime); partial summary written\n  replay: \(replay)"
        case .passed:
            return nil
        }
    }

    /// The verdict for report.html: one line, no trace excerpt.
    public var reportVerdict: RunVerdict {
        let line: String
        switch verdict.kind {
        case .passed: return .passing
        case .interrupted: line = "interrupted; partial results"
        case .escape, .safetyViolation, .livenessViolation, .objectiveFailed:
            line = String(headline.dropFirst("FAILED".count).drop { $0 == " " })
        }
        return RunVerdict(passed: false, headline: line, exitStatus: ExitStatus(verdict, interruption: interruption).rawValue)
    }
}
