/// A job ready to run and the lane it was enqueued on (`Simulation.taskLane` for nonisolated
/// task code).
struct ReadyJob: Sendable {
    var job: UnownedJob
    var lane: UInt32
    /// The job's place in the order jobs became ready (1 is the first): running plain concurrency,
    /// where every job is on the task lane, the trace names a job step by it, so the trace hash
    /// tells one interleaving of the same jobs from another.
    var arrival: UInt64 = 0
    /// Whose job it is for PCT when running plain concurrency (`Simulation.entity(of:)`).
    var entity: UInt32 = 0
}

/// The jobs ready to run now, in arrival order. The strategy picks which runs next.
struct ReadyQueue {
    private var jobs: ContiguousArray<ReadyJob> = []
    private var head = 0

    var count: Int { jobs.count - head }
    var isEmpty: Bool { head == jobs.count }

    mutating func append(_ job: ReadyJob) { jobs.append(job) }

    /// Removes the job at `offset` from the front (0 is the oldest).
    mutating func remove(at offset: Int) -> ReadyJob {
        precondition(offset >= 0 && offset < count, "ready queue offset \(offset) outside 0..<\(count)")
        if offset != 0 {
            // Keep the others in arrival order: fifo tie-breaks and pct ties depend on it.
            let picked = jobs[head + offset]
            var index = head + offset
            while index > head {
                jobs[index] = jobs[index - 1]
                index -= 1
            }
            jobs[head] = picked
        }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= jobs.count {
            // Jobs keep arriving while older ones wait: drop the consumed prefix.
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }

    func lane(at offset: Int) -> UInt32 { jobs[head + offset].lane }

    func entity(at offset: Int) -> UInt32 { jobs[head + offset].entity }
}

/// The state of probabilistic concurrency testing: the steps at which the running entity drops
/// to a low priority.
struct PCTState {
    /// The random part of an initial priority, added to `depth`: 2^24 values make ties between
    /// entities rare, and stay far enough below `UInt32.max` that no priority overflows.
    static let initialPrioritySpread: ClosedRange<UInt64> = 0...((1 << 24) - 1)

    let depth: Int
    /// Sorted step numbers (1-based) with the priority the entity running then drops to.
    private(set) var changePoints: [(step: UInt64, priority: UInt32)]
    private var next = 0

    init(depth: Int, steps: Int, random: inout SimRandom) {
        self.depth = depth
        var points: [(UInt64, UInt32)] = []
        for index in 0..<(depth - 1) {
            // Change point i lowers to priority depth-1-i, below every initial priority (>= depth).
            points.append((random.int(in: 1...UInt64(steps)), UInt32(depth - 1 - index)))
        }
        changePoints = points.sorted { $0.0 < $1.0 }
    }

    /// The priority to drop to if `step` is a change point.
    mutating func demotion(atStep step: UInt64) -> UInt32? {
        var result: UInt32?
        while next < changePoints.count && changePoints[next].step <= step {
            if changePoints[next].step == step { result = changePoints[next].priority }
            next += 1
        }
        return result
    }
}

/// Tasks sleeping on virtual time, in slots reused after they wake. A generation number per
/// slot tells a stale wake-up (from a cancelled sleep) from the current sleeper's.
struct SleeperTable {
    enum Sleeper {
        case plain(UnsafeContinuation<Void, Never>)
        case cancellable(UnsafeContinuation<Void, any Error>)
        /// A message in flight (`SimulationContext.transmit`): true if it arrives, false at the timeout.
        case transit(UnsafeContinuation<Bool, Never>)
        /// A job the runtime asked to run later (a plain `sleep`), captured on the virtual clock.
        case job(UnownedJob)
        case reserved  // A cancellable sleep between taking its slot and parking.
    }
    private var slots: [Sleeper?] = []
    private var generations: [UInt64] = []
    private var free: [Int] = []
    private(set) var parked = 0

    mutating func reserve() -> (slot: Int, generation: UInt64) {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
        } else {
            slots.append(nil)
            generations.append(0)
            slot = slots.count - 1
        }
        generations[slot] &+= 1
        slots[slot] = .reserved
        parked += 1
        return (slot, generations[slot])
    }

    mutating func park(_ sleeper: Sleeper, slot: Int) { slots[slot] = sleeper }

    /// Takes the sleeper out if the slot still belongs to `generation`.
    mutating func take(slot: Int, generation: UInt64) -> Sleeper? {
        guard slot < slots.count, generations[slot] == generation, let sleeper = slots[slot] else { return nil }
        slots[slot] = nil
        free.append(slot)
        parked -= 1
        return sleeper
    }
}
