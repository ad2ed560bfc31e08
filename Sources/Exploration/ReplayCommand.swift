import Scenarios

/// The one command line that runs a seed again exactly: the scenario file, its `--set`
/// overrides, the seed, and the scheduling flags that differ from the defaults.
///
/// ```swift
/// let replay = ReplayCommand(.replay, scenarioFile: "scenarios/default.json", overrides: ["run.lifecycles=600"],
///                            seed: 7, scheduling: SchedulingOptions(strategy: .random))
/// #expect("\(replay)" == "swift run -c release paystorm replay --scenario scenarios/default.json --seed 7 "
///                        + "--set run.lifecycles=600 --strategy random")
/// ```
public struct ReplayCommand: Sendable, Hashable, CustomStringConvertible {
    /// Which command replays the run.
    public enum Form: Sendable, Hashable {
        /// `paystorm replay --scenario F --seed N`: the run again, with its full trace.
        case replay
        /// `paystorm run --scenario F --seed N`: for a scenario file that stands on its own.
        case run
        /// `paystorm explore --scenario F --seeds N..N --swarm`: a swarm seed, whose faults only
        /// `explore --swarm` picks.
        case swarmExplore
        /// `paystorm replay --scenario F --seed N --swarm`: a swarm seed again, with its full trace.
        case swarmReplay
    }

    /// How the command starts: `swift run -c release paystorm` by default.
    public var program: String
    public var form: Form
    public var scenarioFile: String
    /// The `--set` flags, in the order given (`Scenario.overrides`).
    public var overrides: [String]
    public var seed: UInt64
    public var scheduling: SchedulingOptions

    public init(_ form: Form, scenarioFile: String, overrides: [String] = [], seed: UInt64,
                scheduling: SchedulingOptions = SchedulingOptions(),
                program: String = "swift run -c release paystorm") {
        self.program = program
        self.form = form
        self.scenarioFile = scenarioFile
        self.overrides = overrides
        self.seed = seed
        self.scheduling = scheduling
    }

    /// The command for `scenario` as loaded: its file and its overrides.
    public init(_ form: Form, scenario: Scenario, seed: UInt64, scheduling: SchedulingOptions) {
        self.init(form, scenarioFile: scenario.file, overrides: scenario.overrides, seed: seed, scheduling: scheduling)
    }

    /// The arguments after the program, unquoted: what a process would receive.
    public var arguments: [String] {
        var arguments: [String]
        switch form {
        case .replay: arguments = ["replay", "--scenario", scenarioFile, "--seed", "\(seed)"]
        case .run: arguments = ["run", "--scenario", scenarioFile, "--seed", "\(seed)"]
        case .swarmExplore:
            arguments = ["explore", "--scenario", scenarioFile, "--seeds", "\(seed)..\(seed)", "--swarm"]
        case .swarmReplay: arguments = ["replay", "--scenario", scenarioFile, "--seed", "\(seed)", "--swarm"]
        }
        for override in overrides { arguments += ["--set", override] }
        return arguments + scheduling.arguments
    }

    /// The command as a shell line, each argument quoted where it needs it.
    public var description: String { ([program] + arguments.map(shellQuoted)).joined(separator: " ") }
}

/// `text` as one shell word: as it is when that is safe, else in single quotes.
package func shellQuoted(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./=:@,".unicodeScalars.contains($0))
    }
    return safe && !text.isEmpty ? text : "'" + text.replacing("'", with: "'\\''") + "'"
}
