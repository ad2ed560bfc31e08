/// Plain Swift concurrency on the simulation: the jobs the runtime's hooks hand over
/// (`StrictMode`) while this simulation runs on the calling thread.
extension Simulation {
    /// A job sent to the global executor: a task with no executor of its own (`Task {}`,
    /// `Task.detached`, a child task, a nonisolated async call's hop) or a default actor's turn.
    /// Captured, it joins the ready queue like any other job; the strategy picks when it runs.
    /// Returns false to let the runtime have it.
    func takeGlobalJob(_ job: UnownedJob) -> Bool {
        guard capturesGlobalWork else {
            noteEscape(.globalExecutor,
                       detail: "a job was sent to the global executor by code running in the simulation "
                           + "(an unstructured or detached task not started by simulation.spawn, or a sleep on a real clock)")
            return false
        }
        enqueue(job, lane: Self.taskLane)
        return true
    }

    /// A job to run after `delay`: the wake-up of a sleeping task. Captured, it waits on the
    /// virtual clock in the timer heap and joins the ready queue when its time comes.
    func takeDelayedJob(_ job: UnownedJob, after delay: SimDuration) -> Bool {
        guard capturesGlobalWork else {
            noteEscape(.globalExecutor, detail: "a task slept on a real clock (a sleep of \(delay)) in the simulation")
            return false
        }
        let (slot, generation) = sleepers.reserve()
        sleepers.park(.job(job), slot: slot)
        schedule(after: delay, to: .kernel, kind: 0, subject: UInt64(slot), argument: generation)
        return true
    }

    /// A job for the main actor. The simulation cannot run it in its own order without taking
    /// the main thread's place, and letting it go would run it beside the simulation: either way
    /// the run would not be deterministic. It is kept, never run, and the run fails naming it.
    // Refuses the main actor rather than running on it (TidyTests.reviewed).
    func takeMainActorJob(_ job: UnownedJob) -> Bool {
        noteMainActor()  // Records the escape; nothing runs on the main actor (TidyTests.reviewed).
        return capturesGlobalWork
    }

    /// Code running in the simulation went to the main actor, or asked whether it was on it.
    func noteMainActor() {  // Names the escape for the run's verdict (TidyTests.reviewed).
        guard !escapes.contains(where: { $0.kind == .mainActor }) else { return }
        // The user's words for the escape: a message, not a use of @MainActor (TidyTests.reviewed).
        noteEscape(.mainActor, detail: "code running in the simulation went to the main actor; @MainActor code is "
                       + "not simulated: make the type an actor of its own, or run that part outside the simulation")
    }

    /// The simulation running plain concurrency on the calling thread (inside
    /// ``Trial/run(timeLimit:_:)``, or any run with ``capturesGlobalWork`` or strict mode on); nil
    /// elsewhere. For code under test that reads the time: give it `Simulation.current?.clock`
    /// (a `Clock<Duration>` on virtual time) where it would read `ContinuousClock`, whose `now`
    /// stays the real time inside a simulation.
    ///
    /// ```swift
    /// exploreSchedules {
    ///     let clock: any Clock<Duration> = Simulation.current?.clock ?? ContinuousClock()
    ///     try await RetryingClient(clock: clock).pay()
    /// }
    /// ```
    public static var current: Simulation? { StrictMode.current()?.simulation }

    /// Whose job `job` is, for PCT's priorities: a task's every job is the same entity, numbered in
    /// the order the run first saw the task; any other job (a default actor's turn, a sleep's
    /// wake-up) is an entity of its own. The runtime's task id keys the table, never its value:
    /// ids come from a process-wide counter, so they differ between processes, but no two tasks
    /// share one (a task's address may be reused by a later task; its id is not).
    func entity(of job: UnownedJob) -> UInt32 {
        let id = RuntimeEntry.taskID(job)
        if id != 0, let known = entityOfTask[id] { return known }
        let entity = UInt32(entityPriority.count)
        entityPriority.append(initialPriority())
        if id != 0 { entityOfTask[id] = entity }
        return entity
    }

    /// Jobs sleeping on the virtual clock and virtual sleeps: whatever waits in the timer heap
    /// for a task.
    public var sleepingJobs: Int { sleepers.parked }
}
