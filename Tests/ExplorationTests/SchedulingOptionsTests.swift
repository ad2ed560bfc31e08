import Exploration
import Scenarios
import SimulationKernel
import SimulationTestSupport
import Testing

/// The scheduling flags: parsed in one place, rendered back in one place, and a replay command
/// that gives back exactly the options it was made from.
@Suite struct SchedulingOptionsTests {
    /// Flags as a command receives them, by name without dashes; "" for a switch.
    static func parse(_ flags: [String: String]) throws(SchedulingFlagError) -> SchedulingOptions {
        try SchedulingOptions(flagValue: { flags[$0] })
    }

    /// The flags of `arguments` as `ParsedArguments` would hand them over: a switch is "", a
    /// flag followed by a value takes it.
    static func flagValues(_ arguments: [String]) -> [String: String] {
        let switches = Set(SchedulingOptions.flags.filter { $0.valueName == nil }.map(\.name) + ["swarm"])
        var values: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let name = String(arguments[index].dropFirst(2))
            if switches.contains(name) {
                values[name] = ""
                index += 1
            } else {
                values[name] = index + 1 < arguments.count ? arguments[index + 1] : nil
                index += 2
            }
        }
        return values
    }

    static let valid: [([String: String], SchedulingOptions)] = [
        ([:], SchedulingOptions()),
        (["strategy": "fifo"], SchedulingOptions()),
        (["strategy": "random"], SchedulingOptions(strategy: .random)),
        (["strategy": "pct"], SchedulingOptions(strategy: .pct(depth: 3))),
        (["strategy": "pct:1"], SchedulingOptions(strategy: .pct(depth: 1))),
        (["strategy": "pct:10", "lanes": "per-actor"], SchedulingOptions(strategy: .pct(depth: 10), lanes: .perActor)),
        (["strategy": "delay"], SchedulingOptions(strategy: .delayBounded(delays: 2))),
        (["strategy": "delay:0", "jitter": "5ms"], SchedulingOptions(strategy: .delayBounded(delays: 0), jitter: .milliseconds(5))),
        (["strategy": "delay:10"], SchedulingOptions(strategy: .delayBounded(delays: 10))),
        (["lanes": "shared", "jitter": "0ms"], SchedulingOptions()),
        (["jitter": "2ms"], SchedulingOptions(jitter: .milliseconds(2))),
        (["jitter": "1.5s"], SchedulingOptions(jitter: .milliseconds(1500))),
        (["jitter": "60s"], SchedulingOptions(jitter: .seconds(60))),
        (["keep-going": ""], SchedulingOptions(keepGoing: true)),
        (["strategy": "random", "lanes": "per-actor", "jitter": "250us", "keep-going": ""],
         SchedulingOptions(strategy: .random, lanes: .perActor, jitter: .microseconds(250), keepGoing: true)),
    ]

    @Test(arguments: valid.indices)
    func validFlagsParse(_ index: Int) throws {
        let (flags, expected) = Self.valid[index]
        #expect(try Self.parse(flags) == expected, "\(flags)")
    }

    /// Each message exactly as the CLI prints it after `paystorm <command>: `.
    @Test(arguments: [
        (["strategy": "lifo"], #"--strategy: expected fifo, random, pct[:DEPTH] or delay[:DELAYS], found "lifo""#),
        (["strategy": "delay:11"], #"--strategy: expected a number of delays from 0 to 10, found "11""#),
        (["strategy": "fifo:2"], #"--strategy: expected fifo, random, pct[:DEPTH] or delay[:DELAYS], found "fifo:2""#),
        (["strategy": "pct:99"], #"--strategy: expected a pct depth from 1 to 10, found "99""#),
        (["strategy": "pct:0"], #"--strategy: expected a pct depth from 1 to 10, found "0""#),
        (["strategy": "pct:x"], #"--strategy: expected a pct depth from 1 to 10, found "x""#),
        (["lanes": "each"], #"--lanes: expected shared or per-actor, found "each""#),
        (["jitter": "2"], #"--jitter: expected a duration from 0 to 60s, such as 2ms, found "2""#),
        (["jitter": "61s"], #"--jitter: expected a duration from 0 to 60s, such as 2ms, found "61s""#),
    ])
    func invalidFlagsSayWhich(flags: [String: String], message: String) {
        #expect(throws: SchedulingFlagError.self) { try Self.parse(flags) }
        do {
            _ = try Self.parse(flags)
        } catch {
            #expect(error.description == message)
        }
    }

    /// Flags → options → replay line → flags: the same options, in every form of the command.
    @Test(arguments: valid.indices)
    func replayLineGivesBackTheSameOptions(_ index: Int) throws {
        let options = try Self.parse(Self.valid[index].0)
        for form in [ReplayCommand.Form.replay, .run, .swarmExplore, .swarmReplay] {
            let replay = ReplayCommand(form, scenarioFile: "scenarios/my scenario.json",
                                       overrides: [#"defects=["retry-new-idempotency-key"]"#, "run.lifecycles=600"],
                                       seed: 18_446_744_073_709_551_615, scheduling: options)
            let words = shellWords("\(replay)")
            #expect(words == ["swift", "run", "-c", "release", "paystorm"] + replay.arguments, "\(replay)")
            let prefix = switch form {
            case .replay: ["replay", "--scenario", "scenarios/my scenario.json", "--seed", "18446744073709551615"]
            case .run: ["run", "--scenario", "scenarios/my scenario.json", "--seed", "18446744073709551615"]
            case .swarmExplore:
                ["explore", "--scenario", "scenarios/my scenario.json", "--seeds",
                 "18446744073709551615..18446744073709551615", "--swarm"]
            case .swarmReplay: ["replay", "--scenario", "scenarios/my scenario.json", "--seed", "18446744073709551615", "--swarm"]
            }
            #expect(Array(replay.arguments.prefix(prefix.count)) == prefix, "\(replay)")
            let rest = Array(replay.arguments.dropFirst(prefix.count))
            let sets = [#"defects=["retry-new-idempotency-key"]"#, "run.lifecycles=600"].flatMap { ["--set", $0] }
            #expect(Array(rest.prefix(sets.count)) == sets, "\(replay)")
            let back = try Self.parse(Self.flagValues(Array(rest.dropFirst(sets.count))))
            #expect(back == options, "\(replay)")
        }
    }

    @Test func replayLinesReadAsBefore() {
        let options = SchedulingOptions(strategy: .pct(depth: 2), lanes: .perActor, jitter: .milliseconds(5))
        #expect("\(ReplayCommand(.replay, scenarioFile: "scenarios/default.json", overrides: ["slo.latency_ms_p99=< 1"], seed: 42, scheduling: options))"
            == "swift run -c release paystorm replay --scenario scenarios/default.json --seed 42 --set 'slo.latency_ms_p99=< 1'"
            + " --strategy pct:2 --lanes per-actor --jitter 5ms")
        #expect("\(ReplayCommand(.swarmExplore, scenarioFile: "scenarios/ecommpay.json", seed: 7, scheduling: SchedulingOptions()))"
            == "swift run -c release paystorm explore --scenario scenarios/ecommpay.json --seeds 7..7 --swarm")
        #expect("\(ReplayCommand(.run, scenarioFile: "out/shrunk.json", seed: 3, scheduling: SchedulingOptions(keepGoing: true), program: "paystorm"))"
            == "paystorm run --scenario out/shrunk.json --seed 3 --keep-going")
    }

    /// PCT needs the run's length: a dozen steps per lifecycle, in both worlds.
    @Test func pctStepsFollowTheScenariosLifecycles() throws {
        let options = SchedulingOptions(strategy: .pct(depth: 4), lanes: .perActor, jitter: .milliseconds(1))
        for (file, lifecycles) in [("scenarios/card-payments.json", 700), ("scenarios/reference-pipeline.json", 900)] {
            let scenario = try loadScenario(file, overrides: ["run.lifecycles=\(lifecycles)"])
            let kernel = options.simulationOptions(seed: 9, for: scenario)
            #expect(kernel.seed == 9)
            #expect(kernel.strategy == .pct(depth: 4, steps: lifecycles * 12))
            #expect(kernel.lanes == .perActor)
            #expect(kernel.deliveryJitter == .milliseconds(1))
        }
        let fifo = SchedulingOptions().simulationOptions(seed: 1, for: try loadScenario("scenarios/card-payments.json"))
        #expect(fifo == Simulation.Options(seed: 1))
    }

    /// Every scheduling flag parses and renders: a new one missing from either shows here.
    @Test func everyFlagRoundTrips() throws {
        let all = SchedulingOptions(strategy: .random, lanes: .perActor, jitter: .milliseconds(3), keepGoing: true)
        let names = SchedulingOptions.flags.map { "--" + $0.name }
        #expect(all.arguments.filter { $0.hasPrefix("--") } == names)
        #expect(try Self.parse(Self.flagValues(all.arguments)) == all)
    }
}
