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

    /// A shard file: the sweep it belongs to (scenario, its effective settings, the command and
    /// the plan, which `report` compares across shards) and the runs it did.
    static func shard(plan: SweepPlan, scenario: Scenario, command: String, samples: [SweepSample]) -> String {
        JSONOutput.object([
            ("kind", .string("paystorm-sweep-shard")), ("scenario", .string(scenario.name)),
            ("settings", .array(scenario.effectiveOptions.map { .string("\($0.path)=\($0.value)") })),
            ("command", .string(command)), ("plan", planJSON(plan)), ("samples", .array(samples.map(\.json))),
        ]).serialized(pretty: false) + "\n"
    }

    /// Analyses samples and writes sweep.json, sweep.csv and report.html; prints the knee.
    ///
    /// - Parameter interrupted: the sweep stopped early (Ctrl-C, SIGTERM): the files hold the points
    ///   whose replications all finished, marked interrupted.
    /// - Parameter pooled: each point's latency over all its replications pooled (empty for merged
    ///   shards, which keep no histograms): with it latency intervals come from sectioning, and the
    ///   sweep warns, on stdout and in its files, when replications are too short for them.
    static func write(plan: SweepPlan, samples: [SweepSample], scenario: String, command: String, directory: String,
                      seconds: Double?, interrupted: Bool = false, pooled: [Int: SweepSample.Latency] = [:],
                      lifecycles: Int? = nil, output: inout Output) -> ExitStatus {
        guard interrupted || samples.count == plan.items.count else {
            output.err("paystorm: the sweep has \(samples.count) of \(plan.items.count) runs; every point needs its replications")
            return .badInput
        }
        guard let analysis = SweepAnalysis(plan: plan, samples: samples, pooledLatency: pooled,
                                           skippingIncompletePoints: interrupted) else {
            output.err("paystorm: the sweep's runs disagree on their stations or points; they come from different scenarios")
            return .badInput
        }
        if interrupted && analysis.points.isEmpty {
            output.err("interrupted (\(Interrupt.cause)) after \(samples.count) of \(plan.items.count) runs, before any point "
                       + "finished its \(plan.replications) replications: nothing to write")
            return Interrupt.status
        }
        let warnings = ReplicationLengthWarning(analysis).map { [$0.text(lifecycles: lifecycles)] } ?? []
        let files = [
            (directory + "/sweep.json",
             SweepOutputs.json(analysis, scenario: scenario, interrupted: interrupted, warnings: warnings).serialized() + "\n"),
            (directory + "/sweep.csv", SweepOutputs.csv(analysis)),
            (directory + "/report.html",
             SweepReport.html(analysis, scenario: scenario, command: command, interrupted: interrupted, warnings: warnings)),
        ]
        for (path, text) in files {
            do { try AtomicFile.write(text, to: path) } catch {
                output.err("paystorm: could not write \(path): \(error.localizedDescription)")
                return .internalError
            }
        }
        var lines = [""]
        lines.append("offered/s   achieved/s   success     p50 ms     p99 ms  (± 95 % CI)   busiest")
        let timeVarying = samples.contains(where: \.timeVarying)
        for point in analysis.points.sorted(by: { $0.offered < $1.offered }) {
            // Under a ramp or spike, the busiest second's utilization and the first station to fill.
            let utilization = { (station: SweepAnalysis.StationFigures) in station.peakUtilization ?? station.utilization.estimate }
            let busiest = point.stations.max { utilization($0) < utilization($1) }
            let first = timeVarying ? "; " + (point.saturation.map {
                "first saturated: \($0.first.station) at \(SummaryTable.fixed($0.first.seconds, 1)) s "
                    + "(\($0.replications) of \(plan.replications))"
            } ?? "none saturated") : ""
            lines.append([
                SummaryTable.fixed(point.offered, 1).leftPadded(9), SummaryTable.fixed(point.achieved.estimate, 1).leftPadded(12),
                SummaryTable.percent(point.successRate.estimate).leftPadded(9),
                SummaryTable.fixed(point.latencyP50.estimate, 1).leftPadded(10),
                SummaryTable.fixed(point.latencyP99.estimate, 1).leftPadded(10),
                ("± " + (point.latencyP99.halfWidth95.isFinite ? SummaryTable.fixed(point.latencyP99.halfWidth95, 1) : "–")).leftPadded(12),
                "  " + (busiest.map { "\($0.name) \(SummaryTable.fixed(utilization($0), 2))" } ?? "") + first,
            ].joined(separator: " "))
        }
        if samples.first?.kneeByStations == true {
            lines.append("latency is system time (queues, service, network, timeouts), without people's time; "
                         + (timeVarying ? "offered/s is the arrivals' peak rate; utilization is the busiest second's, saturated at "
                            + "\(SummaryTable.fixed(FirstSaturation.threshold, 2)) in a second"
                            : "utilization is over the window from the warm-up to the last arrival"))
        }
        lines += warnings
        if let knee = analysis.knee { lines.append("\n" + knee.summaryLine) }
        if let seconds { lines.append("\(plan.items.count) runs in \(SummaryTable.fixed(seconds, 1)) wall s") }
        lines.append("files: " + files.map(\.0).joined(separator: ", "))
        output.out(lines.joined(separator: "\n"))
        if interrupted {
            output.err("interrupted (\(Interrupt.cause)) after \(samples.count) of \(plan.items.count) runs; "
                       + "wrote the \(analysis.points.count) of \(plan.points.count) points whose replications all finished")
            return Interrupt.status
        }
        return .passed
    }

    /// What identifies the sweep a shard belongs to; every shard `report` merges must agree on it all.
    struct ShardHeader {
        var scenario: String
        var settings: [String]
        var command: String
        var plan: SweepPlan

        /// The first thing `other` disagrees on, as a field name and the two values.
        func difference(from other: ShardHeader) -> (field: String, mine: String, theirs: String)? {
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
            return nil
        }

        private func axesText(_ plan: SweepPlan) -> String {
            plan.axes.map { "\($0.path)=\($0.values.joined(separator: ","))" }.joined(separator: " ")
        }
    }

    /// Reads the shard files in `directories` (every `sweep-shard-*.json`), refusing shards of
    /// different sweeps (naming both files and the field that differs) and malformed ones.
    static func readShards(_ directories: [String]) throws(UsageError)
        -> (plan: SweepPlan, scenario: String, command: String, samples: [SweepSample]) {
        var first: (path: String, header: ShardHeader)?
        var samples: [SweepSample] = []
        var seen: [Int: String] = [:]  // Looked up, never iterated: item → file.
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                throw UsageError("paystorm report: \(directory): no such directory")
            }
            guard isDirectory.boolValue else {
                throw UsageError("paystorm report: \(directory): expected a directory of sweep-shard-*.json files, found a file")
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasPrefix("sweep-shard-") && $0.hasSuffix(".json") }.sorted()
            for name in names {
                let path = directory + "/" + name
                let malformed = { (what: String) in
                    UsageError("paystorm report: \(path): expected a sweep shard file written by paystorm sweep --shard; \(what)")
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
                let header = ShardHeader(scenario: scenario, settings: settings, command: command, plan: plan)
                if let first, let difference = first.header.difference(from: header) {
                    throw UsageError("paystorm report: \(first.path) and \(path) are shards of different sweeps: "
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
                        throw UsageError("paystorm report: point \(sample.point) replication \(sample.replication) is "
                                         + (other == path ? "twice in \(path)" : "in both \(other) and \(path)"))
                    }
                    seen[item] = path
                    samples.append(sample)
                }
            }
        }
        guard let first else {
            throw UsageError("paystorm report: no sweep-shard-*.json files (nor an explore.json) in " + directories.joined(separator: ", "))
        }
        return (first.header.plan, first.header.scenario, first.header.command, samples)
    }

    /// A whole number that fits an `Int` in `range`, or nil (a `1e300` or `-2` in an edited file).
    private static func whole(_ node: JSONNode?, in range: ClosedRange<Int>) -> Int? {
        guard let value = node?.value.doubleValue, let whole = Int(exactly: value), range.contains(whole) else { return nil }
        return whole
    }

    static func decodePlan(_ node: JSONNode) -> SweepPlan? {
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

    static func decodeSample(_ node: JSONNode) -> SweepSample? {
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

/// `paystorm report DIR…`: merges sweep shards into one sweep's files, or explore shards into one
/// explore's `explore.json` (``ExploreMerge``).
enum ReportCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "out", valueName: "DIR",
                 help: "where to write the merged files (default for sweep shards: the first DIR; required for explore shards)"),
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]
    static let help = helpText(command: "report", synopsis: "DIR... [--out DIR]",
                               summary: "Merges the sweep-shard-*.json files in the given directories into sweep.json, "
                                   + "sweep.csv and report.html, the same files an unsharded sweep writes; or, when each DIR "
                                   + "holds an explore shard's explore.json, merges them into the explore.json and report.html "
                                   + "of one explore of the whole seed range (failures in seed order, groups, state coverage summed).",
                               specs: specs,
                               notes: ["Explore shards of different explores, a shard given twice or a shard missing are refused.",
                                       "exit status for explore shards: as paystorm explore (0 no seed failed, 1 safety, 2 liveness only)"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "report", positionals: true)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        guard let first = parsed.positionals.first else {
            throw UsageError("paystorm report: expected at least one directory of sweep shards or explore shards; "
                             + "see paystorm report --help")
        }
        let explores = parsed.positionals.filter(ExploreMerge.holdsExplore)
        if !explores.isEmpty {
            if let other = parsed.positionals.first(where: { !ExploreMerge.holdsExplore($0) }) {
                throw UsageError("paystorm report: \(explores[0]) holds an explore shard (explore.json) but \(other) does not; "
                                 + "give the directories of one explore's shards, or of one sweep's")
            }
            return try ExploreMerge.report(parsed.positionals, into: parsed.value("out"), output: &output)
        }
        let (plan, scenario, command, samples) = try SweepFiles.readShards(parsed.positionals)
        try OutputDirectory.claim(parsed.value("out") ?? first, command: "report")
        return SweepFiles.write(plan: plan, samples: samples, scenario: scenario, command: command,
                                directory: parsed.value("out") ?? first, seconds: nil, output: &output)
    }
}
