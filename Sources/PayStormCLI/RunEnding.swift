import Reporting

/// How a run ended, decided once: for the exit status, the message on stderr and report.html.
enum RunEnding {
    case escape(String)
    case failure(ExitStatus, String)
    case interrupted
    case objectiveFailed(RunSummary.Objective)
    case passed

    /// The first of, in order: a determinism escape, a safety or liveness failure, an
    /// interruption, a failed SLO; else passed.
    init(_ report: WorldReport, summary: RunSummary) {
        if let escape = report.escapes.first {
            self = .escape("\(escape)")
        } else if let failure = report.failure, !summary.interrupted {
            self = .failure(failure.status, failure.message)
        } else if summary.interrupted {
            self = .interrupted
        } else if let failed = summary.objectives.first(where: { !$0.passed }) {
            self = .objectiveFailed(failed)
        } else {
            self = .passed
        }
    }

    var status: ExitStatus {
        switch self {
        case .escape: .internalError
        case .failure(let status, _): status
        case .interrupted: .interrupted
        case .objectiveFailed: .invariantViolated
        case .passed: .passed
        }
    }

    /// The verdict for report.html: one line, no trace excerpt.
    var verdict: RunVerdict {
        let headline: String
        switch self {
        case .escape(let escape): headline = "determinism escape: \(escape)"
        case .failure(_, let message):
            let first = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message
            headline = first.hasPrefix("FAILED") ? String(first.dropFirst(6).drop { $0 == " " }) : first
        case .interrupted: headline = "interrupted; partial results"
        case .objectiveFailed(let objective):
            headline = "SLO \(objective.metric) \(objective.threshold) (actual \(SummaryTable.fixed(objective.actual, 3)))"
        case .passed: headline = "passed"
        }
        if case .passed = self { return .passing }
        return RunVerdict(passed: false, headline: headline, exitStatus: status.rawValue)
    }
}
