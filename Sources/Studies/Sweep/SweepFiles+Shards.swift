import Foundation
import Reporting
import Scenarios
import SimulationKernel

extension SweepFiles {
    /// What identifies the sweep a shard belongs to; every shard `report` merges must agree on it all.
    public struct ShardHeader {
        public var scenario: String
        public var settings: [String]
        public var command: String
        public var plan: SweepPlan
        /// The scenario file's digest as the shard ran it; nil in shards written before it was kept.
        public var digest: String?

        /// The first thing `other` disagrees on, as a field name and the two values.
        public func difference(from other: ShardHeader) -> (field: String, mine: String, theirs: String)? {
            if scenario != other.scenario { return ("scenario", scenario, other.scenario) }
            for (mine, theirs) in zip(settings, other.settings) where mine != theirs {
                let field = String(mine.prefix { $0 != "=" })
                return (field, String(mine.dropFirst(field.count + 1)), String(theirs.drop { $0 != "=" }.dropFirst()))
            }
            if settings.count != other.settings.count { return ("settings", "\(settings.count) fields", "\(other.settings.count) fields") }
            if plan.baseSeed != other.plan.baseSeed { return ("base seed", "\(plan.baseSeed)", "\(other.plan.baseSeed)") }
            if plan.replications != other.plan.replications {
                return ("replications", "\(plan.replications)", "\(other.plan.replications)")
            }
            if planJSON(plan) != planJSON(other.plan) { return ("axes", axesText(plan), axesText(other.plan)) }
            if command != other.command { return ("command", command, other.command) }
            if let digest, let theirs = other.digest, digest != theirs {
                return ("scenario file's content (digest)", digest, theirs)
            }
            return nil
        }

        private func axesText(_ plan: SweepPlan) -> String {
            plan.axes.map { "\($0.path)=\($0.values.joined(separator: ","))" }.joined(separator: " ")
        }
    }

    /// Reads the shard files in `directories` (every `sweep-shard-*.json`), refusing shards of
    /// different sweeps (naming both files and the field that differs) and malformed ones.
    public static func readShards(_ directories: [String]) throws(InputError)
        -> (plan: SweepPlan, scenario: String, command: String, samples: [SweepSample]) {
        var first: (path: String, header: ShardHeader)?
        var samples: [SweepSample] = []
        var seen: [Int: String] = [:]  // Looked up, never iterated: item → file.
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                throw InputError("paystorm report: \(directory): no such directory")
            }
            guard isDirectory.boolValue else {
                throw InputError("paystorm report: \(directory): expected a directory of sweep-shard-*.json files, found a file")
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasPrefix("sweep-shard-") && $0.hasSuffix(".json") }.sorted()
            for name in names {
                let path = directory + "/" + name
                let malformed = { (what: String) in
                    InputError("paystorm report: \(path): expected a sweep shard file written by paystorm sweep --shard; \(what)")
                }
                guard let data = FileManager.default.contents(atPath: path),
                      let root = try? JSONParser.parse(bytes: [UInt8](data)),
                      root["kind"]?.value.stringValue == "paystorm-sweep-shard" else { throw malformed("it is not one") }
                guard let plan = root["plan"].flatMap(decodePlan) else { throw malformed("its plan is malformed") }
                guard let scenario = root["scenario"]?.value.stringValue,
                      let settings = root["settings"]?.value.arrayElements?.compactMap({ $0.value.stringValue }),
                      let command = root["command"]?.value.stringValue,
                      let list = root["samples"]?.value.arrayElements else {
                    throw malformed("it lacks its scenario, settings, command or samples (written by an older paystorm?)")
                }
                let header = ShardHeader(scenario: scenario, settings: settings, command: command, plan: plan,
                                         digest: root["scenario_digest"]?.value.stringValue)
                if let first, let difference = first.header.difference(from: header) {
                    throw InputError("paystorm report: \(first.path) and \(path) are shards of different sweeps: "
                                     + "\(difference.field) is \(difference.mine) in one and \(difference.theirs) in the other")
                }
                if first == nil { first = (path, header) }
                let pointCount = plan.points.count
                for (index, element) in list.enumerated() {
                    guard let sample = decodeSample(element), sample.point >= 0, sample.point < pointCount,
                          sample.replication >= 0, sample.replication < plan.replications else {
                        throw malformed("sample \(index) is malformed or names a point or replication the plan does not have")
                    }
                    let item = sample.point * plan.replications + sample.replication
                    if let other = seen[item] {
                        throw InputError("paystorm report: point \(sample.point) replication \(sample.replication) is "
                                         + (other == path ? "twice in \(path)" : "in both \(other) and \(path)"))
                    }
                    seen[item] = path
                    samples.append(sample)
                }
            }
        }
        guard let first else {
            throw InputError("paystorm report: no sweep-shard-*.json files (nor an explore.json) in " + directories.joined(separator: ", "))
        }
        return (first.header.plan, first.header.scenario, first.header.command, samples)
    }

    /// A whole number that fits an `Int` in `range`, or nil (a `1e300` or `-2` in an edited file).
    private static func whole(_ node: JSONNode?, in range: ClosedRange<Int>) -> Int? {
        guard let value = node?.value.doubleValue, let whole = Int(exactly: value), range.contains(whole) else { return nil }
        return whole
    }

    public static func decodePlan(_ node: JSONNode) -> SweepPlan? {
        guard let replications = whole(node["replications"], in: 1...1_000_000),
              let axes = node["axes"]?.value.arrayElements, !axes.isEmpty else { return nil }
        var decoded: [SweepPlan.Axis] = []
        var points = 1
        for axis in axes {
            guard let path = axis["path"]?.value.stringValue, let elements = axis["values"]?.value.arrayElements,
                  !elements.isEmpty else { return nil }
            let values = elements.compactMap { $0.value.stringValue }
            points *= values.count
            guard values.count == elements.count, points <= WorkBudget.maximumPoints else { return nil }
            decoded.append(SweepPlan.Axis(path: path, values: values))
        }
        guard case .number(_, let literal)? = node["base_seed"]?.value, let exactSeed = UInt64(literal) else { return nil }
        return SweepPlan(axes: decoded, replications: replications, baseSeed: exactSeed)
    }

    public static func decodeSample(_ node: JSONNode) -> SweepSample? {
        func number(_ key: String, in node: JSONNode) -> Double? { node[key]?.value.doubleValue }
        func integer(_ key: String, in node: JSONNode) -> UInt64? {
            if case .number(_, let literal)? = node[key]?.value { return UInt64(literal) }
            return nil
        }
        guard let point = whole(node["point"], in: 0...Int.max), let replication = whole(node["replication"], in: 0...Int.max),
              let seed = integer("seed", in: node), let offered = number("offered", in: node),
              let achieved = number("achieved", in: node), let success = number("success_rate", in: node),
              let poisson = node["poisson_arrivals"]?.value.boolValue, let latencyNode = node["latency"],
              let count = integer("count", in: latencyNode), let mean = number("mean_ms", in: latencyNode),
              let p50 = number("p50_ms", in: latencyNode), let p90 = number("p90_ms", in: latencyNode),
              let p99 = number("p99_ms", in: latencyNode), let stationNodes = node["stations"]?.value.arrayElements
        else { return nil }
        let latency = SweepSample.Latency(count: count, mean: mean, p50: p50, p90: p90, p99: p99)
        var stations: [SweepSample.Station] = []
        for station in stationNodes {
            guard let name = station["name"]?.value.stringValue, let servers = whole(station["servers"], in: 0...100_000_000),
                  let utilization = number("utilization", in: station), let wait = number("mean_wait", in: station),
                  let waited = number("probability_waited", in: station), let rate = number("arrival_rate", in: station),
                  let abandoned = integer("abandoned", in: station) else { return nil }
            stations.append(SweepSample.Station(name: name, servers: servers, utilization: utilization, meanWait: wait,
                                                probabilityWaited: waited, arrivalRate: rate,
                                                exponentialServiceMean: number("exponential_service_mean", in: station),
                                                abandoned: abandoned,
                                                // Absent from older shards: their points pool with equal weights.
                                                measuredSeconds: number("measured_seconds", in: station) ?? 0,
                                                waits: integer("waits", in: station) ?? 0,
                                                // Absent (or null) for steady arrivals and older shards.
                                                peakUtilization: number("peak_utilization", in: station)))
        }
        var sample = SweepSample(point: point, replication: replication, seed: seed, offered: offered, achieved: achieved,
                                 successRate: success, latency: latency, stations: stations, poissonArrivals: poisson,
                                 kneeByStations: node["knee_by_stations"]?.value.boolValue ?? false)
        if let first = node["first_saturation"], let station = first["station"]?.value.stringValue {
            guard let seconds = number("t_seconds", in: first), let utilization = number("utilization", in: first) else { return nil }
            sample.firstSaturation = SweepSample.Saturation(station: station, seconds: seconds, utilization: utilization)
        }
        return sample
    }
}
