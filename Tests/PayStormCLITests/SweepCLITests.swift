import Foundation
import Testing

/// `paystorm sweep` and `paystorm report` end to end, on a small reference-pipeline sweep.
@Suite struct SweepCLITests {
    /// Eight issuer servers (200/s) saturate well before the ACS pool (267/s), so the binding actor is clear.
    static let sweep = ["sweep", "--scenario", "scenarios/reference-pipeline.json", "--vary", "workload.rate=100..250:75",
                        "--replications", "2", "--set", "run.lifecycles=10000", "--set", "topology.issuer.servers=8",
                        "--quiet", "--threads", "2"]

    static func temporaryDirectory(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "paystorm-sweep-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    @Test func aSweepNamesTheIssuerAsBindingAndWritesItsFiles() throws {
        let out = Self.temporaryDirectory("full")
        let result = try paystorm(Self.sweep + ["--out", out])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("binding: issuer"), "\(result)")
        for file in ["sweep.json", "sweep.csv", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file) missing")
        }
        let data = try #require(FileManager.default.contents(atPath: out + "/sweep.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let points = try #require(json["points"] as? [[String: Any]])
        #expect(points.count == 3)
        let knee = try #require(json["knee"] as? [String: Any])
        #expect(knee["binding"] as? String == "issuer")
        let htmlData = try #require(FileManager.default.contents(atPath: out + "/report.html"))
        let html = String(decoding: htmlData, as: UTF8.self)
        #expect(!html.contains("<script"))
        #expect(html.contains("Erlang C"))
    }

    /// Capacity planning on the payments world: two issuer servers of 20 ms bind long before any
    /// other station. The knee names the issuer with its windowed utilization at least 0.9, and
    /// lies within one step of the rate at which the issuer's offered load reaches its servers,
    /// predicted from the lowest point (utilization grows in step with the rate). Before windows,
    /// utilization averaged over the drain put every station under 0.2 and the knee at the first point.
    @Test func aPaymentsWorldSweepNamesTheStationThatSaturates() throws {
        let out = Self.temporaryDirectory("world")
        let result = try paystorm(["sweep", "--scenario", "scenarios/card-payments.json", "--vary", "workload.rate=20..120:20",
                                   "--replications", "1", "--set", "topology.issuer.servers=2", "--set", "run.duration=120s",
                                   "--set", "run.warmup=20s", "--set", "slo={}", "--quiet", "--threads", "2", "--out", out])
        #expect(result.status == 0, "\(result)")
        let data = try #require(FileManager.default.contents(atPath: out + "/sweep.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let knee = try #require(json["knee"] as? [String: Any], "\(result)")
        #expect(knee["binding"] as? String == "issuer", "\(result)")
        let points = try #require(json["points"] as? [[String: Any]])
        func issuerUtilization(_ point: [String: Any]) -> Double? {
            ((point["stations"] as? [String: Any])?["issuer"] as? [String: Any]).flatMap {
                ($0["utilization"] as? [String: Any])?["estimate"] as? Double
            }
        }
        let lowest = try #require(points.first.flatMap(issuerUtilization))
        let predicted = 20 / lowest
        let kneeLoad = try #require(knee["offered"] as? Double)
        #expect(abs(kneeLoad - predicted) <= 20, "knee \(kneeLoad)/s, predicted saturation \(predicted)/s")
        let atKnee = try #require(points.first { ($0["offered_per_s"] as? Double ?? 0) >= kneeLoad }.flatMap(issuerUtilization))
        #expect(atKnee >= 0.9, "the issuer's windowed utilization at the knee point: \(atKnee)")
    }

    @Test func threeShardsMergeIntoTheSameFilesAsOneRun() throws {
        let full = Self.temporaryDirectory("one")
        let shards = Self.temporaryDirectory("shards")
        let merged = Self.temporaryDirectory("merged")
        #expect(try paystorm(Self.sweep + ["--out", full]).status == 0)
        for index in 0..<3 {
            let result = try paystorm(Self.sweep + ["--out", shards, "--shard", "\(index)/3"])
            #expect(result.status == 0, "\(result)")
        }
        let report = try paystorm(["report", shards, "--out", merged])
        #expect(report.status == 0, "\(report)")
        // Shards keep no histograms, so merged latency is the replications' means where one process
        // pooled it (sectioning); every other figure is the same.
        func points(_ directory: String) throws -> [[String: Any]] {
            let data = try #require(FileManager.default.contents(atPath: directory + "/sweep.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(json["points"] as? [[String: Any]])
        }
        let one = try points(full)
        let other = try points(merged)
        #expect(one.count == other.count && !one.isEmpty)
        for (mine, theirs) in zip(one, other) {
            #expect((mine["latency_ms_p99"] as? [String: Any])?["method"] as? String == "sectioning")
            #expect((theirs["latency_ms_p99"] as? [String: Any])?["method"] as? String == "replication_means")
            let latencyKeys = ["latency_ms_mean", "latency_ms_p50", "latency_ms_p90", "latency_ms_p99"]
            let rest = { (point: [String: Any]) in NSDictionary(dictionary: point.filter { !latencyKeys.contains($0.key) }) }
            #expect(rest(mine) == rest(theirs), "a point's figures other than latency differ between the unsharded and merged sweep")
        }
    }

    @Test func aMissingShardIsNamed() throws {
        let shards = Self.temporaryDirectory("partial")
        #expect(try paystorm(Self.sweep + ["--out", shards, "--shard", "0/2"]).status == 0)
        let report = try paystorm(["report", shards])
        #expect(report.status == 64)
        #expect(report.stderr.contains("runs"), "\(report)")
    }

    @Test(arguments: [
        (["sweep", "--vary", "workload.rate=1..2:1"], "--scenario FILE is required"),
        (["sweep", "--scenario", "scenarios/reference-pipeline.json"], "at least one --vary"),
        (["sweep", "--scenario", "scenarios/reference-pipeline.json", "--vary", "workload.rate=5..1:1"], "FROM <= TO"),
        (["sweep", "--scenario", "scenarios/reference-pipeline.json", "--vary", "workload.rate=1..5:1", "--shard", "3/3"], "0 <= I < N"),
        (["sweep", "--scenario", "scenarios/reference-pipeline.json", "--vary", "workload.rate=-5,10"], "workload.rate"),
    ])
    func badSweepsExitWith64AndSayWhy(arguments: [String], message: String) throws {
        let result = try paystorm(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }
}

/// Queueing theory per station of the payments world, over the measurement window.
@Suite struct StationTheoryTests {
    /// Two issuer servers of exponential(20 ms) at 60 payments/s, no merchant retries: the issuer
    /// is an M/M/2 station at utilization 0.6 whose arrivals are close to Poisson. Its measured mean
    /// wait agrees with Erlang C from its own measured arrival rate within 5 % (averaged over two
    /// seeds), and every station that queued agrees with Little's law (L = λW) within 1 %.
    @Test func theIssuerAgreesWithErlangCAndEveryStationWithLittlesLaw() throws {
        var ratios: [Double] = []
        for seed in ["1", "2"] {
            let scratch = try TemporaryDirectory()
            let result = try paystorm(["run", "--scenario", "scenarios/card-payments.json", "--seed", seed, "--quiet",
                                       "--set", "topology.issuer.servers=2", "--set", "workload.rate=60",
                                       "--set", "run.lifecycles=60000", "--set", "run.warmup=60s", "--set", "slo={}",
                                       "--set", "policies.merchantRetries=0", "--out", scratch.path("run")])
            #expect(result.status == 0, "\(result)")
            let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("run/summary.json")))
            let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let stations = try #require(summary["stations"] as? [String: [String: Any]])
            for (name, station) in stations {
                guard let little = station["little_l_over_lambda_w"] as? Double else { continue }
                #expect(abs(little - 1) <= 0.01, "\(name): L / λW = \(little)")
            }
            let issuer = try #require(stations["issuer"])
            let measured = try #require((issuer["queueing_delay_ms"] as? [String: Any])?["mean"] as? Double)
            let predicted = try #require(issuer["erlang_c_wait_ms"] as? Double)
            ratios.append(measured / predicted)
        }
        let mean = ratios.reduce(0, +) / Double(ratios.count)
        #expect(abs(mean - 1) <= 0.05, "measured / Erlang C per seed: \(ratios)")
    }
}

/// A lifecycle's latency split into the system's time and people's time.
@Suite struct SystemTimeTests {
    /// An authorization waits a minute for the merchant's capture: people's time, not the
    /// servers'. Its system time stays under a few seconds while its end-to-end p50 is a minute,
    /// and an objective on system time judges the servers alone.
    @Test func theMerchantsCaptureDelayIsPeoplesTimeNotTheSystems() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", "scenarios/card-payments.json", "--quiet", "--set", "run.lifecycles=2000",
                                   "--set", "slo={}", "--set", "slo.flows.authorization.system_ms_p99=< 5000",
                                   "--set", "slo.flows.authorization.latency_ms_p50=< 5000", "--out", scratch.path("run")])
        #expect(result.status == 1, "the end-to-end objective fails, the system-time one passes: \(result)")
        #expect(result.stdout.contains("SLO flows.authorization.system_ms_p99 < 5000: passed"), "\(result)")
        #expect(result.stdout.contains("SLO flows.authorization.latency_ms_p50 < 5000: FAILED"), "\(result)")
        #expect(result.stdout.contains("system time apart from people's time"), "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("run/summary.json")))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let flows = try #require(summary["flows"] as? [String: [String: Any]])
        let authorization = try #require(flows["authorization"])
        let people = try #require((authorization["people_ms"] as? [String: Any])?["p50"] as? Double)
        let system = try #require((authorization["system_ms"] as? [String: Any])?["p50"] as? Double)
        let total = try #require((authorization["latency_ms"] as? [String: Any])?["p50"] as? Double)
        #expect(people > 10_000, "people's time p50 \(people) ms")
        #expect(system < 5_000, "system time p50 \(system) ms")
        #expect(system + people >= total * 0.9, "the two parts make up the whole: \(system) + \(people) vs \(total)")
    }
}

/// metrics.csv carries each station per interval, so a spike shows when each one saturates.
@Suite struct StationSeriesTests {
    @Test func aSaturatedStationShowsItsGrowingLineSecondBySecond() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--quiet", "--set", "workload.rate=2000", "--set", "run.lifecycles=8000", "--set", "slo={}",
                                   "--out", scratch.path("run")])
        #expect(result.status == 0, "\(result)")
        let text = try String(contentsOfFile: scratch.path("run/metrics.csv"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        for column in ["acs_utilization", "acs_queue", "acs_wait_ms", "issuer_utilization", "gateway_queue"] {
            #expect(header.contains(column), "\(header)")
        }
        let utilization = try #require(header.firstIndex(of: "acs_utilization"))
        let queue = try #require(header.firstIndex(of: "acs_queue"))
        // Four seconds of arrivals at 2,000/s: after the first, which fills it, the ACS is busy
        // through them and its line grows.
        let firstSeconds = lines.dropFirst(2).prefix(3)
        #expect(firstSeconds.allSatisfy { (Double($0[utilization]) ?? 0) > 0.95 }, "\(firstSeconds.map { $0[utilization] })")
        let queues = firstSeconds.map { Double($0[queue]) ?? 0 }
        #expect(zip(queues, queues.dropFirst()).allSatisfy { $0 < $1 }, "the line grows: \(queues)")
        #expect(lines.dropFirst().allSatisfy { $0.count == header.count }, "every row has every column")
    }
}

/// `paystorm size`: the fewest servers per station that meet the objectives at a target rate.
@Suite struct SizeCLITests {
    /// Long enough (80 s of arrivals) for a saturated station to show in the p99; without the ACS's
    /// fallback to its backup after 200 ms, which would hide a saturated ACS from the latency.
    static let world = ["--scenario", "scenarios/reference-pipeline.json", "--set", "run.lifecycles=20000", "--set", "slo={}",
                        "--set", "policies.acsQueueTimeout=60s"]

    /// The answer meets the objective in a confirming run of 5 replications (the 3 it was judged
    /// on and 2 more), and the binding station one server short misses it.
    @Test func theSizedTopologyMeetsItsObjectiveAndOneServerLessDoesNot() throws {
        let sized = try paystorm(["size"] + Self.world + ["--rate", "250", "--slo", "latency_ms_p99=< 800", "--quiet"])
        #expect(sized.status == 0, "\(sized)")
        #expect(sized.stdout.contains("(one server less misses)"), "\(sized)")
        let paste = try #require(sized.stdout.split(separator: "\n").first { $0.hasPrefix("paste: ") }, "\(sized)")
        let sets = paste.dropFirst("paste: ".count).split(separator: " ").map(String.init)
        #expect(sets.count >= 6 && sets.count.isMultiple(of: 2), "\(paste)")
        let confirm = ["run"] + Self.world + ["--set", "workload.rate=250", "--set", "slo.latency_ms_p99=< 800",
                                              "--set", "run.replications=5", "--quiet"]
        let scratch = try TemporaryDirectory()
        let confirmed = try paystorm(confirm + sets + ["--out", scratch.path("confirm")])
        #expect(confirmed.status == 0, "the sized topology misses in a confirming run: \(confirmed)")
        // The binding station with one server less.
        let binding = try #require(sized.stdout.split(separator: "\n").first { $0.hasPrefix("binding: ") }, "\(sized)")
        let station = String(binding.dropFirst("binding: ".count).prefix { $0 != " " })
        let key = station == "acs_backup" ? "acsBackup" : station
        let index = try #require(sets.firstIndex { $0.hasPrefix("topology.\(key).servers=") }, "\(sets)")
        let servers = try #require(Int(sets[index].split(separator: "=")[1]))
        var short = sets
        short[index] = "topology.\(key).servers=\(servers - 1)"
        let missed = try paystorm(confirm + short + ["--out", scratch.path("short")])
        #expect(missed.status == 1, "one \(station) server less still meets the objective: \(missed)")
    }

    @Test func sizeWithoutAnObjectiveOrARateIsBadInput() throws {
        let noObjective = try paystorm(["size"] + Self.world + ["--rate", "250"])
        #expect(noObjective.status == 64 && noObjective.stderr.contains("at least one --slo"), "\(noObjective)")
        let noRate = try paystorm(["size"] + Self.world + ["--slo", "latency_ms_p99=< 800"])
        #expect(noRate.status == 64 && noRate.stderr.contains("--rate: expected a rate"), "\(noRate)")
        let badMetric = try paystorm(["size"] + Self.world + ["--rate", "250", "--slo", "p99=< 800"])
        #expect(badMetric.status == 64 && badMetric.stderr.contains("--slo p99: expected one of"), "\(badMetric)")
    }
}

/// A spike's question, answered by one run: does the world hold it, and if not, what gives first?
@Suite struct SpikeTests {
    @Test func aFiveFoldSpikeSaturatesTheAcsFirstAndFailsTheSystemTimeObjective() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--quiet", "--set", "workload.arrivals=spike", "--set", "workload.spike.rate=1000",
                                   "--set", "workload.spike.start=20s", "--set", "workload.spike.duration=20s",
                                   "--set", "run.duration=60s", "--set", "slo={}", "--set", "slo.system_ms_p99=< 2000",
                                   "--out", scratch.path("run")])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("SLO system_ms_p99 < 2000: FAILED"), "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("run/summary.json")))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let first = try #require(summary["first_saturation"] as? [String: Any], "\(result)")
        #expect(first["station"] as? String == "acs")
        let time = try #require(first["t_seconds"] as? Double)
        #expect(time > 20 && time <= 25, "the ACS saturates within seconds of the spike's start, not before: \(time)")
    }
}

/// Replications too short for honest intervals (here the issuer at ρ 0.8 measures 1,000 arrivals, a
/// few dozen of its relaxation times): the sweep says so, on stdout and in sweep.json, and how long
/// they should be.
@Suite struct ShortReplicationTests {
    static func sweep(lifecycles: Int) -> [String] {
        ["sweep", "--scenario", "scenarios/reference-pipeline.json", "--vary", "workload.rate=150,200", "--replications", "10",
         "--set", "run.lifecycles=\(lifecycles)", "--set", "slo={}", "--set", "topology.issuer.servers=1",
         "--set", "topology.issuer.service=exponential(mean: 4ms)", "--quiet", "--threads", "2"]
    }

    @Test func shortReplicationsAreToldToGrowAndLongOnesAreNot() throws {
        let scratch = try TemporaryDirectory()
        let short = try paystorm(Self.sweep(lifecycles: 1000) + ["--out", scratch.path("short")])
        #expect(short.status == 0, "\(short)")
        #expect(short.stdout.contains("replications this short bias their quantiles"), "\(short)")
        #expect(short.stdout.contains("lengthen run.lifecycles to at least"), "\(short)")
        let json = try #require(FileManager.default.contents(atPath: scratch.path("short") + "/sweep.json"))
        let warnings = try #require((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["warnings"] as? [String])
        #expect(warnings.count == 1 && short.stdout.contains(warnings[0]), "\(warnings)")
        let long = try paystorm(Self.sweep(lifecycles: 30000) + ["--out", scratch.path("long")])
        #expect(long.status == 0, "\(long)")
        #expect(!long.stdout.contains("warning:"), "\(long)")
    }
}
