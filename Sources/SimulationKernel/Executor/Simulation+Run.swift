#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Simulation {
    /// Runs until nothing is left to do, the next event is later than `deadline`, or `stop` is
    /// called. Call it from a synchronous context (a test, the CLI), never from a task.
    ///
    /// The event loop itself runs inside a job on the simulation's task executor, so everything
    /// it calls runs where the simulation's tasks run (design §3.1).
    @discardableResult
    public func run(until deadline: SimTime = SimTime(nanoseconds: .max)) -> End {
        precondition(!running, "Simulation.run called while the simulation is already running")
        ownerThread = pthread_self()
        running = true
        driverFinished = false
        let registration = StrictMode.enter(self)
        defer {
            StrictMode.leave(registration)
            running = false
        }
        startDriver(until: deadline)
        while !driverFinished {
            absorbForeignJobs()
            if let job = nextReadyJob() {
                runJob(job)
            } else if let driver = parkedDriver {
                parkedDriver = nil
                job(driver)
            } else {
                preconditionFailure("the event loop is suspended and no job is ready: a kernel bug")
            }
        }
        if let stopReason { return .stopped(reason: stopReason) }
        if let next = queue.peek(), next.time > deadline {
            currentTime = max(currentTime, deadline)
            nextDue = next.time
            return .reachedDeadline
        }
        return .idle
    }

    /// Runs until idle: `swift-nio`'s verb.
    @discardableResult
    public func runUntilIdle() -> End { run() }

    /// Runs every step due within `duration` from now, then sets the clock to that instant.
    @discardableResult
    public func advance(by duration: SimDuration) -> End { advance(to: currentTime + duration) }

    /// Runs every step due up to `instant`, then sets the clock to `instant` unless the run was
    /// stopped: swift-clocks' verb.
    @discardableResult
    public func advance(to instant: SimTime) -> End {
        let end = run(until: instant)
        if case .idle = end, instant > currentTime { currentTime = instant }
        return end
    }

    /// True while the loop runs on the calling thread.
    public var isRunningOnThisThread: Bool {
        (running || inspecting) && pthread_equal(pthread_self(), ownerThread) != 0
    }

    /// The event loop. Between events it yields whenever a job is ready, so tasks and actor jobs
    /// interleave with message deliveries in the order the strategy picks.
    func drive(until deadline: SimTime) async {
        defer { driverFinished = true }
        while stopReason == nil {
            if !ready.isEmpty || foreignPending.load(ordering: .relaxed) {
                // The loop steps aside until every ready job has run; its own job is held apart
                // so that no strategy can pick it ahead of them (under pct it could, forever).
                driverYielding = true
                await Task.yield()
                continue
            }
            guard deliverEvents(until: deadline, through: receivers) else { return }
        }
    }

    /// Delivers due events until a job is ready, the run stops, or a receiver is registered; false
    /// when no event is due by `deadline`.
    ///
    /// The receivers come in as a parameter: a call through a borrowed table needs no retain and
    /// release of the receiver, as a call through the stored array does (two per event). A
    /// receiver registered meanwhile bumps the revision, and the caller passes the table again.
    private func deliverEvents(until deadline: SimTime, through table: ContiguousArray<any EventReceiver>) -> Bool {
        let revision = receiversRevision
        while stopReason == nil && ready.isEmpty && !foreignPending.load(ordering: .relaxed)
            && receiversRevision == revision {
            // The stale check is a closure over self: made only when a coarse bucket is spread.
            if queue.near.isEmpty && !queue.pourFineSlot() {
                queue.pourEarliestBucket(droppingStale: { self.isStale($0, in: table) })
            }
            // Straight to the heap: the pour above left it non-empty unless nothing is pending.
            guard let next = queue.near.first, next.time <= deadline else { return false }
            let event = queue.near.popMin().unsafelyUnwrapped
            precondition(event.time >= currentTime, "time went backwards: \(event.time) < \(currentTime)")
            currentTime = event.time
            eventsProcessed &+= 1
            trace.record(TraceRecord(time: event.time, receiver: event.receiver, kind: event.kind,
                                     subject: event.subject))
            if observingFlows { flowObserver?.delivered(event.order) }
            if strategyKind == .pct { notePCTStep(receiver: event.receiver) }
            table[Int(event.receiver.rawValue)].receive(event)
        }
        return true
    }

    /// The pour-time check: asks the event's receiver, and ends a dropped message's flow arrow.
    private func isStale(_ event: SimulationEvent, in table: ContiguousArray<any EventReceiver>) -> Bool {
        guard options.dropsStaleEvents, table[Int(event.receiver.rawValue)].isStale(event) else { return false }
        if observingFlows { flowObserver?.dropped(event.order) }
        return true
    }

    func enqueue(_ job: UnownedJob, lane: UInt32) {
        if driverYielding {
            driverYielding = false
            parkedDriver = job
            return
        }
        guard pthread_equal(pthread_self(), ownerThread) != 0 else {
            // Another thread: a continuation resumed from outside, Dispatch, a `Task.sleep`.
            // The job cannot touch the ready queue from here; it waits in a locked inbox.
            foreignInbox.withLock { $0.append(ReadyJob(job: job, lane: lane)) }
            // Running plain concurrency, such a job is held and never run: when it arrived
            // depends on another thread's timing, so letting it in would make the run's steps, and
            // its verdict, differ from process to process. The task it resumes stays suspended,
            // which the trial reports the same way every time.
            if !capturesGlobalWork { foreignPending.store(true, ordering: .releasing) }
            return
        }
        arrivals &+= 1
        let entity = capturesGlobalWork && pct != nil ? entity(of: job) : 0
        ready.append(ReadyJob(job: job, lane: lane, arrival: arrivals, entity: entity))
    }

    private func absorbForeignJobs() {
        guard foreignPending.load(ordering: .acquiring) else { return }
        let jobs = foreignInbox.withLock { inbox in
            defer { inbox.removeAll() }
            return inbox
        }
        foreignPending.store(false, ordering: .relaxed)
        for job in jobs {
            noteEscape(.foreignThread, detail: "a job for \(laneName(job.lane)) was enqueued from another thread")
            ready.append(job)
        }
    }

    func noteEscape(_ kind: Escape.Kind, detail: String) {
        let escape = Escape(kind: kind, time: currentTime, detail: detail)
        escapes.append(escape)
        if options.strict { stop("escape: \(escape)") }
    }

    private func nextReadyJob() -> ReadyJob? {
        let count = ready.count
        guard count > 0 else { return nil }
        switch strategyKind {
        case .fifo:
            return ready.remove(at: 0)
        case .random:
            guard count > 1 else { return ready.remove(at: 0) }
            let offset = schedulerRandom.index(below: count)
            return ready.remove(at: keepsPick(offset, among: count) ? offset : 0)
        case .pct:
            var best = 0
            var bestPriority = priority(at: 0)
            for offset in 1..<count {
                let candidate = priority(at: offset)
                if candidate > bestPriority {
                    best = offset
                    bestPriority = candidate
                }
            }
            if count > 1, !keepsPick(best, among: count) { best = 0 }
            let job = ready.remove(at: best)
            if var state = pct {
                // Steps count events and jobs in one sequence: the trace's step counter.
                if let low = state.demotion(atStep: trace.steps &+ 1) { setPriority(low, of: job) }
                pct = state
            }
            return job
        }
    }

    private func keepsPick(_ offset: Int, among count: Int) -> Bool {
        keepsChoice(.jobPick(offset: offset, among: count), for: JobTraceID.receiver(forLane: ready.lane(at: offset)))
    }

    /// Resumes the event loop's own job; not traced, since the steps it takes (events) are, and
    /// where it resumes follows from them. It runs on the task executor with no actor isolation,
    /// like any nonisolated task code, so entering `drive` needs no executor hop.
    private func job(_ driver: UnownedJob) {
        driver.runSynchronously(on: taskExecutor.asUnownedTaskExecutor())
    }

    private func runJob(_ job: ReadyJob) {
        jobsRun &+= 1
        trace.record(TraceRecord(time: currentTime, receiver: JobTraceID.receiver(forLane: job.lane),
                                 kind: JobTraceID.kind, subject: capturesGlobalWork ? job.arrival : jobsRun))
        if job.lane == Self.taskLane {
            // Nonisolated task code: no serial executor, or its next nonisolated call would hop.
            job.job.runSynchronously(on: taskExecutor.asUnownedTaskExecutor())
        } else {
            job.job.runSynchronously(isolatedTo: lanes[Int(job.lane)].asUnownedSerialExecutor(),
                                     taskExecutor: taskExecutor.asUnownedTaskExecutor())
        }
    }

    /// PCT's priority of the ready job at `offset`: its lane's, or, running plain concurrency
    /// (where every job is on the task lane), its task's (`entity(of:)`).
    private func priority(at offset: Int) -> UInt32 {
        if capturesGlobalWork { return entityPriority[Int(ready.entity(at: offset))] }
        let lane = ready.lane(at: offset)
        return lane == Self.taskLane ? lanePriority[0] : lanePriority[Int(lane)]
    }

    private func setPriority(_ priority: UInt32, of job: ReadyJob) {
        if capturesGlobalWork {
            entityPriority[Int(job.entity)] = priority
            return
        }
        lanePriority[job.lane == Self.taskLane ? 0 : Int(job.lane)] = priority
    }

    private func notePCTStep(receiver: ReceiverID) {
        guard var state = pct else { return }
        if let low = state.demotion(atStep: trace.steps) { receiverPriority[Int(receiver.rawValue)] = low }
        pct = state
    }
}

/// Work that left the simulation's control: it breaks determinism, so strict mode fails the run.
public struct Escape: Sendable, Hashable, CustomStringConvertible {
    /// Which way the work left: through the global executor, or from another thread.
    public enum Kind: String, Sendable, Hashable {
        /// A job enqueued on the global concurrent executor by simulation code: a bare `Task {}`
        /// from nonisolated code, `Task.detached`, or `Task.sleep`.
        case globalExecutor = "global-executor enqueue"
        /// A job enqueued on the simulation from another thread: a continuation resumed from
        /// outside, Dispatch, or work that came back from the global pool.
        case foreignThread = "foreign-thread enqueue"
        /// A job sent to the main actor by code running in the simulation: `@MainActor` code is
        /// not simulated.
        case mainActor = "main-actor enqueue"
    }
    /// Which way the work left.
    public var kind: Kind
    /// The virtual instant at which the kernel noticed the escape.
    public var time: SimTime
    /// What the kernel saw, in words.
    public var detail: String

    /// The kind, the instant and the detail, then, but for the main actor (whose detail says what
    /// to do), the fix: start tasks with `spawn` and sleep on the simulation's clock.
    public var description: String {
        guard kind != .mainActor else { return "\(kind.rawValue) at \(time): \(detail)" }
        return "\(kind.rawValue) at \(time): \(detail); start tasks with simulation.spawn and sleep on simulation.clock"
    }
}

extension Simulation {
    /// Why a world's run stopped at ``horizon``.
    public static let horizonReason = "the virtual clock's limit of 150 years"

    /// When a world that reports every `interval` reports next: one interval on, or, when nothing
    /// is due until `nextDue`, the first interval boundary at or after it, so a long idle stretch
    /// (a slow arrival rate, a timer of hours) costs one report instead of one per interval.
    public static func nextReport(after now: SimTime, every interval: SimDuration, nextDue: SimTime?) -> SimTime {
        let step = max(interval.nanoseconds, 1)
        guard let nextDue, nextDue.nanoseconds > now.nanoseconds &+ step else { return now + interval }
        let intervals = (nextDue.nanoseconds - now.nanoseconds + step - 1) / step
        return SimTime(nanoseconds: now.nanoseconds &+ intervals &* step)
    }
}
