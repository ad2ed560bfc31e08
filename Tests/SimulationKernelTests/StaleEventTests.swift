import SimulationKernel
import Testing

/// Stale events: a receiver may call a pending event stale (a timer whose wait already ended),
/// and the kernel then drops it unseen when its calendar bucket is poured. The run is the same;
/// only the trace is shorter.
@Suite struct StaleEventTests {
    /// A job queue with a timeout per job: each job starts a 30 s timer and finishes after
    /// `work`, which cancels the timer by moving the job's serial on. Returns what the actor saw
    /// and the simulation it ran in.
    static func run(jobs: Int, work: SimDuration, dropsStale: Bool) -> (log: [String], simulation: Simulation) {
        let simulation = Simulation(options: .init(seed: 1, dropsStaleEvents: dropsStale))
        let worker = TimedWorker(lane: simulation.makeLane(), simulation: simulation, work: work)
        let id = simulation.register(worker)
        simulation.inspect { worker.assumeIsolated { $0.id = id } }
        for job in 0..<jobs {
            simulation.schedule(at: SimTime(nanoseconds: Int64(job) * 1_000_000_000), to: id,
                                kind: TimedWorker.start, subject: UInt64(job))
        }
        simulation.run()
        return (simulation.inspect { worker.assumeIsolated { $0.log } }, simulation)
    }

    @Test func timersCancelledLongBeforeTheyFallDueAreDroppedUnseen() {
        let dropped = Self.run(jobs: 100, work: .milliseconds(200), dropsStale: true)
        let delivered = Self.run(jobs: 100, work: .milliseconds(200), dropsStale: false)
        // Every job finished in time, and the actor saw the same things either way.
        #expect(dropped.log.count == 100 && dropped.log.allSatisfy { $0.hasPrefix("done") })
        #expect(dropped.log == delivered.log)
        // The 100 dead timers were dropped, not delivered: 100 fewer steps in the trace.
        #expect(dropped.simulation.staleEventsDropped == 100)
        #expect(delivered.simulation.staleEventsDropped == 0)
        #expect(delivered.simulation.trace.steps - dropped.simulation.trace.steps == 100)
        // The run ends at the last job's end, not at its dead timer 30 s later.
        #expect(dropped.simulation.now < delivered.simulation.now)
    }

    @Test func aLiveTimerIsNeverDropped() {
        // Work longer than the timeout: every timer fires, none is stale.
        let slow = Self.run(jobs: 20, work: .seconds(40), dropsStale: true)
        #expect(slow.simulation.staleEventsDropped == 0)
        #expect(slow.log.filter { $0.hasPrefix("timedOut") }.count == 20)
        #expect(slow.log == Self.run(jobs: 20, work: .seconds(40), dropsStale: false).log)
    }

    @Test func droppingIsDeterministic() {
        let first = Self.run(jobs: 50, work: .milliseconds(300), dropsStale: true).simulation
        let again = Self.run(jobs: 50, work: .milliseconds(300), dropsStale: true).simulation
        #expect(first.trace.hash == again.trace.hash && first.trace.steps == again.trace.steps)
    }
}

/// Starts a job, arms its timeout, and finishes it after `work`; finishing cancels the timeout.
actor TimedWorker: SimulationActor {
    static let start: UInt32 = 1, finish: UInt32 = 2, timeout: UInt32 = 3
    nonisolated let lane: SimulationLane
    nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }
    nonisolated var traceName: String { "worker" }
    unowned(unsafe) let simulation: Simulation
    let work: SimDuration
    var id = ReceiverID.kernel
    /// The live timer's serial per job; a finished job's timer no longer matches.
    var serials: [UInt64] = []
    var finished: [Bool] = []
    var log: [String] = []

    init(lane: SimulationLane, simulation: Simulation, work: SimDuration) {
        self.lane = lane
        self.simulation = simulation
        self.work = work
    }

    func handle(_ event: SimulationEvent) {
        let job = Int(event.subject)
        switch event.kind {
        case Self.start:
            while serials.count <= job { serials.append(0); finished.append(false) }
            serials[job] &+= 1
            simulation.schedule(after: .seconds(30), to: id, kind: Self.timeout, subject: event.subject,
                                argument: serials[job])
            simulation.schedule(after: work, to: id, kind: Self.finish, subject: event.subject)
        case Self.finish:
            guard !finished[job] else { return }
            finished[job] = true
            serials[job] &+= 1
            log.append("done \(job) at \(simulation.now)")
        default:
            guard !wouldIgnore(event) else { return }
            finished[job] = true
            log.append("timedOut \(job) at \(simulation.now)")
        }
    }

    func wouldIgnore(_ event: SimulationEvent) -> Bool {
        event.kind == Self.timeout && serials[Int(event.subject)] != event.argument
    }
}
