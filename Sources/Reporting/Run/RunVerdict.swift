/// How a run ended, as report.html shows it: passed, or what failed and the exit status.
public struct RunVerdict: Sendable, Equatable {
    public var passed: Bool
    /// "passed", "SLO latency_ms_p99 < 800 failed", "invariant violated: AUTH-1 …", "interrupted".
    public var headline: String
    /// The process exit status, for the card's small print.
    public var exitStatus: Int32

    public init(passed: Bool, headline: String, exitStatus: Int32) {
        self.passed = passed
        self.headline = headline
        self.exitStatus = exitStatus
    }

    public static let passing = RunVerdict(passed: true, headline: "passed", exitStatus: 0)
}
