/// How a study ended, as the command line's process exit status tells scripts which kind of
/// ending it was; report.html shows it beside a failed run's headline.
public enum ExitStatus: Int32, Sendable {
    case passed = 0
    /// A safety invariant or an SLO failed.
    case invariantViolated = 1
    /// A lifecycle stayed hot past its deadline, or the run made no progress.
    case livenessViolated = 2
    /// EX_USAGE: a bad flag or a bad scenario; never a crash.
    case badInput = 64
    /// EX_IOERR: a result file could not be written (a full disk, a lost permission); the message names it.
    case ioError = 74
    /// EX_SOFTWARE: PayStorm itself failed.
    case internalError = 70
    /// SIGHUP (a closed terminal or session): as SIGTERM.
    case hungUp = 129
    /// Ctrl-C: the command stopped early and wrote what it finished, marked interrupted.
    case interrupted = 130
    /// SIGTERM: as Ctrl-C, for a scheduler or an orchestrator that asked the command to stop.
    case terminated = 143
}

/// What stopped a study early, for its last line and its exit status.
public struct Interruption: Sendable {
    /// `Ctrl-C` or `SIGTERM`.
    public var cause: String
    public var status: ExitStatus

    public init(cause: String, status: ExitStatus) {
        self.cause = cause
        self.status = status
    }

    public static let ctrlC = Interruption(cause: "Ctrl-C", status: .interrupted)
}
