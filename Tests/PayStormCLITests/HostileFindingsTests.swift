import Foundation
import SimulationTestSupport
import Testing

// Issue 19's findings, one or more cases each, numbered as the issue numbers them. Each failed
// before its fix: a crash, a hang, a silent loss or mix of results, or words that misled.

// MARK: Findings that one command line shows

let hostileFindingCases: [HostileCase] = {
    let pipeline = ["--scenario", Hostile.pipeline] + Hostile.small + Hostile.out
    let sweep = ["sweep", "--quiet", "--scenario", Hostile.cards, "--set", "run.lifecycles=100"] + Hostile.out
    return [
        // 2. A cross product of capped axes was not capped: it grew until killed.
        .rejects(sweep + ["--vary", "workload.rate=1..10000:1", "--vary", "topology.gateway.servers=1..10000:1",
                          "--replications", "1000"],
                 "the --vary axes make 100,000,000 points, past the limit of 10,000"),
        .rejects(sweep + ["--vary", "workload.rate=1..10000:1", "--replications", "1000"],
                 "10,000 points × 1000 replications are 10,000,000 runs, past the limit of 100,000", "--allow-large"),
        .rejects(sweep + ["--vary", "workload.rate=1..10000:1", "--replications", "1000", "--allow-large"],
                 "10,000,000 runs, past the limit of 1,000,000"),
        .rejects(["sweep", "--quiet", "--scenario", Hostile.cards, "--vary", "workload.rate=100,200", "--replications", "10",
                  "--set", "run.lifecycles=1000000000"] + Hostile.out,
                 "20 runs simulate about 20,000,000,000 lifecycles, past the budget of 10,000,000,000"),
        .rejects(sweep + ["--vary", "workload.rate=0..10000:1"], "at most 10,000 values", #"found "0..10000:1""#),
        .rejects(sweep + ["--vary", "workload.rate=1,,2"], "none empty", #"found "1,,2""#),
        .rejects(["explore", "--scenario", Hostile.cards, "--seeds", "1..1000000"] + Hostile.out,
                 "paystorm explore: 1,000,000 seeds simulate about 20,000,000,000 lifecycles, past the budget of 10,000,000,000",
                 "--allow-large"),
        // 3. An empty --out wrote into /.
        .rejects(["run", "--out", ""] + Hostile.small, "paystorm run: --out: expected a directory path, found an empty string"),
        .rejects(["sweep", "--scenario", Hostile.pipeline, "--vary", "workload.rate=100,200", "--out", ""] + Hostile.small,
                 "paystorm sweep: --out: expected a directory path, found an empty string"),
        .rejects(["explore", "--scenario", Hostile.pipeline, "--seeds", "1..2", "--out", ""] + Hostile.small,
                 "paystorm explore: --out: expected a directory path, found an empty string"),
        .rejects(["shrink", "--scenario", Hostile.pipeline, "--out", ""] + Hostile.small,
                 "paystorm shrink: --out: expected a directory path, found an empty string"),
        // 6. A --out that is a file failed after the whole run, with a raw system error.
        .rejects(["run", "--scenario", Hostile.pipeline, "--out", "$TMP/plain.json"] + Hostile.small,
                 "paystorm run: --out $TMP/plain.json: expected a directory, found a file"),
        .rejects(["run", "--scenario", Hostile.pipeline, "--out", "$TMP/plain.json/below"] + Hostile.small,
                 "cannot make the directory: $TMP/plain.json is a file"),
        .rejects(["sweep", "--scenario", Hostile.pipeline, "--vary", "workload.rate=100,200", "--out", "$TMP/plain.json"]
                    + Hostile.small,
                 "paystorm sweep: --out $TMP/plain.json: expected a directory, found a file"),
        // 7. The same field in two --vary flags: the first was ignored, the rows mislabelled.
        .rejects(sweep + ["--vary", "workload.rate=50,75,100", "--vary", "workload.rate=60,70"],
                 "paystorm sweep: --vary workload.rate is given twice"),
        // 8. An empty comparison removed the file's objective and the run passed.
        .rejects(["run", "--scenario", Hostile.pipeline, "--set", "slo.success_rate="] + Hostile.out,
                 "slo.success_rate: expected a comparison", "found an empty string"),
        // 9. Words.
        .rejects(["explore", "--scenario", Hostile.pipeline, "--seeds", "0..18446744073709551615"],
                 "paystorm explore: --seeds: at most 100,000,000 seeds in one explore, found 2^64"),
        .rejects(["explore", "--scenario", Hostile.pipeline, "--seeds", "0..100000000"],
                 "at most 100,000,000 seeds in one explore, found 100,000,001 in \"0..100000000\""),
        .rejects(["explore", "--scenario", Hostile.pipeline, "--seeds", "1..5", "--threads", "0"],
                 "paystorm explore: --threads: expected a whole number from 1 to 256", lacking: ["paystorm sweep"]),
        .rejects(["explore", "--scenario", Hostile.pipeline, "--seeds", "1..5", "--shard", "4/4"],
                 "paystorm explore: --shard: expected I/N", lacking: ["paystorm sweep"]),
        .rejects(["shrink", "--scenario", Hostile.pipeline, "--max-runs", "0"],
                 "paystorm shrink: --max-runs: expected a whole number from 1 to 1,000,000", lacking: ["paystorm sweep"]),
        .rejects(["check-determinism", "--scenario", Hostile.pipeline, "--processes", "1"],
                 #"paystorm check-determinism: --processes: expected a whole number from 2 to 16, found "1""#),
        .rejects(["check-determinism", "--scenario", Hostile.pipeline, "--processes", "17"],
                 #"paystorm check-determinism: --processes: expected a whole number from 2 to 16, found "17""#),
        .rejects(["check-determinism", "--scenario", Hostile.pipeline, "--seed", "abc"],
                 #"paystorm check-determinism: --seed: expected a whole number from 0 to 18446744073709551615, found "abc""#),
        .rejects(["validate", Hostile.cards, "--set", "faults.outages[-1].start=1s"],
                 #"faults.outages[-1]: expected a list index in brackets, a whole number from 0, found "[-1]""#,
                 lacking: ["unknown field"]),
        .rejects(["validate", Hostile.cards, "--set", "workload.mix.sale=0", "--set", "workload.mix.authorization=0"],
                 "--set workload.mix.authorization=0, --set workload.mix.sale=0: workload.mix:",
                 lacking: ["scenarios/card-payments.json: workload.mix"]),
        .rejects(["validate", Hostile.cards, "--set", "workload.amounts.min=20000"],
                 "--set workload.amounts.min=20000: workload.amounts: expected min at most max"),
        .rejects(["validate", Hostile.cards, "--set", "slo.flows.sael.latency_ms_p99=< 5"],
                 "--set slo.flows.sael.latency_ms_p99=< 5: slo.flows.sael:"),
        .rejects(["sweep", "--scenario", Hostile.pipeline, "--vary", "workload.rate=0,10"] + Hostile.small + Hostile.out,
                 "--vary workload.rate=0: workload.rate: expected a positive rate", lacking: ["--set workload.rate"]),
        .rejects(["validate", "$TMP/huge-seed.json"],
                 "seed: expected a whole number from 0 to 18446744073709551615 (the default run seed), found 18446744073709551616"),
        .rejects(["run", "--trace", ""] + pipeline, "paystorm run: --trace: expected a file path, found an empty string"),
        // A flow that completed nothing has no figure, and its objective says so instead of "actual nan".
        HostileCase(arguments: ["run", "--scenario", Hostile.cards, "--set", "run.lifecycles=50", "--set", "workload.mix.authorization=0",
                                "--set", "slo={}", "--set", "slo.flows.authorization.success_rate=> 0.5"] + Hostile.out,
                    status: 1, stderr: ["FAILED  SLO flows.authorization.success_rate > 0.5 (not measured: flow authorization has no payments"],
                    lacking: ["nan"]),
        // A sign on an objective's number, as the docs allow.
        HostileCase(arguments: ["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=50", "--set", "slo={}",
                                "--set", "slo.success_rate=> +0.5", "--quiet"] + Hostile.out,
                    status: 0, stderr: [], stdout: ["SLO success_rate > 0.5: passed"]),
        // A seed past 2^53 in a file stays itself (it became …992).
        HostileCase(arguments: ["run", "--scenario", "$TMP/big-seed.json", "--set", "run.lifecycles=20"] + Hostile.out,
                    status: 0, stderr: [], stdout: ["seed=9007199254740993"]),
        // Found by the hostile suite: crashes.
        HostileCase(arguments: ["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=20", "--set", "run.replications=2",
                                "--set", "slo={}", "--seed", Hostile.largestSeed, "--quiet"] + Hostile.out,
                    status: 0, stderr: [], stdout: ["replication 2  seed 0 "]),
        // Found by the hostile suite: hangs (a report per simulated second over a century).
        HostileCase(arguments: ["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=50", "--set", "workload.rate=0.000001",
                                "--set", "slo={}", "--quiet"] + Hostile.out,
                    status: 0, stderr: [], stdout: ["completed 50"]),
        HostileCase(arguments: ["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=5", "--set", "network.latency=constant(876000h)",
                                "--set", "slo={}", "--quiet"] + Hostile.out,
                    status: 2, stderr: ["5 payments still in flight at the virtual clock's limit of 150 years"]),
        HostileCase(arguments: ["run", "--scenario", Hostile.cards, "--set", "run.lifecycles=5", "--set", "topology.gateway.service=constant(876000h)",
                                "--set", "slo={}", "--quiet"] + Hostile.out,
                    status: 2, stderr: ["FAILED  liveness"]),
        HostileCase(arguments: ["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=50", "--set", "run.warmup=876000h",
                                "--set", "slo.latency_ms_p99=< 800", "--quiet"] + Hostile.out,
                    status: 1, stderr: ["latency_ms_p99 < 800 (not measured: no payments in the measured window"]),
    ]
}()

// MARK: Findings that need several processes, files or signals

@Suite(.serialized) struct HostileFindingsTests {
    /// Shard files of a tiny sweep into `directory`.
    private func shard(_ scenario: String, lifecycles: Int, index: Int, into directory: String) throws {
        let result = try paystorm(["sweep", "--quiet", "--scenario", scenario, "--vary", "workload.rate=50,100", "--replications", "2",
                                   "--set", "run.lifecycles=\(lifecycles)", "--shard", "\(index)/2", "--out", directory])
        try #require(result.status == 0, "\(result)")
    }

    /// 1. Shards of two scenarios crashed `report` (SIGILL), and other differences merged silently.
    @Test func reportRefusesShardsOfDifferentSweepsNamingBothAndTheField() throws {
        let scratch = try TemporaryDirectory()
        try shard(Hostile.cards, lifecycles: 60, index: 0, into: scratch.path("a"))
        try shard(Hostile.cards, lifecycles: 60, index: 1, into: scratch.path("b"))
        try shard(Hostile.pipeline, lifecycles: 60, index: 1, into: scratch.path("c"))
        try shard(Hostile.cards, lifecycles: 80, index: 1, into: scratch.path("d"))
        for order in [["a", "b", "c"], ["c", "a"]] {
            let result = try paystorm(["report"] + order.map { scratch.path($0) } + ["--out", scratch.path("merged")])
            expectNoCrash(result)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("are shards of different sweeps: scenario is"), "\(result)")
            #expect(result.stderr.contains("card-payments") && result.stderr.contains("reference-pipeline"), "\(result)")
        }
        let sizes = try paystorm(["report", scratch.path("a"), scratch.path("d"), "--out", scratch.path("merged")])
        #expect(sizes.status == 64, "\(sizes)")
        #expect(sizes.stderr.contains("run.lifecycles is 60 in one and 80 in the other"), "\(sizes)")
        #expect(sizes.stderr.contains(scratch.path("a/sweep-shard-0-of-2.json")), "\(sizes)")
        #expect(sizes.stderr.contains(scratch.path("d/sweep-shard-1-of-2.json")), "\(sizes)")
        let same = try paystorm(["report", scratch.path("a"), scratch.path("b"), "--out", scratch.path("merged")])
        #expect(same.status == 0, "\(same)")
    }

    /// Edited shard files crashed `report` (Double → Int conversions) or merged silently wrong.
    @Test(arguments: [
        (#""replications":2"#, #""replications":1e300"#), (#""replications":2"#, #""replications":-2"#),
        (#""point":0"#, #""point":1e300"#), (#""point":0"#, #""point":-1"#), (#""point":0"#, #""point":7"#),
        (#""replication":0"#, #""replication":5"#), (#""servers":"#, #""servers":1e300,"x":"#),
    ])
    func reportRefusesAnEditedShardWithoutCrashing(_ edit: (String, String)) throws {
        let scratch = try TemporaryDirectory()
        try shard(Hostile.pipeline, lifecycles: 40, index: 0, into: scratch.path("a"))
        let file = scratch.path("a/sweep-shard-0-of-2.json")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try #require(text.contains(edit.0), "the shard has no \(edit.0)")
        try text.replacingOccurrences(of: edit.0, with: edit.1).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try paystorm(["report", scratch.path("a"), "--out", scratch.path("merged")])
        expectNoCrash(result)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(file), "\(result)")
    }

    /// 4. Two runs on one --out left a mixed set of files: the second is now refused.
    @Test func aSecondRunOnTheSameOutIsRefusedWhileTheFirstWrites() throws {
        let scratch = try TemporaryDirectory()
        let first = try LongRun(["run", "--scenario", Hostile.cards, "--set", "run.lifecycles=100000000", "--progress",
                                 "--out", scratch.path("out")], in: scratch)
        defer { first.kill() }
        try #require(first.waitForProgress(), "no progress line: \(first.stderr)")
        let second = try paystorm(["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=20", "--out", scratch.path("out")])
        #expect(second.status == 64, "\(second)")
        #expect(second.stderr.contains("another paystorm is writing there now"), "\(second)")
        first.signal(SIGINT)
        #expect(first.waitForExit() == 130, "\(first.stderr)")
        let after = try paystorm(["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=20", "--set", "slo={}", "--quiet",
                                  "--out", scratch.path("out")])
        #expect(after.status == 0, "the lock outlived its run: \(after)")
    }

    /// 5. SIGTERM on `run` exited 143 with no summary.
    @Test func sigtermOnRunWritesAnInterruptedSummaryAndExits143() throws {
        let scratch = try TemporaryDirectory()
        let run = try LongRun(["run", "--scenario", Hostile.cards, "--set", "run.lifecycles=100000000", "--progress",
                               "--out", scratch.path("out")], in: scratch)
        defer { run.kill() }
        try #require(run.waitForProgress(), "no progress line: \(run.stderr)")
        run.signal(SIGTERM)
        #expect(run.waitForExit() == 143, "\(run.stderr)")
        #expect(run.stderr.contains("interrupted (SIGTERM) at "), "\(run.stderr)")
        let summary = try jsonObject(scratch.path("out/summary.json"))
        #expect(summary["interrupted"] as? Bool == true)
    }

    /// 5. Ctrl-C on `sweep` lost every finished point.
    @Test func ctrlCOnSweepWritesTheFinishedPointsMarkedInterrupted() throws {
        let scratch = try TemporaryDirectory()
        // Quick points first, then one that cannot finish: the interrupt finds points done.
        let sweep = try LongRun(["sweep", "--scenario", Hostile.pipeline, "--threads", "1", "--replications", "2",
                                 "--vary", "run.lifecycles=100,200,100000000", "--set", "slo={}", "--out", scratch.path("out")],
                                in: scratch)
        defer { sweep.kill() }
        // The first two points take milliseconds; the third runs until stopped.
        Thread.sleep(forTimeInterval: 3)
        sweep.signal(SIGINT)
        #expect(sweep.waitForExit() == 130, "\(sweep.stderr)")
        #expect(sweep.stderr.contains("interrupted (Ctrl-C) after 4 of 6 runs; wrote the 2 of 3 points"), "\(sweep.stderr)")
        let json = try jsonObject(scratch.path("out/sweep.json"))
        #expect(json["interrupted"] as? Bool == true)
        #expect((json["points"] as? [Any])?.count == 2)
        #expect(FileManager.default.fileExists(atPath: scratch.path("out/report.html")))
    }

    /// 5 and the acceptance: Ctrl-C during a long explore keeps every failure found so far, and
    /// each one's replay reproduces its trace hash.
    @Test func ctrlCOnExploreKeepsItsFailuresAndTheirReplaysReproduce() throws {
        let scratch = try TemporaryDirectory()
        let explore = try LongRun(["explore", "--scenario", Hostile.cards, "--seeds", "1..100000", "--threads", "2",
                                   "--set", #"defects=["approve-unusable-card"]"#, "--set", "run.lifecycles=200",
                                   "--out", scratch.path("out")], in: scratch)
        defer { explore.kill() }
        Thread.sleep(forTimeInterval: 4)
        explore.signal(SIGINT)
        #expect(explore.waitForExit() == 130, "\(explore.stderr)")
        #expect(explore.stderr.contains("interrupted (Ctrl-C) after "), "\(explore.stderr)")
        let json = try jsonObject(scratch.path("out/explore.json"))
        #expect(json["interrupted"] as? Bool == true)
        let ran = (json["ran"] as? NSNumber)?.intValue ?? 0
        #expect(ran > 0 && ran < 100_000)
        let failures = try #require(json["failures"] as? [[String: Any]])
        try #require(!failures.isEmpty, "no failure in \(ran) seeds of a planted defect")
        // The stdout lists the same failures.
        #expect(explore.stdout.components(separatedBy: "FAILED  seed ").count - 1 == failures.count)
        for failure in failures.prefix(2) {
            let replay = try #require(failure["replay"] as? String)
            let hash = try #require(failure["trace_hash"] as? String)
            var arguments = shellWords(replay)
            arguments.removeFirst(arguments.firstIndex(of: "paystorm").map { $0 + 1 } ?? 0)
            let replayed = try paystorm(arguments + ["--quiet", "--out", scratch.path("replay")])
            #expect(replayed.stdout.contains("trace hash \(hash)"), "\(replay)\n\(replayed)")
        }
    }

    /// 5. Ctrl-C on `shrink` lost the shrinking done so far.
    @Test func sigtermOnShrinkWritesTheSmallestFailureSoFar() throws {
        let scratch = try TemporaryDirectory()
        let shrink = try LongRun(["shrink", "--scenario", Hostile.cards, "--seed", "3", "--set", #"defects=["approve-unusable-card"]"#,
                                  "--set", "run.lifecycles=200000", "--out", scratch.path("out")], in: scratch)
        defer { shrink.kill() }
        // A candidate's line on stderr: shrinking has begun (stdout is buffered in a file).
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline && !shrink.stderr.contains("shrink: run 2 ") && shrink.waitForExit(seconds: 0.05) == -1 {}
        try #require(shrink.stderr.contains("shrink: run 2 "), "\(shrink.stdout)\n\(shrink.stderr)")
        shrink.signal(SIGTERM)
        #expect(shrink.waitForExit() == 143, "\(shrink.stdout)\n\(shrink.stderr)")
        #expect(shrink.stderr.contains("interrupted (SIGTERM) after "), "\(shrink.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("out/shrunk.json")))
    }

    /// SIGTERM reaches check-determinism alone (Ctrl-C reaches its children from the terminal too).
    @Test func sigtermOnCheckDeterminismStopsItsChildAndExits143() throws {
        let scratch = try TemporaryDirectory()
        let check = try LongRun(["check-determinism", "--scenario", Hostile.cards, "--set", "run.lifecycles=100000000"], in: scratch)
        defer { check.kill() }
        Thread.sleep(forTimeInterval: 2)
        check.signal(SIGTERM)
        #expect(check.waitForExit() == 143, "\(check.stderr)")
        #expect(check.stderr.contains("interrupted (SIGTERM) after 0 of 3 processes"), "\(check.stderr)")
    }

    /// `--trace DIR/` wrote a file named DIR.
    @Test func traceIntoADirectoryWritesTraceTxtInsideIt() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=20", "--set", "slo={}", "--quiet",
                                   "--out", scratch.path("out"), "--trace", scratch.path("traces") + "/"])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("traces/trace.txt")), "\(result)")
    }

    /// 6. A --out the process cannot write is refused before the run (as root every directory is writable).
    @Test(.enabled(if: geteuid() != 0, "root writes anywhere"))
    func anUnwritableOutIsRefusedBeforeTheRun() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.path("locked"), withIntermediateDirectories: true)
        chmod(scratch.path("locked"), 0o555)
        defer { chmod(scratch.path("locked"), 0o755) }
        let result = try paystorm(["run", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=20", "--out", scratch.path("locked")])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("the directory is not writable"), "\(result)")
    }
}

// MARK: Helpers

func jsonObject(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// A replay line's words, with its single-quoted arguments unquoted (`--set 'defects=[…]'`).
func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var inWord = false
    for character in line {
        if character == "'" {
            quoted.toggle()
            inWord = true
        } else if character == " " && !quoted {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        } else {
            current.append(character)
            inWord = true
        }
    }
    if inWord { words.append(current) }
    return words
}

/// A `paystorm` process left running, to be signalled.
final class LongRun {
    private let process = Process()
    private let errURL: URL
    private let outURL: URL

    init(_ arguments: [String], in scratch: TemporaryDirectory) throws {
        errURL = scratch.url.appendingPathComponent("long-\(UUID().uuidString).err")
        outURL = scratch.url.appendingPathComponent("long-\(UUID().uuidString).out")
        try Data().write(to: errURL)
        try Data().write(to: outURL)
        process.executableURL = try paystormExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    var stderr: String { String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self) }
    var stdout: String { String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self) }

    /// Waits for a progress line: the simulation runs and its signal handlers are installed.
    func waitForProgress(seconds: Double = 120) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && process.isRunning {
            if stderr.contains("lifecycles/s") { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    func signal(_ number: Int32) { Foundation.kill(process.processIdentifier, number) }

    /// The exit status, or -1 when still running after `seconds`.
    func waitForExit(seconds: Double = 60) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else { return -1 }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// SIGKILL: a child started from a test thread may block SIGTERM as well.
    func kill() { if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) } }
}
