import Exploration
import Foundation
import PaymentWorld
import Reporting
import Scenarios

/// `explore.json`: what one explore found, written by `paystorm explore --out` and, merged from
/// shards, by `paystorm report`, in the same shape, so a merged night of shards compares with one
/// unsharded run field by field (all but `wall_seconds`).
public struct ExploreFile {
    /// What makes two explores the same explore: every shard `report` merges must agree on it all.
    public struct Header: Equatable {
        public var paystorm: String
        public var scenarioFile: String
        public var scenarioName: String
        /// FNV-1a of the scenario file's bytes: an edit between shards changes it.
        public var scenarioDigest: String
        public var overrides: [String]
        /// `path=value`, as `Scenario.effectiveOptions` lists them.
        public var settings: [String]
        public var seeds: ClosedRange<UInt64>
        /// The scheduling flags that differ from the defaults, as a replay command carries them.
        public var scheduling: [String]
        public var swarm: Bool

        /// The first field `other` disagrees on, with the two values.
        public func difference(from other: Header) -> (field: String, mine: String, theirs: String)? {
            func flags(_ words: [String]) -> String { words.isEmpty ? "(none)" : words.joined(separator: " ") }
            let identity: [(String, String, String)] = [
                ("paystorm version", paystorm, other.paystorm),
                ("scenario", scenarioName, other.scenarioName),
                ("scenario file", scenarioFile, other.scenarioFile),
                ("seeds", "\(seeds.lowerBound)..\(seeds.upperBound)", "\(other.seeds.lowerBound)..\(other.seeds.upperBound)"),
            ]
            if let field = identity.first(where: { $0.1 != $0.2 }) { return field }
            // A setting names the field that differs; the --set flags below catch what settings do not list (defects).
            for (mine, theirs) in zip(settings, other.settings) where mine != theirs {
                let field = String(mine.prefix { $0 != "=" })
                return (field, String(mine.dropFirst(field.count + 1)), String(theirs.drop { $0 != "=" }.dropFirst()))
            }
            if settings.count != other.settings.count { return ("settings", "\(settings.count) fields", "\(other.settings.count) fields") }
            let flagsGiven: [(String, String, String)] = [
                ("--set flags", flags(overrides), flags(other.overrides)),
                ("scheduling flags", flags(scheduling), flags(other.scheduling)),
                ("--swarm", swarm ? "on" : "off", other.swarm ? "on" : "off"),
                ("scenario file's content (digest)", scenarioDigest, other.scenarioDigest),
            ]
            return flagsGiven.first { $0.1 != $0.2 }
        }
    }

    /// One failing seed, as written: the text a person reads and the command that replays it.
    public struct Failure: Equatable {
        public var seed: UInt64
        public var invariant: String
        public var detail: String
        public var isLiveness: Bool
        public var traceHash: String
        public var faults: String
        public var replay: String

        public init(seed: UInt64, invariant: String, detail: String, isLiveness: Bool, traceHash: String, faults: String, replay: String) {
            self.seed = seed
            self.invariant = invariant
            self.detail = detail
            self.isLiveness = isLiveness
            self.traceHash = traceHash
            self.faults = faults
            self.replay = replay
        }
    }

    public var header: Header
    /// Which shard of the seeds this file holds; nil for a whole explore, run at once or merged.
    public var shard: (index: Int, count: Int)?
    public var ran: Int
    public var interrupted: Bool
    /// The wall time of the run; of a merge, the shards' wall times added up.
    public var wallSeconds: Double
    /// In seed order.
    public var failures: [Failure]
    public var coverage: StateCoverage

    public static let kind = "paystorm-explore"
    public static let name = "explore.json"

    /// The failures grouped by invariant, in the order each invariant first broke (by seed).
    public var groups: [(invariant: String, seeds: Int)] { ExplorationReport.groups(of: failures.map(\.invariant)) }

    /// As `explore` exits: 1 for a safety failure, 2 for liveness failures only, else 0.
    public var status: ExitStatus {
        if failures.contains(where: { !$0.isLiveness }) { return .invariantViolated }
        return failures.isEmpty ? .passed : .livenessViolated
    }

    /// The FAILED lines, the count and groups, and the state coverage, as `explore` prints them.
    public func summaryText(headline: String) -> String {
        var lines = failures.map { failure in
            "FAILED  seed \(failure.seed)  \(failure.invariant)  trace \(failure.traceHash)  \(failure.detail)"
                + (failure.faults.isEmpty ? "" : "\n  faults: \(failure.faults)") + "\n  replay: \(failure.replay)"
        }
        lines.append("\n\(headline): \(failures.count) failed")
        lines += groups.map { "  \($0.invariant): \($0.seeds) seed(s)" }
        let coverage = CoverageReport.lines(coverage)
        if !coverage.isEmpty {
            lines.append("\nstate coverage over \(ran) seeds (pairs never reached include those the tables forbid)")
            lines += coverage.map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    public var json: JSONOutput {
        .object([
            ("kind", .string(Self.kind)), ("paystorm", .string(header.paystorm)),
            ("scenario", .string(header.scenarioFile)), ("scenario_name", .string(header.scenarioName)),
            ("scenario_digest", .string(header.scenarioDigest)), ("overrides", .array(header.overrides.map { .string($0) })),
            ("settings", .array(header.settings.map { .string($0) })),
            ("seeds", .string("\(header.seeds.lowerBound)..\(header.seeds.upperBound)")),
            ("shard", shard.map { .object([("index", .integer(Int64($0.index))), ("count", .integer(Int64($0.count)))]) } ?? .null),
            ("scheduling", .array(header.scheduling.map { .string($0) })), ("swarm", .bool(header.swarm)),
            ("ran", .integer(Int64(ran))), ("interrupted", .bool(interrupted)), ("wall_seconds", .number(wallSeconds)),
            ("failures", .array(failures.map { failure in
                .object([("seed", .unsigned(failure.seed)), ("invariant", .string(failure.invariant)),
                         ("detail", .string(failure.detail)), ("liveness", .bool(failure.isLiveness)),
                         ("trace_hash", .string(failure.traceHash)), ("faults", .string(failure.faults)),
                         ("replay", .string(failure.replay))])
            })),
            ("groups", .object(groups.map { ($0.invariant, .integer(Int64($0.seeds))) })),
            ("state_coverage", CoverageReport.json(coverage)),
        ])
    }

    /// Writes `directory/explore.json` and `directory/report.html`, each atomically.
    public func write(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = try ResultSet.write([(Self.name, json.serialized(pretty: true) + "\n"), ("report.html", html)], into: directory,
                                command: "paystorm explore", identity: [
                                    ("seeds", .string("\(header.seeds.lowerBound)..\(header.seeds.upperBound)")),
                                    ("ran", .integer(Int64(ran))), ("interrupted", .bool(interrupted)),
                                ])
    }

    public init(header: Header, shard: (index: Int, count: Int)? = nil, ran: Int, interrupted: Bool, wallSeconds: Double,
                failures: [Failure], coverage: StateCoverage) {
        self.header = header
        self.shard = shard
        self.ran = ran
        self.interrupted = interrupted
        self.wallSeconds = wallSeconds
        self.failures = failures
        self.coverage = coverage
    }
}

extension ExploreFile.Header {
    /// The header of an explore of `scenario` over `seeds`; `digest` is of the bytes it was loaded from.
    public init(scenario: Scenario, digest: String, seeds: ClosedRange<UInt64>, scheduling: SchedulingOptions, swarm: Bool) {
        self.init(paystorm: PayStormVersion.current, scenarioFile: scenario.file, scenarioName: scenario.name,
                  scenarioDigest: digest, overrides: scenario.overrides,
                  settings: scenario.effectiveOptions.map { "\($0.path)=\($0.value)" }, seeds: seeds,
                  scheduling: scheduling.arguments, swarm: swarm)
    }

}

extension ExploreFile {
    /// What an explore of `seeds` by `explorer` found, as its explore.json records it.
    public init(_ report: ExplorationReport, explorer: Explorer, digest: String, seeds: ClosedRange<UInt64>,
                shard: (index: Int, count: Int)?, interrupted: Bool, wallSeconds: Double) {
        self.init(header: Header(scenario: explorer.scenario, digest: digest, seeds: seeds, scheduling: explorer.scheduling,
                                 swarm: explorer.swarm),
                  shard: shard, ran: report.ran, interrupted: interrupted, wallSeconds: wallSeconds,
                  failures: report.findings.map { finding in
                      Failure(seed: finding.seed, invariant: finding.invariant, detail: finding.detail,
                              isLiveness: finding.isLiveness, traceHash: finding.traceHashText, faults: finding.faults,
                              replay: "\(explorer.replayCommand(for: finding.seed))")
                  },
                  coverage: report.coverage)
    }
}
