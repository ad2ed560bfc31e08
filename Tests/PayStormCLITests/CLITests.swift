import Foundation
import SimulationTestSupport
import Testing

// MARK: Running the built binary

/// What one `paystorm` process did.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
}

struct PaystormNotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
        "paystorm: no executable beside the test bundle; looked in \(searched.joined(separator: ", ")). "
            + "The PayStormCLITests target depends on PayStormCLI so `swift test` builds it; "
            + "run `swift build` if it is missing."
    }
}


/// The built `paystorm`: in the directory of the running test binary or one of its parents
/// (`.build/debug/PayStormPackageTests.xctest` on Linux, inside a bundle on macOS).
func paystormExecutable() throws -> URL {
    var starts: [String] = []
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        starts.append(resolved)
    }
    starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path)
    if let main = Bundle.main.executablePath { starts.append(main) }
    var searched: [String] = []
    for start in starts {
        var directory = URL(fileURLWithPath: start).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("paystorm")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            if !searched.contains(directory.path) { searched.append(directory.path) }
            directory = directory.deletingLastPathComponent()
        }
    }
    throw PaystormNotFound(searched: searched)
}

/// The variables `--shard auto` reads: dropped from every child's environment, so that tests run
/// inside a Kubernetes Job or a Slurm array see only the shard a test sets.
let clusterShardVariables = ["JOB_COMPLETION_INDEX", "PAYSTORM_SHARD_COUNT", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN",
                             "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_STEP"]

/// Runs `paystorm arguments` from the package root and waits for it.
///
/// The child's environment drops `SWIFT_DETERMINISTIC_HASHING` (style.md §9), so two processes
/// hash `Set`s and `Dictionary`s with different seeds and a hidden iteration over one shows up as
/// a mismatch, and the ``clusterShardVariables``; `environment` is added to it. Output goes to
/// files, not pipes, so a large output cannot block the child.
func paystorm(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
    try runFromPackageRoot(try paystormExecutable(), arguments, environment: environment)
}

/// Runs `executable` (`paystorm`, or a shell for a script that calls it) as ``paystorm(_:environment:)`` runs it.
func runFromPackageRoot(_ executable: URL, _ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
    let scratch = try TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = nil
    for variable in clusterShardVariables { environment[variable] = nil }
    environment.merge(extra) { $1 }
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return ProcessResult(status: process.terminationStatus,
                         stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                         stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("paystorm-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A small run: 2,000 payments of the default scenario take a fraction of a second in debug.
/// The reference pipeline at 2,000 payments: the fastest scenario with every outcome kind.
let tinyRun = ["--scenario", "scenarios/reference-pipeline.json", "--set", "run.lifecycles=2000"]

/// `paystorm run` on the tiny scenario with `--out` in `directory`; returns the process and the
/// parsed `summary.json`.
func runTiny(_ extra: [String], out directory: String) throws -> (ProcessResult, [String: Any]) {
    let result = try paystorm(["run", "--quiet", "--out", directory] + tinyRun + extra)
    let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/summary.json"))
    let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(result)")
    return (result, summary)
}

/// Fields that measure the machine, not the simulation: they may differ between identical runs.
let machineFields = ["wall_seconds", "completed_per_wall_second", "peak_rss_mib"]

func withoutMachineFields(_ summary: [String: Any]) -> NSDictionary {
    var copy = summary
    for field in machineFields { copy[field] = nil }
    return copy as NSDictionary
}

// MARK: Exit codes

/// A command line that must end with `status` and print each of `stderr`'s pieces on stderr.
struct ExitCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var stderr: [String]

    var testDescription: String { "paystorm " + arguments.joined(separator: " ") }
}

/// None of these runs a simulation, so none writes a summary.
let badInvocations: [ExitCase] = [
    ExitCase(arguments: ["run", "--sed", "1"], status: 64,
             stderr: ["paystorm run: unknown flag --sed (did you mean --seed?); see paystorm run --help"]),
    ExitCase(arguments: ["validate", "--sett", "x=1", "scenarios/default.json"], status: 64,
             stderr: ["paystorm validate: unknown flag --sett (did you mean --set?)"]),
    ExitCase(arguments: ["rn"], status: 64, stderr: [#"paystorm: unknown command "rn" (did you mean run?)"#]),
    ExitCase(arguments: ["run", "--seed", "abc"], status: 64,
             stderr: [#"paystorm run: --seed: expected a whole number from 0 to 18446744073709551615, found "abc""#]),
    ExitCase(arguments: ["run", "--seed"], status: 64, stderr: ["paystorm run: --seed needs a value (N)"]),
    ExitCase(arguments: ["run", "--strategy", "lifo"], status: 64,
             stderr: [#"paystorm run: --strategy: expected fifo, random, pct[:DEPTH] or delay[:DELAYS], found "lifo""#]),
    ExitCase(arguments: ["run", "--scenario", "scenarios/no-such.json"], status: 64,
             stderr: ["scenarios/no-such.json: (file): expected a readable scenario file (JSON), found no such file"]),
    ExitCase(arguments: ["run", "--set", "workload.rate"], status: 64,
             stderr: ["--set: workload.rate: expected path=value, such as workload.rate=300, found no '='"]),
    ExitCase(arguments: ["run", "--set", "workload.rat=5"], status: 64,
             stderr: [#"--set workload.rat=5: workload.rat: expected one of the fields of workload"#,
                      #"(did you mean "rate"?)"#]),
    ExitCase(arguments: ["validate"], status: 64, stderr: ["paystorm validate: expected at least one scenario file"]),
    ExitCase(arguments: ["validate", "scenarios/no-such.json", "scenarios/default.json"], status: 64,
             stderr: ["scenarios/no-such.json: (file):"]),
]

@Suite(.serialized) struct CLITests {
    @Test(arguments: badInvocations)
    func badInvocationExitsWithItsStatusAndSaysWhy(_ example: ExitCase) throws {
        let result = try paystorm(example.arguments)
        #expect(result.status == example.status, "\(result)")
        for piece in example.stderr {
            #expect(result.stderr.contains(piece), "stderr lacks \(piece)\n\(result)")
        }
    }

    @Test func malformedScenarioFileExitsWith64NamingFileAndField() throws {
        let scratch = try TemporaryDirectory()
        let file = scratch.path("bad.json")
        try Data(#"{"workload": {"rate": -5}, "run": {"lifecycles": 0}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let result = try paystorm(["run", "--scenario", file, "--out", scratch.path("out")])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == """
            \(file): run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000, found 0
            \(file): workload.rate: expected a positive rate in payments per second (at most 10,000,000), found -5

            """, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")), "a bad scenario wrote a summary")

        let validation = try paystorm(["validate", file])
        #expect(validation.status == 64, "\(validation)")
        #expect(validation.stderr == result.stderr, "\(validation)")
    }

    @Test func sloBreachExitsWith1AndPrintsTheReplayCommand() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--quiet", "--out", scratch.path("run"), "--seed", "42"] + tinyRun
                                  + ["--set", "slo.latency_ms_p99=< 1"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("FAILED  SLO latency_ms_p99 < 1 (actual "), "\(result)")
        let replay = try #require(result.stderr.split(separator: "\n").first { $0.contains("replay: ") }, "\(result)")
        #expect(replay.contains("paystorm replay --scenario scenarios/reference-pipeline.json --seed 42"), "\(replay)")
        #expect(replay.contains("--set run.lifecycles=2000 --set 'slo.latency_ms_p99=< 1'"), "\(replay)")
        // The summary is still written, with the failed objective in it.
        #expect(FileManager.default.fileExists(atPath: scratch.path("run/summary.json")))
    }

    @Test func validateAcceptsEveryShippedScenario() throws {
        let directory = packageRoot.appendingPathComponent("scenarios").path
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".json") }.sorted().map { "scenarios/" + $0 }
        #expect(files.contains("scenarios/default.json"))
        let result = try paystorm(["validate"] + files)
        #expect(result.status == 0, "\(result)")
        for file in files { #expect(result.stdout.contains("\(file): valid ("), "\(result)") }
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test(arguments: [
        ("run", ["--scenario FILE", "--seed N", "--set PATH=VALUE", "--out DIR", "--trace FILE", "--strategy S", "--lanes MODE", "--jitter DURATION", "--keep-going",
                 "--swarm", "--quiet", "--json", "--progress", "--help"]),
        ("validate", ["--set PATH=VALUE", "--help"]),
        ("shrink", ["--scenario FILE", "--seed N", "--set PATH=VALUE", "--swarm", "--strategy S", "--lanes MODE", "--jitter DURATION",
                    "--keep-going", "--out DIR", "--max-runs N", "--quiet", "--help"]),
    ])
    func helpListsEveryFlag(command: String, flags: [String]) throws {
        let result = try paystorm([command, "--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("usage: paystorm \(command) "), "\(result)")
        for flag in flags { #expect(result.stdout.contains("\n  \(flag) "), "help lacks \(flag)\n\(result)") }
        let listed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  --") }
        #expect(listed.count == flags.count, "help lists flags the test does not know: \(listed)")
    }

    @Test func versionPrintsTheVersionAndExits0() throws {
        let result = try paystorm(["--version"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.wholeMatch(of: /paystorm \d+\.\d+\.\d+\n/) != nil, "\(result)")
    }

    // MARK: Summary

    @Test func summaryHasEveryDocumentedKey() throws {
        let scratch = try TemporaryDirectory()
        let (result, summary) = try runTiny(["--seed", "7"], out: scratch.path("run"))
        #expect(result.status == 0, "\(result)")
        for key in ["scenario", "seed", "trace_hash", "completed", "outcomes", "latency_ms", "simulated_seconds",
                    "wall_seconds", "completed_per_wall_second", "violations"] {
            #expect(summary[key] != nil, "summary.json lacks \(key)")
        }
        #expect(summary["scenario"] as? String == "reference-pipeline")
        #expect((summary["seed"] as? NSNumber)?.uint64Value == 7)
        let hash = try #require(summary["trace_hash"] as? String)
        #expect(hash.wholeMatch(of: /[0-9a-f]{16}/) != nil, "trace_hash \(hash)")
        #expect((summary["completed"] as? NSNumber)?.intValue == 2000)
        let outcomes = try #require(summary["outcomes"] as? [String: Any])
        let counts = ["approved", "declined", "acs_timeout"].map { (outcomes[$0] as? NSNumber)?.intValue }
        #expect(!counts.contains(nil), "outcomes \(outcomes)")
        #expect(outcomes.values.compactMap { ($0 as? NSNumber)?.intValue }.reduce(0, +) == 2000, "outcomes \(outcomes)")
        let latency = try #require(summary["latency_ms"] as? [String: Any])
        for key in ["mean", "p50", "p90", "p99", "p999", "max"] {
            #expect(latency[key] is NSNumber, "latency_ms lacks \(key): \(latency)")
        }
        #expect((summary["violations"] as? NSNumber)?.intValue == 0)
    }

    @Test func jsonFlagPrintsTheSummaryOnStdout() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--json", "--out", scratch.path("run")] + tinyRun)
        #expect(result.status == 0, "\(result)")
        let printed = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        let written = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: scratch.path("run/summary.json")))) as? [String: Any])
        #expect(printed["trace_hash"] as? String == written["trace_hash"] as? String)
        #expect((printed["completed"] as? NSNumber)?.intValue == 2000)
        #expect(result.stderr.contains("trace hash"), "the table goes to stderr with --json\n\(result)")
    }

    // MARK: Determinism across processes

    @Test func sameSeedInTwoProcessesGivesTheSameTraceAndSummary() throws {
        let scratch = try TemporaryDirectory()
        let replay = "paystorm run --seed 8127361 --set run.lifecycles=2000"
        let (first, one) = try runTiny(["--seed", "8127361"], out: scratch.path("one"))
        let (second, two) = try runTiny(["--seed", "8127361"], out: scratch.path("two"))
        #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
        #expect(one["trace_hash"] as? String == two["trace_hash"] as? String)
        #expect(withoutMachineFields(one) == withoutMachineFields(two),
                "summaries differ beyond \(machineFields); replay: \(replay) (twice)")
        for field in machineFields { #expect(one[field] != nil, "summary.json lacks \(field)") }
    }

    @Test func differentSeedGivesADifferentTraceHash() throws {
        let scratch = try TemporaryDirectory()
        let (_, one) = try runTiny(["--seed", "1"], out: scratch.path("one"))
        let (_, two) = try runTiny(["--seed", "2"], out: scratch.path("two"))
        let hash = try #require(one["trace_hash"] as? String)
        #expect(hash != two["trace_hash"] as? String, "seeds 1 and 2 both give \(hash)")
    }

    /// `--strategy random` only breaks ties between events due at the same instant, from a
    /// scheduler stream split off the seed, apart from the model's streams (Simulation.orderKey).
    /// Hops draw continuous delays in nanoseconds, so ties are rare; the few there are (the
    /// end-of-arrivals notice to every station) already set random apart from fifo. At 10 million
    /// arrivals per second with constant hop latency, ties are everywhere.
    @Test func randomStrategyIsReproducibleAndOnlyReordersTies() throws {
        let scratch = try TemporaryDirectory()
        func hash(_ strategy: String, _ extra: [String], _ name: String) throws -> String? {
            let (result, summary) = try runTiny(["--seed", "11", "--strategy", strategy] + extra,
                                                out: scratch.path(name))
            #expect(result.status == 0, "\(result)")
            return summary["trace_hash"] as? String
        }
        let random = try hash("random", [], "random-1")
        #expect(random != nil)
        #expect(try hash("random", [], "random-2") == random, "random is not reproducible for seed 11")

        let ties = ["--set", "workload.rate=10000000", "--set", "network.latency=constant(1ms)",
                    "--set", "slo.latency_ms_p99=< 1000000"]
        let randomWithTies = try hash("random", ties, "ties-random-1")
        #expect(try hash("random", ties, "ties-random-2") == randomWithTies, "random with ties is not reproducible")
        #expect(try hash("fifo", ties, "ties-fifo") != randomWithTies, "random left every tie in fifo order")
    }
}
