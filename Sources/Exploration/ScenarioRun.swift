import PaymentWorld
import Scenarios
import SimulationKernel

/// One simulation of a scenario at one seed, built and run the way every command runs it:
/// `paystorm run` and `replay`, each seed of `explore`, and each candidate of `shrink`.
///
/// Building and running are apart, so a caller can attach a trace sink to ``simulation`` before
/// the run and read the world's names after it. Progress is reported every simulated second in
/// every command: a scenario's `run.drain` is checked at each report, so a different interval
/// would end the run at a different step and give a different trace hash.
///
/// ```swift
/// let scenario = try ScenarioLoader.load(file: "scenarios/card-payments.json", overrides: ["run.lifecycles=200"])
/// let run = ScenarioRun(scenario: scenario, seed: 7, scheduling: SchedulingOptions())
/// let result = run.run()
/// #expect(Verdict(result).kind == .passed)
/// ```
public struct ScenarioRun {
    /// The world a scenario builds.
    public enum World {
        case payments(PaymentsWorld)
        case referencePipeline(ReferencePipeline)
    }

    /// One progress report, every ``reportingInterval`` of virtual time.
    public enum Progress {
        case payments(PaymentsProgress)
        case referencePipeline(PipelineProgress)
    }

    /// Everything a run measured.
    public enum Result: Sendable {
        case payments(PaymentsResult)
        case referencePipeline(PipelineResult)

        /// The run's fingerprint: equal hashes, equal runs.
        public var traceHash: UInt64 {
            switch self {
            case .payments(let result): result.traceHash
            case .referencePipeline(let result): result.traceHash
            }
        }

        /// The (state, event) pairs each lifecycle reached; nil for the reference pipeline,
        /// which has no lifecycle machines.
        public var coverage: StateCoverage? {
            switch self {
            case .payments(let result): result.coverage
            case .referencePipeline: nil
            }
        }
    }

    /// Virtual time between progress reports, in every command (see the type's discussion).
    public static let reportingInterval = SimDuration.seconds(1)

    public let scenario: Scenario
    public let seed: UInt64
    public let scheduling: SchedulingOptions
    public let options: Simulation.Options
    public let world: World
    /// The faults the seed chose in swarm mode, for people (`loss 1/50, …`); nil without swarm,
    /// and for the reference pipeline, which has no swarm faults.
    public let swarmFaults: String?
    /// Whether the seed chooses its faults too: its replay command says `--swarm`.
    public let swarm: Bool

    /// Builds the world of `scenario` for `seed`, without running it.
    ///
    /// - Parameters:
    ///   - scenario: the loaded scenario, overrides applied.
    ///   - seed: the root of every random choice of the run.
    ///   - scheduling: the strategy, lanes and jitter (``SchedulingOptions``).
    ///   - swarm: let the seed also choose which faults are on and how strong
    ///     (``SwarmFaults``), as `explore --swarm` does.
    public init(scenario: Scenario, seed: UInt64, scheduling: SchedulingOptions, swarm: Bool = false) {
        self.scenario = scenario
        self.seed = seed
        self.scheduling = scheduling
        self.swarm = swarm
        options = scheduling.simulationOptions(seed: seed, for: scenario)
        switch scenario.model {
        case .payments(var configuration):
            swarmFaults = swarm ? SwarmFaults.apply(seed: seed, to: &configuration) : nil
            let world = PaymentsWorld(configuration: configuration, options: options, keepGoing: scheduling.keepGoing)
            self.world = .payments(world)
        case .referencePipeline(let configuration):
            swarmFaults = nil
            world = .referencePipeline(ReferencePipeline(configuration: configuration, options: options))
        }
    }

    public var simulation: Simulation {
        switch world {
        case .payments(let world): world.simulation
        case .referencePipeline(let pipeline): pipeline.simulation
        }
    }

    /// Runs the world to its end. A world runs once: build another `ScenarioRun` to run again.
    ///
    /// - Parameter progress: called every ``reportingInterval``; return false to stop the run
    ///   early, which the result records as interrupted.
    public func run(progress: (Progress) -> Bool = { _ in true }) -> Result {
        switch world {
        case .payments(let world):
            .payments(world.run(reportingEvery: Self.reportingInterval) { progress(.payments($0)) })
        case .referencePipeline(let pipeline):
            .referencePipeline(
                pipeline.run(reportingEvery: Self.reportingInterval) { progress(.referencePipeline($0)) })
        }
    }
}
