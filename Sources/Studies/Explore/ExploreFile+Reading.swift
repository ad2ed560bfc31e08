import Exploration
import Foundation
import PaymentWorld
import Scenarios

extension ExploreFile {
    /// Reads `path`, refusing a file that is not an explore's or has been edited into nonsense;
    /// every message names the file and what was wrong.
    public static func read(_ path: String) throws(InputError) -> ExploreFile {
        let malformed = { (what: String) in
            InputError("paystorm report: \(path): expected an explore.json written by paystorm explore --out; \(what)")
        }
        guard let data = FileManager.default.contents(atPath: path), let root = try? JSONParser.parse(bytes: [UInt8](data)) else {
            throw malformed("it is not JSON")
        }
        guard root["kind"]?.value.stringValue == kind else {
            throw malformed("it has no \"kind\": \"\(kind)\" (written by an older paystorm?)")
        }
        func text(_ key: String) throws(InputError) -> String {
            guard let value = root[key]?.value.stringValue else { throw malformed("its \"\(key)\" is missing or not a string") }
            return value
        }
        func texts(_ key: String) throws(InputError) -> [String] {
            guard let elements = root[key]?.value.arrayElements else { throw malformed("its \"\(key)\" is missing or not a list") }
            let values = elements.compactMap { $0.value.stringValue }
            guard values.count == elements.count else { throw malformed("its \"\(key)\" holds something other than strings") }
            return values
        }
        func flag(_ key: String) throws(InputError) -> Bool {
            guard let value = root[key]?.value.boolValue else { throw malformed("its \"\(key)\" is missing or not true or false") }
            return value
        }
        let seedsText = try text("seeds")
        let bounds = seedsText.components(separatedBy: "..").map { UInt64($0) }
        guard bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high else {
            throw malformed("its \"seeds\" is \"\(seedsText)\", not A..B")
        }
        let header = Header(paystorm: try text("paystorm"), scenarioFile: try text("scenario"),
                            scenarioName: try text("scenario_name"), scenarioDigest: try text("scenario_digest"),
                            overrides: try texts("overrides"), settings: try texts("settings"), seeds: low...high,
                            scheduling: try texts("scheduling"), swarm: try flag("swarm"))
        var shard: (index: Int, count: Int)?
        guard let node = root["shard"] else { throw malformed("it has no \"shard\" (null for a whole explore)") }
        if case .null = node.value {} else {
            guard let count = whole(node["count"], in: 1...ClusterShard.maximumCount),
                  let index = whole(node["index"], in: 0...(count - 1)) else {
                throw malformed("its \"shard\" is not {\"index\": I, \"count\": N} with 0 <= I < N")
            }
            shard = (index, count)
        }
        let planned = Explorer.seeds(header.seeds, shard: shard).count
        guard let ran = whole(root["ran"], in: 0...planned) else {
            throw malformed("its \"ran\" is not a count from 0 to the \(planned) seeds of its range and shard")
        }
        // At most about 31 years: a merge adds the shards' wall times, and a sum past this is an edit.
        guard let seconds = root["wall_seconds"]?.value.doubleValue, seconds.isFinite, seconds >= 0, seconds <= 1e9 else {
            throw malformed("its \"wall_seconds\" is not a number of seconds from 0 to 1e9")
        }
        guard let failureNodes = root["failures"]?.value.arrayElements else { throw malformed("its \"failures\" is not a list") }
        var failures: [Failure] = []
        for (index, node) in failureNodes.enumerated() {
            guard let failure = decodeFailure(node) else {
                throw malformed("failure \(index) lacks its seed, invariant, detail, liveness, trace_hash, faults or replay")
            }
            guard header.seeds.contains(failure.seed),
                  shard.map({ Int((failure.seed - header.seeds.lowerBound) % UInt64($0.count)) == $0.index }) ?? true else {
                throw malformed("failure \(index) names seed \(failure.seed), which is not among its seeds "
                                + "(\(seedsText)\(shard.map { ", shard \($0.index)/\($0.count)" } ?? ""))")
            }
            failures.append(failure)
        }
        guard let coverageNode = root["state_coverage"] else { throw malformed("it has no \"state_coverage\"") }
        let coverage = try decodeCoverage(coverageNode, malformed: malformed)
        return ExploreFile(header: header, shard: shard, ran: ran, interrupted: try flag("interrupted"), wallSeconds: seconds,
                           failures: failures, coverage: coverage)
    }

    private static func decodeFailure(_ node: JSONNode) -> Failure? {
        guard case .number(_, let literal)? = node["seed"]?.value, let seed = UInt64(literal),
              let invariant = node["invariant"]?.value.stringValue, let detail = node["detail"]?.value.stringValue,
              let liveness = node["liveness"]?.value.boolValue, let hash = node["trace_hash"]?.value.stringValue,
              let faults = node["faults"]?.value.stringValue, let replay = node["replay"]?.value.stringValue else { return nil }
        return Failure(seed: seed, invariant: invariant, detail: detail, isLiveness: liveness, traceHash: hash, faults: faults,
                       replay: replay)
    }

    /// The counts of every reached pair, added into an empty coverage; the derived fields
    /// (`reached`, `never_reached`) are written again from the counts, not trusted.
    private static func decodeCoverage(_ node: JSONNode, malformed: (String) -> InputError) throws(InputError) -> StateCoverage {
        guard let lifecycles = node.value.objectMembers else { throw malformed("its \"state_coverage\" is not an object") }
        var coverage = StateCoverage()
        for lifecycle in lifecycles {
            guard let pairs = lifecycle.value["reached_pairs"]?.value.arrayElements else {
                throw malformed("state_coverage.\(lifecycle.key) has no \"reached_pairs\" list")
            }
            for pair in pairs {
                guard let state = pair["state"]?.value.stringValue, let event = pair["event"]?.value.stringValue,
                      let applied = count(pair["applied"]), let rejected = count(pair["rejected"]) else {
                    throw malformed("a pair of state_coverage.\(lifecycle.key) lacks its state, event, applied or rejected")
                }
                guard coverage.add(lifecycle: lifecycle.key, state: state, event: event, applied: applied, rejected: rejected) else {
                    throw malformed("state_coverage names \(lifecycle.key) \(state) × \(event), which this paystorm's "
                                    + "lifecycle tables do not have (written by another version?)")
                }
            }
        }
        return coverage
    }

    private static func count(_ node: JSONNode?) -> UInt64? {
        guard case .number(_, let literal)? = node?.value else { return nil }
        return UInt64(literal)
    }

    /// A whole number that fits an `Int` in `range`, or nil (a `1e300` or `-2` in an edited file).
    private static func whole(_ node: JSONNode?, in range: ClosedRange<Int>) -> Int? {
        guard let value = node?.value.doubleValue, let whole = Int(exactly: value), range.contains(whole) else { return nil }
        return whole
    }
}
