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
                    let sample: SweepSample
                    do {
                        sample = try decodeSample(element)
                    } catch {
                        throw malformed("sample \(index): \(error.description)")
                    }
                    guard sample.point < pointCount, sample.replication < plan.replications,
                          sample.seed == plan.seed(replication: sample.replication) else {
                        throw malformed("sample \(index) names a point, replication or seed the plan does not have")
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

    public static func decodePlan(_ node: JSONNode) -> SweepPlan? {
        guard let replications = try? ShardFields(node: node, prefix: "plan.").whole("replications", in: 1...1_000_000),
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
        guard let exactSeed = try? ShardFields(node: node, prefix: "plan.").seed("base_seed") else { return nil }
        return SweepPlan(axes: decoded, replications: replications, baseSeed: exactSeed)
    }

    /// A sample as a shard file holds it, every number checked against what a run can produce
    /// before anything uses it: an edited shard is refused with the field it got wrong.
    public static func decodeSample(_ node: JSONNode) throws(InputError) -> SweepSample {
        let fields = ShardFields(node: node, prefix: "")
        let latencyNode = try fields.object("latency")
        let latency = ShardFields(node: latencyNode, prefix: "latency.")
        var stations: [SweepSample.Station] = []
        for (index, station) in try fields.array("stations").enumerated() {
            stations.append(try decodeStation(ShardFields(node: station, prefix: "stations[\(index)].")))
        }
        var sample = SweepSample(
            point: try fields.whole("point", in: 0...Int(Int32.max)), replication: try fields.whole("replication", in: 0...Int(Int32.max)),
            seed: try fields.seed("seed"), offered: try fields.positive("offered", atMost: 1e12),
            achieved: try fields.number("achieved", in: 0...1e12), successRate: try fields.number("success_rate", in: 0...1),
            latency: SweepSample.Latency(count: try latency.count("count"), mean: try latency.number("mean_ms", in: 0...1e15),
                                         p50: try latency.number("p50_ms", in: 0...1e15), p90: try latency.number("p90_ms", in: 0...1e15),
                                         p99: try latency.number("p99_ms", in: 0...1e15)),
            stations: stations, poissonArrivals: try fields.flag("poisson_arrivals"),
            kneeByStations: node["knee_by_stations"]?.value.boolValue ?? false)
        if let first = node["first_saturation"], let station = first["station"]?.value.stringValue {
            let saturation = ShardFields(node: first, prefix: "first_saturation.")
            sample.firstSaturation = SweepSample.Saturation(station: station, seconds: try saturation.number("t_seconds", in: 0...1e12),
                                                            utilization: try saturation.number("utilization", in: 0...1))
        }
        return sample
    }

    private static func decodeStation(_ fields: ShardFields) throws(InputError) -> SweepSample.Station {
        SweepSample.Station(name: try fields.text("name"), servers: try fields.whole("servers", in: 0...100_000_000),
                            utilization: try fields.number("utilization", in: 0...1),
                            meanWait: try fields.number("mean_wait", in: 0...1e12),
                            probabilityWaited: try fields.number("probability_waited", in: 0...1),
                            arrivalRate: try fields.number("arrival_rate", in: 0...1e12),
                            exponentialServiceMean: try fields.optionalNumber("exponential_service_mean", in: 1e-12...1e12),
                            abandoned: try fields.count("abandoned"),
                            // Absent from older shards: their points pool with equal weights.
                            measuredSeconds: try fields.optionalNumber("measured_seconds", in: 0...1e12) ?? 0,
                            waits: try fields.optionalCount("waits") ?? 0,
                            // Absent (or null) for steady arrivals and older shards.
                            peakUtilization: try fields.optionalNumber("peak_utilization", in: 0...1))
    }
}

/// The fields of one object of a shard file, each read with the range a run can produce; a value
/// outside it is an edit, refused with the field's path.
struct ShardFields {
    var node: JSONNode
    var prefix: String

    func problem(_ key: String, _ expected: String) -> InputError {
        let found = node[key].map { SweepPlan.Axis.shown("\($0.value)") } ?? "nothing"
        return InputError("\"\(prefix)\(key)\": expected \(expected), found \(found)")
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(InputError) -> Double {
        guard let value = node[key]?.value.doubleValue, value.isFinite, range.contains(value) else {
            throw problem(key, "a number from \(SweepPlan.Axis.number(range.lowerBound)) to \(SweepPlan.Axis.number(range.upperBound))")
        }
        return value
    }

    func positive(_ key: String, atMost limit: Double) throws(InputError) -> Double {
        guard let value = node[key]?.value.doubleValue, value.isFinite, value > 0, value <= limit else {
            throw problem(key, "a number above 0, at most \(SweepPlan.Axis.number(limit))")
        }
        return value
    }

    func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(InputError) -> Double? {
        if node[key] == nil || node[key]?.value == .null { return nil }
        return try number(key, in: range)
    }

    func whole(_ key: String, in range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let value = node[key]?.value.doubleValue, let whole = Int(exactly: value), range.contains(whole) else {
            throw problem(key, "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return whole
    }

    func count(_ key: String) throws(InputError) -> UInt64 {
        guard case .number(_, let literal)? = node[key]?.value, let value = UInt64(literal) else {
            throw problem(key, "a whole number of at least 0")
        }
        return value
    }

    func optionalCount(_ key: String) throws(InputError) -> UInt64? {
        node[key] == nil ? nil : try count(key)
    }

    /// A seed, exactly as written: `9007199254740993` is not rounded to a double's 2^53.
    func seed(_ key: String) throws(InputError) -> UInt64 {
        guard case .number(_, let literal)? = node[key]?.value, let value = UInt64(literal) else {
            throw problem(key, "a whole number from 0 to 18446744073709551615")
        }
        return value
    }

    func flag(_ key: String) throws(InputError) -> Bool {
        guard let value = node[key]?.value.boolValue else { throw problem(key, "true or false") }
        return value
    }

    func text(_ key: String) throws(InputError) -> String {
        guard let value = node[key]?.value.stringValue else { throw problem(key, "a string") }
        return value
    }

    func object(_ key: String) throws(InputError) -> JSONNode {
        guard let value = node[key] else { throw problem(key, "an object") }
        return value
    }

    func array(_ key: String) throws(InputError) -> [JSONNode] {
        guard let value = node[key]?.value.arrayElements else { throw problem(key, "an array") }
        return value
    }
}
