// The one file in the kernel that creates tasks: every task of a simulation starts here, with
// the simulation's task executor preferred, so its code runs on the simulation's thread. The
// tidy test exempts this file from the ban on `Task {`.

extension Simulation {
    /// The only way simulation code starts a task; the task runs on this simulation's thread.
    ///
    /// ```swift
    /// simulation.spawn { await client.pay(order) }
    /// simulation.run()
    /// ```
    @discardableResult
    public func spawn(_ operation: sending @escaping @isolated(any) () async -> Void) -> Task<Void, Never> {
        Task(executorPreference: taskExecutor, operation: operation)
    }

    /// Starts the event loop as a task; `run` drives it and every other job to completion.
    /// Its first job is held apart like every later one, so how a run is split into `run(until:)`
    /// calls never shows in the trace.
    func startDriver(until deadline: SimTime) {
        driverYielding = true
        Task(executorPreference: taskExecutor) { [self] in await self.drive(until: deadline) }
        precondition(!driverYielding && parkedDriver != nil, "the event loop's first job was not enqueued at once")
    }
}

extension Simulation {
    /// Parks the calling task until `deadline` in virtual time. Not cancellable, which makes it
    /// the cheaper sleep.
    public func sleep(until deadline: SimTime) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let (slot, generation) = sleepers.reserve()
            sleepers.park(.plain(continuation), slot: slot)
            schedule(at: max(deadline, currentTime), to: .kernel, kind: 0, subject: UInt64(slot), argument: generation)
        }
    }

    /// Parks the calling task until `deadline`, or throws `CancellationError` when the task is
    /// cancelled first (by simulation code, on the simulation's thread).
    public func sleepCancellable(until deadline: SimTime) async throws {
        try Task.checkCancellation()
        let (slot, generation) = sleepers.reserve()
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                sleepers.park(.cancellable(continuation), slot: slot)
                schedule(at: max(deadline, currentTime), to: .kernel, kind: 0, subject: UInt64(slot), argument: generation)
            }
        } onCancel: {
            // Cancellation from simulation code runs here on the simulation thread; the stale
            // wake-up event finds the generation changed and does nothing.
            self.cancelSleeper(slot: slot, generation: generation)
        }
    }

    /// Tasks parked on virtual-time sleeps: at the end of a run, work that never finished.
    public var parkedSleepers: Int { sleepers.parked }

    func wakeSleeper(_ event: SimulationEvent) {
        switch sleepers.take(slot: Int(event.subject), generation: event.argument) {
        case .plain(let continuation): continuation.resume()
        case .cancellable(let continuation): continuation.resume()
        case .transit(let continuation): continuation.resume(returning: false)  // The timeout came first.
        case .job(let job): enqueue(job, lane: Self.taskLane)
        case .reserved, nil: break  // Cancelled, or a cancellable sleep that never parked.
        }
    }

    func cancelSleeper(slot: Int, generation: UInt64) {
        if case .cancellable(let continuation) = sleepers.take(slot: slot, generation: generation) {
            continuation.resume(throwing: CancellationError())
        }
    }
}
