/// One simulation of the user's code under one ``TrialSettings``: the body given to
/// ``ScheduleExploration/explore(seeds:strategies:jitters:lanes:size:threads:stopAtFirstFailure:_:)``
/// builds its actors on ``simulation``, starts work with `simulation.spawn`, calls ``run()``,
/// then checks what it cares about and throws to fail the trial.
public final class Trial {
    /// The seed, strategy and jitter this trial runs under.
    public let settings: TrialSettings
    /// A fresh simulation made from ``settings``: build the workload on it.
    public let simulation: Simulation

    /// The workload's size when the exploration gives one (``TrialSettings/size``): a body that
    /// reads it lets shrinking try smaller workloads.
    public var size: Int? { settings.size }

    init(_ settings: TrialSettings, logsChoices: Bool = false) {
        self.settings = settings
        simulation = Simulation(options: .init(seed: settings.seed, strategy: settings.strategy, lanes: settings.lanes,
                                               deliveryJitter: settings.jitter, keptChoices: settings.keptChoices,
                                               logsChoices: logsChoices))
    }

    /// Runs the simulation until nothing is left to do. Throws ``TrialProblem`` when the user's code
    /// escaped the simulation (which way, at which virtual instant, and the last steps before it) or
    /// when the run did not end idle.
    public func run() throws {
        let end = simulation.run()
        if let escape = simulation.escapes.first {
            keepSimulationForUnfinishedWork()
            throw TrialProblem(kind: .escaped, message: "the code escaped the simulation: \(escape)", lastSteps: lastSteps())
        }
        guard end == .idle else {
            throw TrialProblem(kind: .notIdle, message: "the run ended \(end), not idle", lastSteps: lastSteps())
        }
    }

    /// Work that escaped (a detached task, a Dispatch hop), or a task left suspended, still holds
    /// the simulation's lanes and
    /// task executor, which hold the simulation unretained, and may resume a simulated task
    /// through them from another thread after the trial is over. Freed, the simulation would be a
    /// dangling pointer there, and the late job would crash the whole process, perhaps during
    /// another trial. Kept, the job waits in its inbox and never runs. This leaks one simulation
    /// per trial that escaped, and such a trial is a failure.
    func keepSimulationForUnfinishedWork() {
        _ = Unmanaged.passRetained(simulation)
    }

    /// The last steps the simulation took, as `time actor event #subject` lines: where it was.
    public func lastSteps() -> [String] {
        simulation.trace.recent.map { record in
            "\(record.time) \(simulation.name(of: record.receiver)) "
                + "\(simulation.eventName(record.kind, at: record.receiver)) #\(record.subject)"
        }
    }
}

/// A trial that went wrong inside the simulation rather than in the user's own checks.
public struct TrialProblem: Error, Sendable, CustomStringConvertible {
    /// Which way the trial went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// Work left the simulation's control (``Escape``).
        case escaped
        /// The run stopped or reached a deadline with work left.
        case notIdle
        /// The test body was still suspended when nothing was left to run.
        case suspendedAtEnd
        /// The test body returned, but a `Task {}` it started was still suspended when nothing
        /// was left to run.
        case taskLeftSuspended
        /// A sleep was still pending at the end of the run's time limit.
        case sleepPastEnd
    }

    /// Which way the trial went wrong: shrinking keeps it.
    public var kind: Kind
    /// What went wrong: the escape, or how the run ended.
    public var message: String
    /// Where the simulation was: its last steps.
    public var lastSteps: [String]

    /// The message, then the last steps, one per line.
    public var description: String {
        lastSteps.isEmpty ? message : message + "; last steps:\n  " + lastSteps.joined(separator: "\n  ")
    }
}

/// A failed trial: its settings, the trace hash it reached, and what the body threw.
public struct TrialFailure: Sendable, Hashable, CustomStringConvertible {
    /// What replays it.
    public var settings: TrialSettings
    /// The trace hash the failing run reached: a replay reaches the same one.
    public var traceHash: String
    /// What the body threw, as text.
    public var message: String
    /// The type of what the body threw (`DoubleCharge`, `TrialProblem.escaped`): a shrunk failure
    /// is one of the same kind.
    public var kind: String

    /// A failure of `settings` that reached `traceHash` and threw `message`, of type `kind`.
    public init(settings: TrialSettings, traceHash: String, message: String, kind: String) {
        self.settings = settings
        self.traceHash = traceHash
        self.message = message
        self.kind = kind
    }

    /// `PAYSTORM_REPLAY=17/pct:3:200/0`: the environment a test helper reads to run this trial alone.
    public var replayEnvironment: String { "PAYSTORM_REPLAY=\(settings.replayToken)" }

    /// `seed 17, random (trace 1a2b…): the wallet went to -20`.
    public var description: String { "\(settings) (trace \(traceHash)): \(message)" }
}

/// What an exploration did.
public struct ExplorationOutcome: Sendable {
    /// Trials run: every one, or those up to the first failure when stopping at it.
    public var trialsRun: Int
    /// Failures in trial order (seed, then strategy, then jitter); the first is the one to replay.
    public var failures: [TrialFailure]

    /// No trial failed.
    public var passed: Bool { failures.isEmpty }

    /// An outcome of `trialsRun` trials with these failures.
    public init(trialsRun: Int, failures: [TrialFailure]) {
        self.trialsRun = trialsRun
        self.failures = failures
    }
}
