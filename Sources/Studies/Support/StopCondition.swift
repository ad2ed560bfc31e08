/// Asks a long study (a run, a sweep, a size search, replications) to stop at its next safe point
/// and keep what it finished. The command line answers it from Ctrl-C and SIGTERM; a library user
/// gives a deadline or a flag of their own.
public struct StopCondition: Sendable {
    public let isRequested: @Sendable () -> Bool
    /// What asked, read once it has: the words a study's last line uses and its exit status.
    public let interruption: @Sendable () -> Interruption

    public init(_ isRequested: @escaping @Sendable () -> Bool,
                interruption: @escaping @Sendable () -> Interruption = { .ctrlC }) {
        self.isRequested = isRequested
        self.interruption = interruption
    }

    /// Runs everything to its end.
    public static let never = StopCondition { false }
}
