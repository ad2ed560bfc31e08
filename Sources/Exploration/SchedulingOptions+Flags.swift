import Scenarios
import SimulationKernel

extension SchedulingOptions {
    /// One command-line flag of the scheduling options, for a command's flag table and help.
    public struct Flag: Sendable, Hashable {
        /// Without the dashes: `strategy`.
        public var name: String
        /// The placeholder for its value in help (`S`), or nil for a switch.
        public var valueName: String?
        public var help: String
    }

    /// Every scheduling flag, in help order. A command that schedules runs accepts all of them,
    /// so a new scheduling flag is added here, in ``init(flagValue:)`` and in ``arguments``, and
    /// nowhere else.
    public static let flags: [Flag] = [
        Flag(name: "strategy", valueName: "S",
             help: "scheduling: fifo (default), random, pct[:DEPTH] (default depth \(Strategy.defaultPCTDepth)) "
                + "or delay[:DELAYS] (default \(Strategy.defaultDelays))"),
        Flag(name: "lanes", valueName: "MODE", help: "shared (default: actor hops are direct calls) or per-actor"),
        Flag(name: "jitter", valueName: "DURATION",
             help: "let the strategy delay each message by up to DURATION (message races; fifo and random draw it, pct by priority)"),
        Flag(name: "keep-going", valueName: nil, help: "count invariant violations instead of stopping at the first"),
    ]

    /// The longest jitter `--jitter` accepts (its message says "60s": `SimDuration` would print "1m").
    public static let maximumJitter = SimDuration.seconds(60)

    /// Reads the scheduling flags.
    ///
    /// - Parameter value: the value given for a flag, by its name without dashes (`"strategy"`);
    ///   `""` for a switch that is present; nil for a flag that is absent.
    /// - Throws: `SchedulingFlagError` naming the first flag whose value is not valid.
    public init(flagValue value: (String) -> String?) throws(SchedulingFlagError) {
        self.init()
        if let text = value("strategy") { strategy = try Self.strategy(text) }
        if let text = value("lanes") {
            guard let mode = LaneMode(rawValue: text) else {
                throw SchedulingFlagError(flag: "--lanes", expected: "shared or per-actor", found: text)
            }
            lanes = mode
        }
        if let text = value("jitter") {
            guard let duration = try? Quantities.duration(text), duration >= .zero, duration <= Self.maximumJitter
            else {
                throw SchedulingFlagError(flag: "--jitter", expected: "a duration from 0 to 60s, such as 2ms",
                                          found: text)
            }
            jitter = duration
        }
        keepGoing = value("keep-going") != nil
    }

    /// `fifo`, `random`, `pct`, `pct:D`, `delay` or `delay:D`.
    static func strategy(_ text: String) throws(SchedulingFlagError) -> Strategy {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("fifo", 1): return .fifo
        case ("random", 1): return .random
        case ("pct", 1): return .pct(depth: Strategy.defaultPCTDepth)
        case ("pct", _): return .pct(depth: try count(parts[1], in: Strategy.pctDepths, of: "a pct depth"))
        case ("delay", 1): return .delayBounded(delays: Strategy.defaultDelays)
        case ("delay", _): return .delayBounded(delays: try count(parts[1], in: Strategy.delayCounts, of: "a number of delays"))
        default:
            throw SchedulingFlagError(flag: "--strategy", expected: "fifo, random, pct[:DEPTH] or delay[:DELAYS]",
                                      found: text)
        }
    }

    /// The number after a strategy's colon, within `range`.
    private static func count(_ text: String, in range: ClosedRange<Int>, of what: String) throws(SchedulingFlagError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw SchedulingFlagError(flag: "--strategy", expected: "\(what) from \(range.lowerBound) to \(range.upperBound)",
                                      found: text)
        }
        return value
    }

    /// The flags that give these options back through ``init(flagValue:)``, defaults left out:
    /// `["--strategy", "pct:2", "--lanes", "per-actor", "--jitter", "2ms", "--keep-going"]`.
    /// Every value is safe to paste into a shell as it is.
    public var arguments: [String] {
        var arguments: [String] = []
        if strategy != .fifo { arguments += ["--strategy", "\(strategy)"] }
        if lanes != .shared { arguments += ["--lanes", lanes.rawValue] }
        if jitter > .zero { arguments += ["--jitter", "\(jitter)"] }
        if keepGoing { arguments.append("--keep-going") }
        return arguments
    }
}

/// A scheduling flag with a value it cannot take: `--lanes: expected shared or per-actor, found "x"`.
public struct SchedulingFlagError: Error, Hashable, CustomStringConvertible {
    /// With its dashes: `--strategy`.
    public var flag: String
    public var expected: String
    public var found: String

    public var description: String { "\(flag): expected \(expected), found \"\(found)\"" }
}
