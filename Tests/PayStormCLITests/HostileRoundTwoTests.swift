import Foundation
import SimulationTestSupport
import Studies
import Testing

/// The hostile-inputs issue's second round: full disks, file size limits, a full stdout, outputs
/// that are not ours to replace, and edited shard files. Each ends in a clear message and a
/// documented exit status, never a trap.
@Suite struct HostileRoundTwoTests {
    static let tiny = ["--scenario", Hostile.pipeline, "--set", "run.lifecycles=3000", "--set", "slo={}", "--quiet"]

    /// A tmpfs of 64 KiB, or nil where mounting is refused (not root, a container without the right).
    static func smallDisk(_ scratch: TemporaryDirectory) -> String? {
        let point = scratch.path("disk")
        try? FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        guard getuid() == 0, let mount = try? shell("mount -t tmpfs -o size=64k tmpfs '\(point)'"), mount.status == 0 else { return nil }
        return point
    }

    static func unmount(_ point: String) { _ = try? shell("umount '\(point)'") }

    static func shell(_ command: String) throws -> ProcessResult {
        try runFromPackageRoot(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
    }

    /// 1. A trace on a full disk trapped in TraceWriter and wrote none of the run's files.
    @Test func aTraceOnAFullDiskFailsWithItsFileNamedAndNoTrap() throws {
        let scratch = try TemporaryDirectory()
        guard let disk = Self.smallDisk(scratch) else {
            print("skipped: mounting a small tmpfs is refused here (needs root and CAP_SYS_ADMIN)")
            return
        }
        defer { Self.unmount(disk) }
        let result = try paystorm(["run"] + Self.tiny + ["--out", disk + "/out", "--trace", disk + "/out/trace.json"])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("No space left on device"), "\(result)")
        #expect(!result.stderr.contains("Fatal error"), "\(result)")
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: disk + "/out")) ?? []
        #expect(!leftovers.contains { $0.hasSuffix(".tmp") }, "temporary files left: \(leftovers)")
    }

    /// 3. `ulimit -f` killed the process with SIGXFSZ, no message, and left `.tmp` files.
    @Test func aFileSizeLimitIsAMessageAndExit74WithNoTemporaryFiles() throws {
        let scratch = try TemporaryDirectory()
        let binary = try paystormExecutable().path
        let out = scratch.path("out")
        let words = (["run"] + Self.tiny + ["--out", out, "--trace", out + "/trace.txt"]).map { "'\($0)'" }.joined(separator: " ")
        let result = try Self.shell("ulimit -f 8; exec '\(binary)' \(words)")
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("File too large"), "\(result)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        #expect(!files.contains { $0.hasSuffix(".tmp") }, "temporary files left: \(files)")
    }

    /// 10. `> /dev/full` exited 0, and results printed only on stdout were lost.
    @Test func aFullStdoutFailsTheCommand() throws {
        let scratch = try TemporaryDirectory()
        let binary = try paystormExecutable().path
        let words = (["run"] + Self.tiny + ["--out", scratch.path("out")]).map { "'\($0)'" }.joined(separator: " ")
        let result = try Self.shell("exec '\(binary)' \(words) > /dev/full")
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("could not write to standard output"), "\(result)")
    }

    /// 6. `--trace /dev/null` replaced a device with a regular file; a symlink's target was replaced too.
    @Test func aTraceIsNeverWrittenOverADeviceOrASymlink() throws {
        let scratch = try TemporaryDirectory()
        let device = try paystorm(["run"] + Self.tiny + ["--out", scratch.path("a"), "--trace", "/dev/null"])
        #expect(device.status == 64, "\(device)")
        #expect(device.stderr.contains("/dev/null is a device"), "\(device)")
        var status = stat()
        #expect(lstat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR, "/dev/null is no longer a device")
        let target = scratch.path("kept.txt")
        try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8)
        let link = scratch.path("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let symlink = try paystorm(["run"] + Self.tiny + ["--out", scratch.path("b"), "--trace", link])
        #expect(symlink.status == 64, "\(symlink)")
        #expect(symlink.stderr.contains("symbolic link"), "\(symlink)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    }

    /// 2. `report` trusted shard numbers: an edited one trapped in the analysis. Each edit here is
    /// refused with 64 and the field it got wrong.
    @Test(arguments: [("\"achieved\":", "-100", "achieved"), ("\"success_rate\":", "7.5", "success_rate"),
                      ("\"utilization\":", "1e308", "utilization"), ("\"mean_wait\":", "-1e308", "mean_wait"),
                      ("\"offered\":", "0", "offered"), ("\"p99_ms\":", "-1", "latency.p99_ms"),
                      ("\"probability_waited\":", "2", "probability_waited"), ("\"seed\":", "12", "seed")])
    func anEditedShardIsRefusedNamingTheField(key: String, value: String, field: String) throws {
        let scratch = try TemporaryDirectory()
        let shard = scratch.path("shard")
        let made = try paystorm(["sweep", "--scenario", Hostile.pipeline, "--vary", "workload.rate=100,150", "--replications", "2",
                                 "--set", "run.lifecycles=500", "--shard", "0/1", "--quiet", "--out", shard])
        try #require(made.status == 0, "\(made)")
        let file = shard + "/sweep-shard-0-of-1.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let range = try #require(text.range(of: key), "no \(key) in the shard")
        let end = text[range.upperBound...].firstIndex { $0 == "," || $0 == "}" } ?? text.endIndex
        try (text[..<range.upperBound] + value + text[end...]).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try paystorm(["report", shard, "--out", scratch.path("merged")])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(field), "\(result)")
        #expect(!result.stderr.contains("Fatal error"), "\(result)")
    }

    /// 9. GNU `timeout` sends SIGTERM to the child and then to its group: two SIGTERMs within a
    /// second are one request, and the run still writes its interrupted summary.
    @Test func twoSigtermsWithinASecondAreOneRequest() throws {
        let scratch = try TemporaryDirectory()
        let run = try LongRun(["run", "--scenario", Hostile.cards, "--set", "run.lifecycles=100000000", "--progress",
                               "--out", scratch.path("out")], in: scratch)
        defer { run.kill() }
        try #require(run.waitForProgress(), "no progress line: \(run.stderr)")
        run.signal(SIGTERM)
        run.signal(SIGTERM)
        #expect(run.waitForExit() == 143, "\(run.stderr)")
        let summary = try jsonObject(scratch.path("out/summary.json"))
        #expect(summary["interrupted"] as? Bool == true)
    }

    /// 9. SIGHUP (a closed terminal) ended every command with 129 and nothing written; it is now SIGTERM's twin.
    @Test func sighupStopsARunAsSigtermDoesWithItsFilesWritten() throws {
        let scratch = try TemporaryDirectory()
        let run = try LongRun(["run", "--scenario", Hostile.cards, "--set", "run.lifecycles=100000000", "--progress",
                               "--out", scratch.path("out")], in: scratch)
        defer { run.kill() }
        try #require(run.waitForProgress(), "no progress line: \(run.stderr)")
        run.signal(SIGHUP)
        #expect(run.waitForExit() == 129, "\(run.stderr)")
        #expect(run.stderr.contains("interrupted (SIGHUP) at "), "\(run.stderr)")
        let summary = try jsonObject(scratch.path("out/summary.json"))
        #expect(summary["interrupted"] as? Bool == true)
    }

    /// 7. Outputs replaced the input and each other, each with exit 0.
    @Test func outputsNeverLandOnTheInputOrOnEachOther() throws {
        let scratch = try TemporaryDirectory()
        let source = try String(contentsOfFile: packageRoot.appendingPathComponent(Hostile.pipeline).path, encoding: .utf8)
        let scenario = scratch.path("s.json")
        try source.write(toFile: scenario, atomically: true, encoding: .utf8)
        let small = ["--quiet", "--set", "run.lifecycles=100", "--set", "slo={}"]
        let traceOverScenario = try paystorm(["run", "--scenario", scenario, "--trace", scenario, "--out", scratch.path("a")] + small)
        #expect(traceOverScenario.status == 64 && traceOverScenario.stderr.contains("--trace"), "\(traceOverScenario)")
        let traceOverSummary = try paystorm(["run", "--scenario", scenario, "--trace", scratch.path("b/summary.json"),
                                             "--out", scratch.path("b")] + small)
        #expect(traceOverSummary.status == 64 && traceOverSummary.stderr.contains("where --out writes"), "\(traceOverSummary)")
        try FileManager.default.createDirectory(atPath: scratch.path("c"), withIntermediateDirectories: true)
        try source.write(toFile: scratch.path("c/summary.json"), atomically: true, encoding: .utf8)
        let summaryOverScenario = try paystorm(["run", "--scenario", scratch.path("c/summary.json"), "--out", scratch.path("c")] + small)
        #expect(summaryOverScenario.status == 64, "\(summaryOverScenario)")
        try FileManager.default.createDirectory(atPath: scratch.path("d"), withIntermediateDirectories: true)
        try source.write(toFile: scratch.path("d/shrunk.json"), atomically: true, encoding: .utf8)
        let shrinkOverItself = try paystorm(["shrink", "--scenario", scratch.path("d/shrunk.json"), "--out", scratch.path("d"),
                                             "--quiet"])
        #expect(shrinkOverItself.status == 64, "\(shrinkOverItself)")
        for path in [scenario, scratch.path("c/summary.json"), scratch.path("d/shrunk.json")] {
            #expect(try String(contentsOfFile: path, encoding: .utf8) == source, "\(path) was replaced")
        }
    }

    /// 2 and 8. Killed at any point of a rerun, one `--out` holds the old set or the new one
    /// whole, its manifest saying which (its seed is the summary's). Where directories cannot be
    /// traded (no `renameat2`), a kill among the final renames may leave a set `ResultSet.verify`
    /// calls incomplete, naming the file: never a mix that reads as whole. Leftovers go on the next
    /// run. (`Benchmarks/tools/kill-reruns.sh` kills 100 reruns of a release build.)
    @Test func aRerunKilledAnywhereLeavesAWholeSetOrOneMarkedIncomplete() throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("out")
        let binary = try paystormExecutable()
        func start(_ seed: Int) throws -> Process {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["run", "--scenario", Hostile.pipeline, "--seed", "\(seed)", "--set", "run.lifecycles=20000",
                                 "--set", "slo={}", "--quiet", "--out", out]
            process.currentDirectoryURL = packageRoot
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        let first = try start(1)
        first.waitUntilExit()
        try #require(first.terminationStatus == 0)
        var seeds: Set<Int> = [1]
        var whole = 0
        for attempt in 0..<20 {
            let seed = attempt + 2
            let process = try start(seed)
            // Spread over a run's length (about 0.3 s in debug), from its start to past its end.
            usleep(useconds_t(attempt * 20_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            switch ResultSet.verify(out) {
            case .complete(_, let files):
                whole += 1
                #expect(files.contains("summary.json"))
                let manifest = try jsonObject(out + "/" + ResultSet.manifestName)
                let summary = try jsonObject(out + "/summary.json")
                let manifestSeed = try #require(manifest["seed"] as? Int)
                #expect(summary["seed"] as? Int == manifestSeed)
                #expect(manifestSeed == seed || seeds.contains(manifestSeed), "a seed no run of this test had: \(manifestSeed)")
                seeds.insert(manifestSeed)
            case .incomplete(let why):
                #expect(!ResultSet.commitsAtomically, "attempt \(attempt): a kill left a set that is neither: \(why)")
                #expect(why.contains(".json") || why.contains(".csv") || why.contains(".html"), "\(why)")
            case .none:
                Issue.record("attempt \(attempt): the manifest is gone")
            }
        }
        #expect(whole >= (ResultSet.commitsAtomically ? 20 : 15), "only \(whole) of 20 kills left a whole set")
        let again = try start(99)
        again.waitUntilExit()
        #expect(ResultSet.verify(out).command != nil, "the next run leaves a whole set")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".tmp") }
            + FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasSuffix(".set.tmp") }
        #expect(leftovers.isEmpty, "temporary files stayed after a finished run: \(leftovers)")
    }

    /// 8. A replay's trace.txt stayed beside a later run's files, unmarked.
    @Test func aLaterRunRemovesTheFilesOfTheSetBeforeIt() throws {
        let scratch = try TemporaryDirectory()
        let out = scratch.path("out")
        let replay = try paystorm(["replay", "--scenario", Hostile.pipeline, "--seed", "3", "--set", "run.lifecycles=300",
                                   "--set", "slo={}", "--quiet", "--out", out])
        #expect(replay.status == 0, "\(replay)")
        #expect(FileManager.default.fileExists(atPath: out + "/trace.txt"))
        let run = try paystorm(["run", "--scenario", Hostile.pipeline, "--seed", "4", "--set", "run.lifecycles=300",
                                "--set", "slo={}", "--quiet", "--out", out])
        #expect(run.status == 0, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: out + "/trace.txt"), "the replay's trace stayed beside seed 4's files")
        #expect(ResultSet.verify(out) == .complete(command: try #require(ResultSet.verify(out).command), files: RunStudy.fileNames))
    }

    /// 11 and 14. A scenario read through a pipe: `run` reads it (it was "a file that cannot be
    /// read"), and `check-determinism`'s children get one snapshot instead of rereading it.
    @Test func aScenarioThroughAPipeRunsAndItsDeterminismIsCheckedOnOneSnapshot() throws {
        let scratch = try TemporaryDirectory()
        let binary = try paystormExecutable().path
        // Process substitution is bash's, not every /bin/sh's.
        let viaBash = try runFromPackageRoot(URL(fileURLWithPath: "/bin/bash"), ["-c",
            "exec '\(binary)' run --scenario <(cat \(Hostile.pipeline)) --set run.lifecycles=200 --set 'slo={}' --quiet --out '\(scratch.path("a"))'"])
        #expect(viaBash.status == 0, "\(viaBash)")
        let check = try runFromPackageRoot(URL(fileURLWithPath: "/bin/bash"), ["-c",
            "exec '\(binary)' check-determinism --scenario <(cat \(Hostile.pipeline)) --set run.lifecycles=200 --processes 2"])
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("deterministic: 2 processes, one trace hash"), "\(check)")
    }

    /// 14. A seed of `9007199254740993.0` ran as 2^53: a double cannot hold it, so it is refused.
    @Test func aSeedADoubleCannotHoldIsRefused() throws {
        let result = try paystorm(["validate", Hostile.pipeline, "--set", "seed=9007199254740993.0"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("seed"), "\(result)")
        let exact = try paystorm(["validate", Hostile.pipeline, "--set", "seed=9007199254740993"])
        #expect(exact.status == 0, "\(exact)")
    }

    /// 13 and 14. Every mkdir failure said "permission denied", and `--out /sys/kernel` passed the
    /// up-front check to fail after the run.
    @Test func outDirectoriesAreTriedForRealBeforeTheRunWithTheSystemsReason() throws {
        let missing = try paystorm(["run"] + Self.tiny + ["--out", "/proc/no-such-process/out"])
        #expect(missing.status == 64 && missing.stderr.contains("no such file or directory"), "\(missing)")
        if getuid() == 0 && FileManager.default.fileExists(atPath: "/sys/kernel") {
            let sysfs = try paystorm(["run"] + Self.tiny + ["--out", "/sys/kernel"])
            #expect(sysfs.status == 64 && sysfs.stderr.contains("cannot write files in the directory"), "\(sysfs)")
        }
        let notUTF8 = try Self.shell("exec '\(try paystormExecutable().path)' run --scenario \(Hostile.pipeline) --quiet "
                                     + "--out \"$(printf '/tmp/paystorm-\\377')\"")
        #expect(notUTF8.status == 64 && notUTF8.stderr.contains("not valid UTF-8"), "\(notUTF8)")
    }

    /// 14. `explore --time-budget 1ns` explored 0 seeds and passed; `size --max-candidates 1`
    /// printed the unsized topology as its answer.
    @Test func limitsThatLeaveNothingCheckedSaySo() throws {
        let explore = try paystorm(["explore", "--scenario", Hostile.pipeline, "--seeds", "1..5", "--time-budget", "1ns", "--quiet"])
        #expect(explore.status == 64 && explore.stderr.contains("nothing was checked"), "\(explore)")
        let size = try paystorm(["size", "--scenario", Hostile.pipeline, "--rate", "100", "--slo", "latency_ms_p99=< 100000",
                                 "--max-candidates", "1", "--set", "run.lifecycles=500", "--quiet"])
        #expect(size.stderr.contains("stopped at --max-candidates 1"), "\(size)")
    }
}
