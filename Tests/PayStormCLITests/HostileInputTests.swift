import Foundation
import SimulationTestSupport
import Testing

// MARK: Hostile cases

/// One hostile command line and how `paystorm` must end it: `status`, with each of `stderr`'s
/// pieces on stderr (and `stdout`'s on stdout), none of `lacking` on stderr.
///
/// `$TMP` in any argument or piece is the case's own temporary directory, which holds the
/// ``hostileFixtures`` files; a case that gets as far as running a simulation writes into `$TMP/out`.
struct HostileCase: Sendable, Codable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var stderr: [String]
    var stdout: [String] = []
    var lacking: [String] = []

    var testDescription: String { "paystorm " + arguments.joined(separator: " ") }

    /// Bad input: exit 64 and every piece on stderr.
    static func rejects(_ arguments: [String], _ stderr: String..., lacking: [String] = []) -> HostileCase {
        HostileCase(arguments: arguments, status: 64, stderr: stderr, lacking: lacking)
    }

    /// `paystorm COMMAND --help`: exit 0, the usage line on stdout.
    static func help(_ command: String) -> HostileCase {
        HostileCase(arguments: [command, "--help"], status: 0, stderr: [], stdout: ["usage: paystorm \(command) "])
    }
}

/// Names the tables share.
enum Hostile {
    static let pipeline = "scenarios/reference-pipeline.json"
    static let cards = "scenarios/card-payments.json"
    /// Where a case that runs writes: inside its own temporary directory, never into the repository.
    static let out = ["--out", "$TMP/out"]
    /// A run that takes a fraction of a second, with no objective to fail.
    static let small = ["--set", "run.lifecycles=50", "--set", "slo={}"]
    static let largestSeed = "18446744073709551615"
}

// MARK: Flags of each command

let hostileFlagCases: [HostileCase] = runFlagCases + replayAndValidateFlagCases + sweepAndReportFlagCases
    + exploreFlagCases + shrinkAndDeterminismFlagCases

// MARK: run

private let runFlagCases: [HostileCase] = [
    .rejects(["run", "--seeds", "1"], "paystorm run: unknown flag --seeds (did you mean --seed?)"),
    .rejects(["run", "--scenario"], "paystorm run: --scenario needs a value (FILE)"),
    .rejects(["run", "--seed", "1", "--seed", "2"], "paystorm run: --seed given twice"),
    .rejects(["run", "--quiet=yes"], #"paystorm run: --quiet takes no value, found "yes""#),
    .rejects(["run", "--keep-going=1"], #"--keep-going takes no value, found "1""#),
    .rejects(["run", "extra"], #"paystorm run: unexpected argument "extra""#),
    .help("run"),
    // Seeds: 0 to 2^64 - 1, decimal or 0x hexadecimal.
    .rejects(["run", "--seed", "-1"], "paystorm run: --seed: expected a whole number from 0 to 18446744073709551615", #"found "-1""#),
    .rejects(["run", "--seed", "1.5"], "--seed: expected a whole number", #"found "1.5""#),
    .rejects(["run", "--seed", "1e3"], "--seed: expected a whole number", #"found "1e3""#),
    .rejects(["run", "--seed", "0xZZ"], "--seed: expected a whole number", #"found "0xZZ""#),
    .rejects(["run", "--seed", "0x"], "--seed: expected a whole number", #"found "0x""#),
    .rejects(["run", "--seed", "18446744073709551616"], "--seed: expected a whole number", #"found "18446744073709551616""#),
    .rejects(["run", "--seed", "0x10000000000000000"], "--seed: expected a whole number", #"found "0x10000000000000000""#),
    .rejects(["run", "--seed="], "--seed: expected a whole number", #"found """#),
    HostileCase(arguments: ["run", "--quiet", "--scenario", Hostile.pipeline, "--seed", Hostile.largestSeed] + Hostile.small
                + Hostile.out, status: 0, stderr: [], stdout: ["approved"]),
    HostileCase(arguments: ["run", "--quiet", "--scenario", Hostile.pipeline, "--seed", "0xFFFFFFFFFFFFFFFF"] + Hostile.small
                + Hostile.out, status: 0, stderr: [], stdout: ["approved"]),
    // Scheduling flags.
    .rejects(["run", "--strategy", "FIFO"], #"paystorm run: --strategy: expected fifo, random, pct[:DEPTH] or delay[:DELAYS], found "FIFO""#),
    .rejects(["run", "--strategy", "random:2"], "--strategy: expected fifo, random, pct[:DEPTH] or delay[:DELAYS]", #"found "random:2""#),
    .rejects(["run", "--strategy", ""], "--strategy: expected fifo, random, pct[:DEPTH] or delay[:DELAYS]", #"found """#),
    .rejects(["run", "--strategy", "pct:0"], #"--strategy: expected a pct depth from 1 to 10, found "0""#),
    .rejects(["run", "--strategy", "pct:11"], #"--strategy: expected a pct depth from 1 to 10, found "11""#),
    .rejects(["run", "--strategy", "pct:x"], #"--strategy: expected a pct depth from 1 to 10, found "x""#),
    .rejects(["run", "--lanes", "solo"], #"paystorm run: --lanes: expected shared or per-actor, found "solo""#),
    .rejects(["run", "--lanes", "per_actor"], "--lanes: expected shared or per-actor", #"found "per_actor""#),
    .rejects(["run", "--jitter", "61s"], #"paystorm run: --jitter: expected a duration from 0 to 60s, such as 2ms, found "61s""#),
    .rejects(["run", "--jitter", "-1ms"], "--jitter: expected a duration from 0 to 60s", #"found "-1ms""#),
    .rejects(["run", "--jitter", "5"], "--jitter: expected a duration from 0 to 60s", #"found "5""#),
    .rejects(["run", "--jitter", "1e3ms"], "--jitter: expected a duration from 0 to 60s", #"found "1e3ms""#),
]

// MARK: replay, validate

private let replayAndValidateFlagCases: [HostileCase] = [
    .rejects(["replay", "--traec", "x"], "paystorm replay: unknown flag --traec (did you mean --trace?)"),
    .rejects(["replay", "--scenario"], "paystorm replay: --scenario needs a value (FILE)"),
    .rejects(["replay", "--out", "a", "--out", "b"], "paystorm replay: --out given twice"),
    .rejects(["replay", "--scenario", Hostile.pipeline, "--seed", "0xG"], "paystorm replay: --seed: expected a whole number",
             #"found "0xG""#),
    .rejects(["replay", "--jitter", "2h"], "paystorm replay: --jitter: expected a duration from 0 to 60s", #"found "2h""#),
    .rejects(["replay", "--strategy", "pct:-1"], #"paystorm replay: --strategy: expected a pct depth from 1 to 10, found "-1""#),
    .rejects(["replay", "--scenario", "$TMP/a-directory"] + Hostile.out,
             "$TMP/a-directory: (file): expected a readable scenario file (JSON), found a directory"),
    .help("replay"),
    HostileCase(arguments: ["replay", "--quiet", "--scenario", Hostile.pipeline, "--seed=7"] + Hostile.small + Hostile.out,
                status: 0, stderr: [], stdout: ["trace.txt"]),

    .rejects(["validate", "--sett=1", Hostile.pipeline], "paystorm validate: unknown flag --sett (did you mean --set?)"),
    .rejects(["validate", Hostile.pipeline, "--set"], "paystorm validate: --set needs a value (PATH=VALUE)"),
    .rejects(["validate", "--set", "workload.rate=5"], "paystorm validate: expected at least one scenario file"),
    .rejects(["validate", "--", "--help"], "--help: (file): expected a readable scenario file (JSON), found no such file"),
    .help("validate"),
    // Every file is checked and every problem reported; a good file among bad ones is still valid.
    HostileCase(arguments: ["validate", "$TMP/empty.json", "$TMP/top-level-array.json", "$TMP/duplicate-keys.json",
                            "scenarios/default.json"],
                status: 64,
                stderr: ["$TMP/empty.json: line 1, column 1: expected a JSON value",
                         "$TMP/top-level-array.json: (top level): expected an object, found an array",
                         #"$TMP/duplicate-keys.json: line 1, column 13: expected a key not already in this object, found duplicate key "seed""#],
                stdout: ["scenarios/default.json: valid (default)"]),
    HostileCase(arguments: ["validate", "$TMP/not-json.json", "$TMP/no-such.json", "$TMP/a-directory"], status: 64,
                stderr: ["$TMP/not-json.json: line 1, column 1: expected a JSON value, found 'hello'",
                         "$TMP/no-such.json: (file): expected a readable scenario file (JSON), found no such file",
                         "$TMP/a-directory: (file): expected a readable scenario file (JSON), found a directory"]),
]

// MARK: sweep, report

private let sweepAndReportFlagCases: [HostileCase] = {
    let sweep = ["sweep", "--quiet", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=50"] + Hostile.out
    let axis = ["--vary", "workload.rate=100,200"]
    func vary(_ spec: String) -> [String] { sweep + ["--vary", "workload.rate=" + spec] }
    let range = "paystorm sweep: --vary workload.rate: expected FROM..TO:STEP with FROM <= TO, STEP > 0 and at most 10,000 values"
    return [
        .rejects(["sweep", "--replication", "3"], "paystorm sweep: unknown flag --replication (did you mean --replications?)"),
        .rejects(["sweep", "--vary"], "paystorm sweep: --vary needs a value (PATH=FROM..TO:STEP)"),
        .rejects(["sweep", "--scenario", "a", "--scenario", "b"], "paystorm sweep: --scenario given twice"),
        .rejects(["sweep", "extra"], #"paystorm sweep: unexpected argument "extra""#),
        .help("sweep"),
        .rejects(sweep + ["--vary", "workload.rate"],
                 #"paystorm sweep: --vary: expected PATH=FROM..TO:STEP or PATH=A,B,C, found "workload.rate""#),
        .rejects(sweep + ["--vary", "=1..5:1"], "paystorm sweep: --vary: expected PATH=FROM..TO:STEP", #"found "=1..5:1""#),
        .rejects(vary("1..5"), range, #"found "1..5""#),
        .rejects(vary("1..5:0"), range, #"found "1..5:0""#),
        .rejects(vary("1..5:-1"), range, #"found "1..5:-1""#),
        .rejects(vary("400..100:50"), range, #"found "400..100:50""#),
        .rejects(vary("a..5:1"), range, #"found "a..5:1""#),
        .rejects(vary("1..5:x"), range, #"found "1..5:x""#),
        .rejects(vary("1...5:1"), range, #"found "1...5:1""#),
        .rejects(vary("1..inf:1"), range, #"found "1..inf:1""#),
        .rejects(vary("nan..5:1"), range, #"found "nan..5:1""#),
        .rejects(vary("1..1000000:1"), range, #"found "1..1000000:1""#),
        .rejects(vary(""), "paystorm sweep: --vary workload.rate: expected FROM..TO:STEP or a list A,B,C", #"found """#),
        .rejects(sweep + axis + ["--replications", "0"], #"paystorm sweep: --replications: expected a whole number from 1 to 1,000, found "0""#),
        .rejects(sweep + axis + ["--replications", "1001"], "--replications: expected a whole number from 1 to 1,000", #"found "1001""#),
        .rejects(sweep + axis + ["--replications", "x"], "--replications: expected a whole number from 1 to 1,000", #"found "x""#),
        .rejects(sweep + axis + ["--threads", "0"], #"paystorm sweep: --threads: expected a whole number from 1 to 256, found "0""#),
        .rejects(sweep + axis + ["--threads", "257"], "--threads: expected a whole number from 1 to 256", #"found "257""#),
        .rejects(sweep + axis + ["--shard", "1/0"], "paystorm sweep: --shard: expected I/N with 0 <= I < N, such as 0/3, or auto",
                 #"found "1/0""#),
        .rejects(sweep + axis + ["--shard", "a/b"], "--shard: expected I/N with 0 <= I < N", #"found "a/b""#),
        .rejects(sweep + axis + ["--shard", "-1/3"], "--shard: expected I/N with 0 <= I < N", #"found "-1/3""#),
        .rejects(sweep + axis + ["--shard", "0/3/1"], "--shard: expected I/N with 0 <= I < N", #"found "0/3/1""#),
        .rejects(sweep + axis + ["--seed", "-3"], #"paystorm sweep: --seed: expected a whole number from 0 to 18446744073709551615, found "-3""#),
        .rejects(sweep + axis + ["--seed", "1.5"], "paystorm sweep: --seed: expected a whole number", #"found "1.5""#),
        .rejects(["sweep", "--scenario", "$TMP/not-json.json"] + axis + Hostile.out,
                 "$TMP/not-json.json: line 1, column 1: expected a JSON value, found 'hello'"),

        .rejects(["report"], "paystorm report: expected at least one directory of sweep shards or explore shards"),
        .rejects(["report", "--out", "$TMP/merged"], "paystorm report: expected at least one directory of sweep shards or explore shards"),
        .rejects(["report", "--outt", "x"], "paystorm report: unknown flag --outt (did you mean --out?)"),
        .rejects(["report", "$TMP/empty-dir", "--out"], "paystorm report: --out needs a value (DIR)"),
        .rejects(["report", "--out", "a", "--out", "b", "x"], "paystorm report: --out given twice"),
        .help("report"),
        .rejects(["report", "$TMP/empty-dir", "--out", "$TMP/out"], "paystorm report: no sweep-shard-*.json files (nor an explore.json) in $TMP/empty-dir"),
        .rejects(["report", "$TMP/shards-not-json", "--out", "$TMP/out"],
                 "paystorm report: $TMP/shards-not-json/sweep-shard-0-of-1.json: expected a sweep shard file written by paystorm sweep --shard"),
        .rejects(["report", "$TMP/shards-other-kind", "--out", "$TMP/out"],
                 "paystorm report: $TMP/shards-other-kind/sweep-shard-0-of-1.json: expected a sweep shard file"),
        .rejects(["report", "$TMP/empty-dir", "$TMP/shards-truncated", "--out", "$TMP/out"],
                 "paystorm report: $TMP/shards-truncated/sweep-shard-0-of-1.json: expected a sweep shard file"),
    ]
}()

// MARK: explore

private let exploreFlagCases: [HostileCase] = {
    let explore = ["explore", "--quiet", "--threads", "1", "--scenario", Hostile.cards, "--set", "run.lifecycles=50"]
    let seeds = "paystorm explore: --seeds: expected A..B"
    let oneSeed = ["--seeds", "1..1"]
    return [
        .rejects(["explore", "--seed", "1"], "paystorm explore: unknown flag --seed (did you mean --seeds?)"),
        .rejects(["explore", "--seeds"], "paystorm explore: --seeds needs a value (A..B)"),
        .rejects(["explore", "--seeds", "1..2", "--seeds", "3..4"], "paystorm explore: --seeds given twice"),
        .rejects(["explore", "positional"], #"paystorm explore: unexpected argument "positional""#),
        .help("explore"),
        .rejects(["explore", "--seeds", "1..2"], "paystorm explore: --scenario FILE is required"),
        .rejects(explore, "paystorm explore: --seeds A..B is required, such as --seeds 1..1000"),
        .rejects(explore + ["--seeds", "5..1"], seeds),
        .rejects(explore + ["--seeds", "1-5"], seeds),
        .rejects(explore + ["--seeds", "1.."], seeds),
        .rejects(explore + ["--seeds", "..5"], seeds),
        .rejects(explore + ["--seeds", "a..b"], seeds),
        .rejects(explore + ["--seeds", "-1..5"], seeds),
        .rejects(explore + ["--seeds", "1..2..3"], seeds),
        .rejects(explore + ["--seeds", "1.5..3"], seeds),
        .rejects(explore + oneSeed + ["--time-budget", "0s"], #"paystorm explore: --time-budget: expected a duration such as 10m, found "0s""#),
        .rejects(explore + oneSeed + ["--time-budget", "-5m"], "--time-budget: expected a duration such as 10m", #"found "-5m""#),
        .rejects(explore + oneSeed + ["--time-budget", "abc"], "--time-budget: expected a duration such as 10m", #"found "abc""#),
        .rejects(explore + oneSeed + ["--strategy", "lifo"], #"paystorm explore: --strategy: expected fifo, random, pct[:DEPTH] or delay[:DELAYS], found "lifo""#),
        .rejects(explore + oneSeed + ["--lanes", "x"], #"paystorm explore: --lanes: expected shared or per-actor, found "x""#),
        .rejects(explore + oneSeed + ["--jitter", "2"], "paystorm explore: --jitter: expected a duration from 0 to 60s", #"found "2""#),
        .rejects(explore + oneSeed + ["--swarm=1"], #"paystorm explore: --swarm takes no value, found "1""#),
        .rejects(explore + oneSeed + ["--set", "workload.rate=0"],
                 "--set workload.rate=0: workload.rate: expected a positive rate in payments per second", "found 0"),
        .rejects(["explore", "--scenario", "$TMP/binary.json"] + oneSeed,
                 "$TMP/binary.json: line 1, column 1: expected a JSON value, found control character U+0000"),
        HostileCase(arguments: explore + Hostile.out + ["--seeds", "18446744073709551614..18446744073709551615"], status: 0,
                    stderr: [], stdout: ["explored 2 seeds"]),
    ]
}()

// MARK: shrink, check-determinism

private let shrinkAndDeterminismFlagCases: [HostileCase] = {
    let check = ["check-determinism", "--scenario", Hostile.cards, "--set", "run.lifecycles=50"]
    return [
        .rejects(["shrink"], "paystorm shrink: --scenario FILE is required"),
        .rejects(["shrink", "--seed", "5"], "paystorm shrink: --scenario FILE is required"),
        .rejects(["shrink", "--max-run", "3"], "paystorm shrink: unknown flag --max-run (did you mean --max-runs?)"),
        .rejects(["shrink", "--max-runs"], "paystorm shrink: --max-runs needs a value (N)"),
        .rejects(["shrink", "--seed", "1", "--seed", "2"], "paystorm shrink: --seed given twice"),
        .rejects(["shrink", "x"], #"paystorm shrink: unexpected argument "x""#),
        .help("shrink"),
        .rejects(["shrink", "--scenario", Hostile.cards, "--seed", "-1"] + Hostile.out,
                 "paystorm shrink: --seed: expected a whole number from 0 to 18446744073709551615", #"found "-1""#),
        .rejects(["shrink", "--scenario", Hostile.cards, "--strategy", "pct:99"] + Hostile.out,
                 #"paystorm shrink: --strategy: expected a pct depth from 1 to 10, found "99""#),
        .rejects(["shrink", "--scenario", Hostile.cards, "--swarm=no"] + Hostile.out, #"paystorm shrink: --swarm takes no value, found "no""#),
        .rejects(["shrink", "--scenario", Hostile.cards, "--set", "workload.cards.count=0"] + Hostile.out,
                 "--set workload.cards.count=0: workload.cards.count: expected a whole number of cards from 1 to 10,000,000", "found 0"),
        .rejects(["shrink", "--scenario", "$TMP/no-such.json"] + Hostile.out,
                 "$TMP/no-such.json: (file): expected a readable scenario file (JSON), found no such file"),
        // No --seed: the scenario's own seed, which breaks no invariant.
        HostileCase(arguments: ["shrink", "--quiet", "--scenario", Hostile.cards, "--set", "run.lifecycles=50"] + Hostile.out,
                    status: 0, stderr: [], stdout: ["seed 42 breaks no invariant: nothing to shrink"]),

        .rejects(["check-determinism"], "paystorm check-determinism: --scenario FILE is required"),
        .rejects(["check-determinism", "--process", "3"],
                 "paystorm check-determinism: unknown flag --process (did you mean --processes?)"),
        .rejects(["check-determinism", "--processes"], "paystorm check-determinism: --processes needs a value (N)"),
        .rejects(["check-determinism", "--processes", "2", "--processes", "3"], "paystorm check-determinism: --processes given twice"),
        .rejects(["check-determinism", "extra"], #"paystorm check-determinism: unexpected argument "extra""#),
        .help("check-determinism"),
        .rejects(check + ["--lanes", "nope"], #"paystorm check-determinism: --lanes: expected shared or per-actor, found "nope""#),
        .rejects(check + ["--strategy", "pct:0"], #"paystorm check-determinism: --strategy: expected a pct depth from 1 to 10, found "0""#),
        .rejects(check + ["--seed", "abc"], "paystorm check-determinism: --seed: expected a whole number"),
        .rejects(["check-determinism", "--scenario", Hostile.cards, "--set", "run.lifecycles=0"],
                 "--set run.lifecycles=0: run.lifecycles: expected a whole number of payments from 1 to 1,000,000,000", "found 0"),
        .rejects(["check-determinism", "--scenario", "$TMP/a-directory"],
                 "$TMP/a-directory: (file): expected a readable scenario file (JSON), found a directory"),
        HostileCase(arguments: ["check-determinism", "--scenario", Hostile.pipeline, "--set", "run.lifecycles=50", "--processes", "2",
                                "--seed", Hostile.largestSeed],
                    status: 0, stderr: [], stdout: ["deterministic: 2 processes, one trace hash"]),

        .rejects(["swep"], #"paystorm: unknown command "swep" (did you mean sweep?)"#),
        .rejects(["check-determinsm"], #"paystorm: unknown command "check-determinsm" (did you mean check-determinism?)"#),
    ]
}()

// MARK: The test

@Suite struct HostileInputTests {
    @Test(.timeLimit(.minutes(1)), arguments: hostileFlagCases + hostileScenarioCases + hostileFindingCases)
    func hostileInputEndsWithoutACrashAndSaysWhy(_ example: HostileCase) throws {
        let scratch = try TemporaryDirectory()
        try writeHostileFixtures(into: scratch)
        let expand = { (text: String) in text.replacingOccurrences(of: "$TMP", with: scratch.url.path) }
        let before = repositoryOutputs()
        let result = try paystorm(example.arguments.map(expand))
        expectNoCrash(result)
        #expect(result.status == example.status, "\(result)")
        for piece in example.stderr.map(expand) {
            #expect(result.stderr.contains(piece), "stderr lacks \(piece)\n\(result)")
        }
        for piece in example.stdout.map(expand) {
            #expect(result.stdout.contains(piece), "stdout lacks \(piece)\n\(result)")
        }
        for piece in example.lacking.map(expand) {
            #expect(!result.stderr.contains(piece), "stderr has \(piece)\n\(result)")
        }
        if example.status == 64 {
            #expect(!FileManager.default.fileExists(atPath: scratch.path("out")), "bad input wrote \(scratch.path("out"))")
        }
        let written = repositoryOutputs().subtracting(before)
        #expect(written.isEmpty, "wrote into the repository, not into --out: \(written.sorted())")
    }
}

/// A crash, never an ending: 132, 134 and 139 are SIGILL, SIGABRT and SIGSEGV as a shell reports
/// them; Foundation's `Process` reports an uncaught signal as the signal itself (4, 6, 11), and
/// `paystorm` exits with none of those. A Swift runtime trap also prints its backtrace.
func expectNoCrash(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(![132, 134, 139, 4, 6, 11].contains(result.status), "crashed: \(result)", sourceLocation: sourceLocation)
    for sign in ["Fatal error", "Program crashed", "*** Signal"] {
        #expect(!result.stderr.contains(sign), "crashed: \(result)", sourceLocation: sourceLocation)
    }
}

/// Every path under the package's `results/`: where a command given no `--out` writes.
func repositoryOutputs() -> Set<String> {
    let results = packageRoot.appendingPathComponent("results").path
    var paths: Set<String> = []
    if let walker = FileManager.default.enumerator(atPath: results) {
        while let path = walker.nextObject() as? String { paths.insert(path) }
    }
    return paths
}
