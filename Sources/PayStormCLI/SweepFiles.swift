import Foundation
import Reporting
import Scenarios
import SimulationKernel

/// Writing a sweep's files, and reading shard files back for `paystorm report`.
enum SweepFiles {
    static func planJSON(_ plan: SweepPlan) -> JSONOutput {
        .object([
            ("base_seed", .unsigned(plan.baseSeed)), ("replications", .integer(Int64(plan.replications))),
            ("axes", .array(plan.axes.map { .object([("path", .string($0.path)), ("values", .array($0.values.map { .string($0) }))]) })),
        ])
    }

    static func shard(plan: SweepPlan, scenario: String, command: String, samples: [SweepSample]) -> String {
        JSONOutput.object([
            ("kind", .string("paystorm-sweep-shard")), ("scenario", .string(scenario)), ("command", .string(command)),
            ("plan", planJSON(plan)), ("samples", .array(samples.map(\.json))),
        ]).serialized(pretty: false) + "\n"
    }

    /// Analyses samples and writes sweep.json, sweep.csv and report.html; prints the knee.
    static func write(plan: SweepPlan, samples: [SweepSample], scenario: String, command: String, directory: String,
                      seconds: Double?, output: inout Output) -> ExitStatus {
        guard samples.count == plan.items.count, let analysis = SweepAnalysis(plan: plan, samples: samples) else {
            output.err("paystorm: the sweep has \(samples.count) of \(plan.items.count) runs; every point needs its replications")
            return .badInput
        }
        let files = [
            (directory + "/sweep.json", SweepOutputs.json(analysis, scenario: scenario).serialized() + "\n"),
            (directory + "/sweep.csv", SweepOutputs.csv(analysis)),
            (directory + "/report.html", SweepReport.html(analysis, scenario: scenario, command: command)),
        ]
        for (path, text) in files {
            do { try AtomicFile.write(text, to: path) } catch {
                output.err("paystorm: could not write \(path): \(error.localizedDescription)")
                return .internalError
            }
        }
        var lines = [""]
        lines.append("offered/s   achieved/s   success     p50 ms     p99 ms  (± 95 % CI)   busiest")
        for point in analysis.points.sorted(by: { $0.offered < $1.offered }) {
            let busiest = point.stations.max { $0.utilization.mean < $1.utilization.mean }
            lines.append([
                SummaryTable.fixed(point.offered, 1).leftPadded(9), SummaryTable.fixed(point.achieved.mean, 1).leftPadded(12),
                SummaryTable.percent(point.successRate.mean).leftPadded(9), SummaryTable.fixed(point.latencyP50.mean, 1).leftPadded(10),
                SummaryTable.fixed(point.latencyP99.mean, 1).leftPadded(10),
                ("± " + (point.latencyP99.halfWidth95.isFinite ? SummaryTable.fixed(point.latencyP99.halfWidth95, 1) : "–")).leftPadded(12),
                "  " + (busiest.map { "\($0.name) \(SummaryTable.fixed($0.utilization.mean, 2))" } ?? ""),
            ].joined(separator: " "))
        }
        if let knee = analysis.knee { lines.append("\n" + knee.summaryLine) }
        if let seconds { lines.append("\(plan.items.count) runs in \(SummaryTable.fixed(seconds, 1)) wall s") }
        lines.append("files: " + files.map(\.0).joined(separator: ", "))
        output.out(lines.joined(separator: "\n"))
        return .passed
    }

    /// Reads the shard files in `directories` (every `sweep-shard-*.json`).
    static func readShards(_ directories: [String]) throws(UsageError)
        -> (plan: SweepPlan, scenario: String, command: String, samples: [SweepSample]) {
        var found: (SweepPlan, String, String)?
        var samples: [SweepSample] = []
        var seen: [Int: String] = [:]  // Looked up, never iterated: item → file.
        for directory in directories {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasPrefix("sweep-shard-") && $0.hasSuffix(".json") }.sorted()
            for name in names {
                let path = directory + "/" + name
                guard let data = FileManager.default.contents(atPath: path),
                      let root = try? JSONParser.parse(bytes: [UInt8](data)),
                      root["kind"]?.value.stringValue == "paystorm-sweep-shard",
                      let plan = root["plan"].flatMap(decodePlan),
                      let scenario = root["scenario"]?.value.stringValue,
                      let command = root["command"]?.value.stringValue,
                      let list = root["samples"]?.value.arrayElements else {
                    throw UsageError("paystorm report: \(path): expected a sweep shard file written by paystorm sweep --shard")
                }
                if let (known, _, _) = found, planJSON(known) != planJSON(plan) {
                    throw UsageError("paystorm report: \(path): its sweep differs from the other shards' (axes, replications or seed)")
                }
                found = (plan, scenario, command)
                for element in list {
                    guard let sample = decodeSample(element) else {
                        throw UsageError("paystorm report: \(path): a sample is malformed")
                    }
                    let item = sample.point * plan.replications + sample.replication
                    if let other = seen[item] {
                        throw UsageError("paystorm report: point \(sample.point) replication \(sample.replication) is in both \(other) and \(path)")
                    }
                    seen[item] = path
                    samples.append(sample)
                }
            }
        }
        guard let (plan, scenario, command) = found else {
            throw UsageError("paystorm report: no sweep-shard-*.json files in " + directories.joined(separator: ", "))
        }
        return (plan, scenario, command, samples)
    }

    static func decodePlan(_ node: JSONNode) -> SweepPlan? {
        guard let seed = node["base_seed"]?.value.doubleValue, let replications = node["replications"]?.value.doubleValue,
              let axes = node["axes"]?.value.arrayElements else { return nil }
        var decoded: [SweepPlan.Axis] = []
        for axis in axes {
            guard let path = axis["path"]?.value.stringValue,
                  let values = axis["values"]?.value.arrayElements?.compactMap({ $0.value.stringValue }) else { return nil }
            decoded.append(SweepPlan.Axis(path: path, values: values))
        }
        guard let literal = node["base_seed"].flatMap({ node -> String? in
            if case .number(_, let literal) = node.value { return literal } else { return nil }
        }), let exactSeed = UInt64(literal) ?? UInt64(exactly: seed) else { return nil }
        return SweepPlan(axes: decoded, replications: Int(replications), baseSeed: exactSeed)
    }

    static func decodeSample(_ node: JSONNode) -> SweepSample? {
        func number(_ key: String, in node: JSONNode) -> Double? { node[key]?.value.doubleValue }
        func integer(_ key: String, in node: JSONNode) -> UInt64? {
            if case .number(_, let literal)? = node[key]?.value { return UInt64(literal) }
            return nil
        }
        guard let point = number("point", in: node), let replication = number("replication", in: node),
              let seed = integer("seed", in: node), let offered = number("offered", in: node),
              let achieved = number("achieved", in: node), let success = number("success_rate", in: node),
              let poisson = node["poisson_arrivals"]?.value.boolValue, let latency = node["latency"],
              let count = integer("count", in: latency), let sumText = latency["sum"]?.value.stringValue,
              let sum = UInt128(sumText), let minimum = number("min", in: latency), let maximum = number("max", in: latency),
              let bucketNodes = latency["buckets"]?.value.arrayElements, let stationNodes = node["stations"]?.value.arrayElements
        else { return nil }
        var buckets: [(index: Int, count: UInt64)] = []
        for bucket in bucketNodes {
            guard let pair = bucket.value.arrayElements, pair.count == 2, let index = pair[0].value.doubleValue,
                  case .number(_, let literal) = pair[1].value, let bucketCount = UInt64(literal) else { return nil }
            buckets.append((Int(index), bucketCount))
        }
        guard let histogram = LatencyHistogram(snapshot: .init(buckets: buckets, count: count, sum: sum,
                                                                min: Int64(minimum), max: Int64(maximum))) else { return nil }
        var stations: [SweepSample.Station] = []
        for station in stationNodes {
            guard let name = station["name"]?.value.stringValue, let servers = number("servers", in: station),
                  let utilization = number("utilization", in: station), let wait = number("mean_wait", in: station),
                  let waited = number("probability_waited", in: station), let rate = number("arrival_rate", in: station),
                  let abandoned = integer("abandoned", in: station) else { return nil }
            stations.append(SweepSample.Station(name: name, servers: Int(servers), utilization: utilization, meanWait: wait,
                                                probabilityWaited: waited, arrivalRate: rate,
                                                exponentialServiceMean: number("exponential_service_mean", in: station),
                                                abandoned: abandoned))
        }
        return SweepSample(point: Int(point), replication: Int(replication), seed: seed, offered: offered, achieved: achieved,
                           successRate: success, latency: histogram, stations: stations, poissonArrivals: poisson)
    }
}

/// `paystorm report DIR…`: merges sweep shards into one sweep's files.
enum ReportCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "out", valueName: "DIR", help: "where to write the merged files (default: the first DIR)"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]
    static let help = helpText(command: "report", synopsis: "DIR... [--out DIR]",
                               summary: "Merges the sweep-shard-*.json files in the given directories into sweep.json, "
                                   + "sweep.csv and report.html, the same files an unsharded sweep writes.", specs: specs)

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "report", positionals: true)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard let first = parsed.positionals.first else {
            throw UsageError("paystorm report: expected at least one directory of sweep shards; see paystorm report --help")
        }
        let (plan, scenario, command, samples) = try SweepFiles.readShards(parsed.positionals)
        try OutputDirectory.claim(parsed.value("out") ?? first, command: "report")
        return SweepFiles.write(plan: plan, samples: samples, scenario: scenario, command: command,
                                directory: parsed.value("out") ?? first, seconds: nil, output: &output)
    }
}
