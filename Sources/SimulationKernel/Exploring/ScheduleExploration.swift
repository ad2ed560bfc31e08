import Synchronization

/// Exploring a user's own simulation over seeds × strategies × jitters, on several threads: the
/// loop, the verdict and the replay a test would otherwise write itself.
///
/// ```swift
/// let outcome = ScheduleExploration.explore(seeds: 0..<200) { trial in
///     let gateway = FakeGateway(context: trial.simulation.makeContext(name: "gateway"))
///     trial.simulation.spawn { … }
///     try trial.run()
///     let charges = trial.simulation.inspect { gateway.assumeIsolated { $0.charges.count } }
///     if charges > 1 { throw DoubleCharge(charges) }
/// }
/// if let failure = outcome.failures.first { print(failure, failure.replayEnvironment) }
/// ```
public enum ScheduleExploration {
    /// The strategies tried by default: random order; PCT at depths 2, 3 and 5 over `steps`
    /// steps, so a bug that needs one, two or four unlucky preemptions is within reach; and
    /// delay-bounded scheduling with two delays among the choices each trial makes (`steps: 0`,
    /// counted by a fifo run of the trial first), for a bug one or two departures from the usual
    /// order away. Give `steps` about the length of a run: its trace steps (``Trace/steps``).
    public static func portfolio(steps: Int = 1_000) -> [SchedulingStrategy] {
        [.random, .pct(depth: 2, steps: steps), .pct(depth: 3, steps: steps), .pct(depth: 5, steps: steps),
         .delayBounded(delays: 2, steps: 0)]
    }

    /// Runs `body` once per (seed, strategy, jitter), seeds outermost, on up to `threads`
    /// threads. A trial fails when its body throws (``Trial/run()`` throws when the code escaped
    /// or the run did not end idle). `size`, if given, is every trial's ``Trial/size``, which
    /// ``shrink(_:maxTrials:_:)`` lowers. With `stopAtFirstFailure`, no trial after the first failing
    /// one starts, and the outcome is the same whatever the number of threads.
    public static func explore(seeds: Range<UInt64>, strategies: [SchedulingStrategy] = portfolio(),
                               jitters: [SimDuration] = [.zero], lanes: LaneMode = .perActor, size: Int? = nil,
                               threads: Int = 1,
                               stopAtFirstFailure: Bool = true,
                               _ body: @escaping @Sendable (Trial) throws -> Void) -> ExplorationOutcome {
        let strategies = strategies.isEmpty ? [.random] : strategies
        let jitters = jitters.isEmpty ? [.zero] : jitters
        let perSeed = strategies.count * jitters.count
        let (total, overflow) = Int(clamping: seeds.count).multipliedReportingOverflow(by: perSeed)
        let count = overflow ? Int.max : total
        @Sendable func settings(_ index: Int) -> TrialSettings {
            let seed = seeds.lowerBound &+ UInt64(index / perSeed)
            let rest = index % perSeed
            return TrialSettings(seed: seed, strategy: strategies[rest / jitters.count],
                                 jitter: jitters[rest % jitters.count], lanes: lanes, size: size)
        }
        let firstFailing = Atomic<Int>(.max)
        let failures = Mutex<[(index: Int, failure: TrialFailure)]>([])
        TrialThreads.run(count: count, threads: threads,
                         shouldGo: { index in !stopAtFirstFailure || index < firstFailing.load(ordering: .relaxed) }) { index in
            guard let failure = attempt(settings(index), body) else { return }
            failures.withLock { $0.append((index, failure)) }
            if stopAtFirstFailure { firstFailing.min(index, ordering: .relaxed) }
        }
        var found = failures.withLock { $0 }.sorted { $0.index < $1.index }
        if stopAtFirstFailure, let first = found.first {
            found = [first]
            return ExplorationOutcome(trialsRun: first.index + 1, failures: [first.failure])
        }
        return ExplorationOutcome(trialsRun: count, failures: found.map(\.failure))
    }

    /// Runs one trial again, alone, on this thread: the failure's settings give the same trace
    /// hash and the same verdict. `trace`, if given, receives each step of `steps` as a
    /// `time actor event #subject` line; which steps it sees changes nothing in the run.
    public static func replay(_ settings: TrialSettings, trace: (@Sendable (String) -> Void)? = nil,
                              steps: ReplayedSteps = .all,
                              _ body: (Trial) throws -> Void) -> (traceHash: String, failure: TrialFailure?) {
        let trial = Trial(settings)
        if let trace {
            let simulation = trial.simulation
            simulation.setTraceSink { [unowned simulation] record in
                guard steps.includes(record) else { return }
                trace("\(record.time) \(simulation.name(of: record.receiver)) "
                      + "\(simulation.eventName(record.kind, at: record.receiver)) #\(record.subject)")
            }
        }
        let failure = verdict(trial, body)
        return (trial.simulation.trace.hashHex, failure)
    }

    /// Runs one trial again, alone, on this thread, first handing its simulation to `prepare`
    /// (to attach a trace writer, for example) before the body builds anything on it.
    public static func replay(_ settings: TrialSettings, prepare: (Simulation) -> Void,
                              _ body: (Trial) throws -> Void) -> (traceHash: String, failure: TrialFailure?) {
        let trial = Trial(settings)
        prepare(trial.simulation)
        let failure = verdict(trial, body)
        return (trial.simulation.trace.hashHex, failure)
    }

    private static func attempt(_ settings: TrialSettings, _ body: (Trial) throws -> Void) -> TrialFailure? {
        verdict(Trial(choicesCounted(settings, body)), body)
    }

    /// Delay-bounded scheduling with `steps: 0` delays among the choices this very trial makes:
    /// a fifo run of the same seed, jitter and size counts them first (``Simulation/choicesMade``),
    /// and the delays are drawn among that many. A fixed `steps` past a short run's end delays
    /// nowhere; a fixed one far below a long run's misses its later choices. The trial's settings,
    /// and so its failure's replay line, carry the count.
    static func choicesCounted(_ settings: TrialSettings, _ body: (Trial) throws -> Void) -> TrialSettings {
        guard case .delayBounded(let delays, let steps) = settings.strategy, steps == 0 else { return settings }
        var probe = settings
        probe.strategy = .fifo
        probe.keptChoices = nil
        let fifo = Trial(probe)
        _ = verdict(fifo, body)
        var counted = settings
        counted.strategy = .delayBounded(delays: delays, steps: Int(clamping: max(1, fifo.simulation.choicesMade)))
        return counted
    }

    /// What a trial that stops the process leaves on standard error (`TrialCrashNote`).
    static func crashNote(_ settings: TrialSettings) -> String {
        "PayStorm: the process stopped in the trial \(settings); its replay token is \(settings.replayToken)"
    }

    static func verdict(_ trial: Trial, _ body: (Trial) throws -> Void) -> TrialFailure? {
        do {
            try TrialCrashNote.during(crashNote(trial.settings)) { try body(trial) }
            return nil
        } catch {
            let kind = (error as? TrialProblem).map { "TrialProblem.\($0.kind.rawValue)" } ?? String(reflecting: type(of: error))
            return TrialFailure(settings: trial.settings, traceHash: trial.simulation.trace.hashHex,
                                message: "\(error)", kind: kind)
        }
    }
}
