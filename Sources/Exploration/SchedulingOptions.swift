import Scenarios
import SimulationKernel

/// Everything that fixes how a run is scheduled, apart from its seed and its scenario: the
/// strategy that orders steps due at one instant, the lane mode, the delivery jitter, and whether
/// the run goes on after a violation.
///
/// Together with the scenario (and its `--set` overrides) and the seed, these options fix a run's
/// trace, so they are exactly what a replay command must carry. They are parsed from flags in one
/// place (``init(flagValue:)``), rendered back as flags in one place (``arguments``), and turned
/// into the kernel's options in one place (``simulationOptions(seed:for:)``).
///
/// ```swift
/// let given = ["strategy": "pct:2", "jitter": "2ms"]
/// let options = try SchedulingOptions(flagValue: { given[$0] })
/// #expect(options.strategy == .pct(depth: 2))
/// #expect(options.arguments == ["--strategy", "pct:2", "--jitter", "2ms"])
/// ```
public struct SchedulingOptions: Sendable, Hashable {
    /// How the scheduler picks among steps due at one instant (../shared/design.md §3.2).
    public enum Strategy: Sendable, Hashable, CustomStringConvertible {
        /// In the order scheduled: the default for load runs.
        case fifo
        /// A uniform pick, from the scheduler's own stream.
        case random
        /// Probabilistic concurrency testing with `depth - 1` priority change points.
        case pct(depth: Int)
        /// Fifo's order but at `delays` scheduler choices drawn over the run, where it chooses as
        /// random does (delay-bounded scheduling).
        case delayBounded(delays: Int)

        /// The depth `--strategy pct` means.
        public static let defaultPCTDepth = 3
        /// The depths `--strategy pct:D` accepts.
        public static let pctDepths = 1...10
        /// The number of delays `--strategy delay` means.
        public static let defaultDelays = 2
        /// The numbers of delays `--strategy delay:D` accepts.
        public static let delayCounts = 0...10

        /// As written on the command line: `fifo`, `random`, `pct:3`.
        public var description: String {
            switch self {
            case .fifo: "fifo"
            case .random: "random"
            case .pct(let depth): "pct:\(depth)"
            case .delayBounded(let delays): "delay:\(delays)"
            }
        }
    }

    public var strategy: Strategy
    public var lanes: LaneMode
    /// Up to this much extra delay on every delivery, from the scheduler's own stream
    /// (`Simulation.Options.deliveryJitter`): the scheduler then also decides message races.
    public var jitter: SimDuration
    /// Count every violation and run to the end instead of stopping at the first. It changes the
    /// trace after the first violation, so a replay must carry it too.
    public var keepGoing: Bool

    public init(strategy: Strategy = .fifo, lanes: LaneMode = .shared, jitter: SimDuration = .zero,
                keepGoing: Bool = false) {
        self.strategy = strategy
        self.lanes = lanes
        self.jitter = jitter
        self.keepGoing = keepGoing
    }

    /// The kernel's options for one run of `scenario` at `seed`.
    public func simulationOptions(seed: UInt64, for scenario: Scenario) -> Simulation.Options {
        Simulation.Options(seed: seed, strategy: schedulingStrategy(for: scenario), lanes: lanes,
                           deliveryJitter: jitter)
    }

    /// The kernel's strategy for `scenario`: PCT also needs an estimate of the steps in a run.
    public func schedulingStrategy(for scenario: Scenario) -> SchedulingStrategy {
        switch strategy {
        case .fifo:
            return .fifo
        case .random:
            return .random
        case .pct(let depth):
            return .pct(depth: depth, steps: Self.estimatedSteps(of: scenario))
        case .delayBounded(let delays):
            return .delayBounded(delays: delays, steps: Self.estimatedSteps(of: scenario))
        }
    }

    /// About a dozen steps (and as many scheduler choices) per payment, in both worlds: the
    /// window PCT's change points and delay-bounded scheduling's delays are drawn in.
    static func estimatedSteps(of scenario: Scenario) -> Int {
        let lifecycles = switch scenario.model {
        case .referencePipeline(let configuration): configuration.lifecycles
        case .payments(let configuration): configuration.lifecycles
        }
        return max(1, lifecycles * 12)
    }
}
