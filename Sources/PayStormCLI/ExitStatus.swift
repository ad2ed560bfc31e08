/// How a command ended; the process exit status tells scripts which kind of ending it was.
enum ExitStatus: Int32 {
    case passed = 0
    /// A safety invariant or an SLO failed.
    case invariantViolated = 1
    /// A lifecycle stayed hot past its deadline, or the run made no progress.
    case livenessViolated = 2
    /// EX_USAGE: a bad flag or a bad scenario; never a crash.
    case badInput = 64
    /// EX_SOFTWARE: PayStorm itself failed.
    case internalError = 70
    /// Ctrl-C: the command stopped early and wrote what it finished, marked interrupted.
    case interrupted = 130
    /// SIGTERM: as Ctrl-C, for a scheduler or an orchestrator that asked the command to stop.
    case terminated = 143
}
