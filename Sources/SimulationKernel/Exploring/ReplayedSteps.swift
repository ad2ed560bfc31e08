/// Which steps a replay's text trace shows (``ScheduleExploration/replay(_:trace:steps:_:)``).
public enum ReplayedSteps: Sendable, Hashable {
    /// Every step: network arrivals, your actors' notes, actor and task jobs, and the kernel's
    /// wake-ups (sleeps and `transmit` timeouts ending). For when the story is not enough.
    case all
    /// Your actors' own steps: the notes they record with `SimulationContext.trace(_:subject:)`
    /// and the network arrivals at their addresses. The story of the run, without the jobs and
    /// wake-ups that make up most of its steps.
    case actorsOnly

    /// Whether a replay shows `record`: every record, or only those whose receiver is an actor
    /// (neither the kernel nor a job lane).
    func includes(_ record: TraceRecord) -> Bool {
        switch self {
        case .all: true
        case .actorsOnly: record.receiver != .kernel && !record.receiver.isJobLane
        }
    }
}
