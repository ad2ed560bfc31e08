/// Running a test body written in plain Swift concurrency on the trial's simulation.
extension Trial {
    /// The default limit of a trial's virtual time: far past any timeout a test body waits out,
    /// near enough that a loop of sleeps that never ends fails in a few thousand steps.
    public static let defaultTimeLimit = SimDuration(nanoseconds: 3_600 * 1_000_000_000)

    /// Runs `body` as the trial's root task, with every job of plain Swift concurrency it starts
    /// on the simulation (``Simulation/capturesGlobalWork``): default actors, `Task {}`,
    /// `Task.detached`, task groups, `async let`, continuations, and sleeps on the continuous and
    /// suspending clocks, which wait on virtual time. The run goes on until nothing is left to do,
    /// or until `timeLimit` of virtual time has passed.
    ///
    /// - Parameters:
    ///   - timeLimit: Virtual time after which the run ends; a sleep still pending then fails the
    ///     trial (``TrialProblem/Kind/sleepPastEnd``).
    ///   - body: The test body: it throws to fail the trial.
    /// - Throws: What `body` threw; otherwise a ``TrialProblem`` when work escaped the simulation,
    ///   when the body was still suspended at the end (``TrialProblem/Kind/suspendedAtEnd``: a
    ///   continuation never resumed, a task waiting on work that never comes), or when a sleep
    ///   outlived the time limit.
    public func run(timeLimit: SimDuration = Trial.defaultTimeLimit,
                    _ body: @escaping @Sendable () async throws -> Void) throws {
        simulation.capturesGlobalWork = true
        let root = RootOutcome()
        simulation.spawn {
            // Every `Task {}` started from here on copies the body's task-locals, so it holds the
            // marker until it completes (the runtime frees a task's locals when it ends).
            let marker = TaskMarker()
            root.marker = marker
            do {
                try await TaskMarker.$current.withValue(marker) { try await body() }
                root.finish(nil)
            } catch {
                root.finish(error)
            }
        }
        let end = simulation.run(until: .zero + timeLimit)
        if let escape = simulation.escapes.first {
            keepSimulationForUnfinishedWork()
            throw TrialProblem(kind: .escaped, message: "the code escaped the simulation: \(escape)", lastSteps: lastSteps())
        }
        if let failure = root.error {
            if end != .idle { keepSimulationForUnfinishedWork() }
            throw failure
        }
        guard let problem = problem(ending: end, root: root, timeLimit: timeLimit) else { return }
        keepSimulationForUnfinishedWork()
        throw problem
    }

    /// What is wrong with a run that ended as `end` with no escape and no error from the body; nil
    /// when nothing is.
    private func problem(ending end: Simulation.End, root: RootOutcome, timeLimit: SimDuration) -> TrialProblem? {
        switch end {
        case .idle where root.finished && root.marker != nil:
            // Words for the user, naming the API the task came from; nothing here starts a task.
            TrialProblem(kind: .taskLeftSuspended,
                         message: "the test body returned, but a task it started (Task {}) was still suspended "
                             + "when nothing was left to run, at \(simulation.now): it awaits something nothing in "
                             + "the simulation will resume (a continuation never resumed or resumed from a thread "
                             + "the simulation does not own, a stream that never ends, or a sleep in an actor's "
                             + "method, which Swift 6.3 sends to the global executor)", lastSteps: lastSteps())
        case .idle where root.finished:
            nil
        case .idle:
            TrialProblem(kind: .suspendedAtEnd,
                         message: "the test body was still suspended when nothing was left to run, at "
                             + "\(simulation.now): it awaits something nothing in the simulation will resume (a "
                             + "continuation never resumed or resumed from a thread the simulation does not own, "
                             + "a task or stream that never ends, or a sleep or Task.yield() in an actor's method "
                             // Words for the user, naming the APIs; nothing here starts a task.
                             + "run by a task from Task {} or Task.detached, which Swift 6.3 sends to the global "
                             + "executor)", lastSteps: lastSteps())
        case .reachedDeadline:
            TrialProblem(kind: .sleepPastEnd,
                         message: "the run reached its time limit of \(timeLimit) with \(simulation.sleepingJobs) "
                             + "sleep(s) pending\(simulation.nextDue.map { " (the next due at \($0))" } ?? ""): a sleep "
                             + "past the end of the run, or a loop that never ends", lastSteps: lastSteps())
        case .stopped(let reason):
            TrialProblem(kind: .notIdle, message: "the run ended stopped: \(reason)", lastSteps: lastSteps())
        }
    }
}

/// How the root task ended. Written and read on the simulation's thread only (the root task
/// runs there, and `run` returns there), hence unchecked.
private final class RootOutcome: @unchecked Sendable {
    private(set) var finished = false
    private(set) var error: (any Error)?
    /// The body's marker, while any task that inherited it lives (`TaskMarker`).
    weak var marker: TaskMarker?

    func finish(_ error: (any Error)?) {
        finished = true
        self.error = error
    }
}

/// What the body's task and every `Task {}` started under it hold, as a task-local value: the
/// marker lives while one of them does, so a marker still alive once the body has returned and
/// nothing is left to run is a task left suspended for good. `Task.detached` copies no task-locals,
/// so a detached task is not seen this way.
private final class TaskMarker: Sendable {
    @TaskLocal static var current: TaskMarker?
}
