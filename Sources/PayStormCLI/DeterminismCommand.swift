import Exploration
import Foundation
import Reporting
import Scenarios
import Studies

/// `paystorm check-determinism`: runs one seed in several separate processes (each with its own
/// hashing seed) and compares their trace hashes; on a mismatch it prints the first trace
/// record where the runs diverge (FoundationDB's same-seed check). Each process also judges its
/// run (its exit status is its `Verdict`), and the verdicts must agree as well.
enum DeterminismCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scenario", valueName: "FILE", help: "scenario to check (required)"),
        FlagSpec(name: "seed", valueName: "N", help: "the seed (default: the scenario's seed)"),
        FlagSpec(name: "processes", valueName: "N", help: "separate processes to compare, 2 to 16 (default 3)"),
        FlagSpec(name: "set", valueName: "PATH=VALUE", help: "override a scenario field (repeatable)", repeatable: true),
    ] + FlagSpec.scheduling + [
        FlagSpec(name: "help", valueName: nil, help: "show this help"),
    ]
    static let help = helpText(command: "check-determinism", synopsis: "--scenario FILE [--seed N] [--processes 3]",
                               summary: "Runs one seed in separate processes and compares trace hashes; prints the first "
                                   + "diverging trace record on a mismatch.", specs: specs,
                               notes: ["exit status: 0 identical, 1 diverged, 64 bad input, 70 a run failed to start"])

    static func main(_ arguments: [String], output: inout Output) throws(UsageError) -> ExitStatus {
        let parsed = try ParsedArguments.parse(arguments, specs: specs, command: "check-determinism", positionals: false)
        if parsed.has("help") {
            output.out(help)
            return .passed
        }
        let file = try parsed.scenarioFile(command: "check-determinism")
        let scheduling = try parsed.schedulingOptions(command: "check-determinism")
        let processes = try parsed.wholeNumber("processes", command: "check-determinism", default: 3, in: 2...16)
        let seedFlag = try parsed.seed(command: "check-determinism")
        // Read once: a pipe gives its bytes once, and a file edited mid-check must not read as a divergence.
        let source = try ScenarioSource(file: file)
        let scenario = try source.load(overrides: parsed.all("set"))
        let seed = seedFlag ?? scenario.seed
        let scratch = NSTemporaryDirectory() + "paystorm-determinism-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let snapshot = scratch + "/scenario.json"
        try writeSnapshot(source, overrides: parsed.all("set"), to: snapshot)
        var hashes: [String] = []
        var statuses: [Int32] = []
        Interrupt.install()
        for index in 0..<processes {
            let child = ["run", "--scenario", snapshot, "--seed", "\(seed)", "--quiet", "--out", "\(scratch)/\(index)",
                         "--trace", "\(scratch)/\(index)/trace.txt"] + scheduling.arguments
            guard let status = launch(child) else {
                output.err("paystorm check-determinism: could not start process \(index + 1)")
                return .internalError
            }
            if Interrupt.requested {
                output.out("seed \(seed): " + hashes.enumerated().map { "process \($0.offset + 1) \($0.element)" }
                    .joined(separator: ", "))
                output.err("interrupted (\(Interrupt.cause)) after \(hashes.count) of \(processes) processes; nothing compared")
                return Interrupt.status
            }
            guard let data = FileManager.default.contents(atPath: "\(scratch)/\(index)/summary.json"),
                  let root = try? JSONParser.parse(bytes: [UInt8](data)), let hash = root["trace_hash"]?.value.stringValue else {
                output.err("paystorm check-determinism: process \(index + 1) wrote no summary")
                return .internalError
            }
            hashes.append(hash)
            statuses.append(status)
        }
        output.out("seed \(seed): " + hashes.enumerated().map { "process \($0.offset + 1) \($0.element)" }.joined(separator: ", "))
        return compare(hashes: hashes, statuses: statuses, scratch: scratch, output: &output)
    }

    /// One snapshot for every child, --set applied: a file edited or replaced mid-check would
    /// otherwise read as a divergence.
    static func writeSnapshot(_ source: ScenarioSource, overrides: [String], to path: String) throws(UsageError) {
        do {
            try AtomicFile.write(try ScenarioLoader.tree(bytes: source.bytes, file: source.file, overrides: overrides).serialized()
                                 + "\n", to: path)
        } catch let error as ScenarioErrors {
            throw UsageError(error.description)
        } catch {
            throw UsageError("paystorm check-determinism: could not write \(path): \(error.localizedDescription)")
        }
    }

    /// One trace hash and one exit status in every process, or the first record where they part.
    static func compare(hashes: [String], statuses: [Int32], scratch: String, output: inout Output) -> ExitStatus {
        let processes = hashes.count
        guard Set(hashes).count > 1 else {
            // One trace, so one verdict, unless something outside the simulation decided it.
            guard let other = statuses.firstIndex(where: { $0 != statuses[0] }) else {
                output.out("deterministic: \(processes) processes, one trace hash")
                return .passed
            }
            output.err("DIVERGED  process 1 and process \(other + 1) ran the same trace but ended differently: "
                       + "exit \(statuses[0]) and exit \(statuses[other])")
            return .invariantViolated
        }
        let first = lines("\(scratch)/0/trace.txt")
        for index in 1..<processes where hashes[index] != hashes[0] {
            let other = lines("\(scratch)/\(index)/trace.txt")
            let diverge = zip(first, other).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(first.count, other.count)
            output.err("DIVERGED  process 1 and process \(index + 1) at trace record \(diverge):\n"
                       + "  1: \(diverge < first.count ? first[diverge] : "(end of trace)")\n"
                       + "  \(index + 1): \(diverge < other.count ? other[diverge] : "(end of trace)")")
        }
        return .invariantViolated
    }

    static func lines(_ path: String) -> [Substring] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
    }

    /// Runs this executable with `arguments`, without SWIFT_DETERMINISTIC_HASHING, so a hidden
    /// dependence on Set or Dictionary order shows up as a different hash. Returns its exit
    /// status, or nil when it could not start.
    static func launch(_ arguments: [String]) -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if !FileManager.default.fileExists(atPath: process.executableURL?.path ?? "") {
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // Ctrl-C reaches the child from the terminal too, SIGTERM only this process: pass it on,
        // so the child stops at its next progress check and this one can stop after it.
        var forwarded = false
        while process.isRunning {
            if Interrupt.requested && !forwarded {
                process.interrupt()
                forwarded = true
            }
            usleep(20_000)
        }
        return process.terminationStatus
    }
}
