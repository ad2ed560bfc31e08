import Foundation
import SimulationTestSupport
import Testing

/// The shipped cluster files (Benchmarks/cluster/) read line by line, and their `paystorm` command
/// run here with the environment the scheduler would give its first and last shard. The seed range
/// shrinks from a million to one seed per shard; every other argument is as shipped.
@Suite struct ClusterManifestTests {
    static let cluster = packageRoot.appendingPathComponent("Benchmarks/cluster")

    static func lines(_ file: String) throws -> [String] {
        try String(contentsOf: cluster.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
    }

    @Test func theIndexedJobsCommandRunsItsFirstAndLastShard() throws {
        let job = try KubernetesJob(lines: Self.lines("kubernetes/explore-job.yaml"))
        #expect(job.completionMode == "Indexed")
        let count = try #require(job.completions)
        #expect(job.environment["PAYSTORM_SHARD_COUNT"] == "\(count)", "PAYSTORM_SHARD_COUNT must equal spec.completions")
        #expect(job.command == ["paystorm"] && job.arguments.first == "explore", "\(job.command) \(job.arguments)")
        #expect(job.arguments.contains("--shard") && job.arguments.contains("auto"), "\(job.arguments)")
        #expect(job.value(after: "--seeds") == "1..1000000")
        let mount = try #require(job.mountPath)
        let out = try #require(job.value(after: "--out"))
        #expect(out.hasPrefix(mount + "/") && out.contains("$(JOB_COMPLETION_INDEX)"), "each pod needs its own --out on the volume")
        let imageUser = Dockerfile.user(try Self.lines("Dockerfile"))
        #expect(job.runAsNonRoot && job.runAsUser == imageUser, "the pod runs as the image's user")

        let scratch = try TemporaryDirectory()
        var directories: [String] = []
        for index in [0, count - 1] {
            let environment = job.environment.merging(["JOB_COMPLETION_INDEX": "\(index)"]) { $1 }
            // What the kubelet does to $(VAR) in args, then the volume moved to a scratch directory.
            let arguments = job.arguments.map { argument in
                environment.keys.sorted().reduce(argument) { $0.replacingOccurrences(of: "$(\($1))", with: environment[$1] ?? "") }
                    .replacingOccurrences(of: mount + "/", with: scratch.path("volume") + "/")
            }
            let local = Self.replacing("--seeds", with: "1..\(count)", in: arguments)
            let result = try paystorm(local, environment: environment)
            #expect([0, 1, 2].contains(result.status), "\(result)")
            let directory = scratch.path("volume/explore-1m/shard-\(index)")
            let written = try readJSONObject(directory + "/explore.json")
            #expect((written["shard"] as? [String: Int]) == ["index": index, "count": count])
            #expect(written["ran"] as? Int == 1, "shard \(index) of \(count) over 1..\(count) is one seed")
            directories.append(directory)
        }
        let report = try paystorm(["report"] + directories + ["--out", scratch.path("merged")])
        #expect(report.status == 64 && report.stderr.contains("\(count - 2) of \(count) explore shards are missing"), "\(report)")
    }

    @Test func theArrayScriptRunsItsFirstAndLastTask() throws {
        let lines = try Self.lines("slurm/explore.sbatch")
        let array = try #require(SlurmArray(lines: lines), "no #SBATCH --array=A-B[:S] line")
        #expect(lines.contains { $0.contains("explore --shard auto") }, "the script runs explore --shard auto")
        #expect(lines.contains { $0.contains("PAYSTORM_SEEDS:-1..1000000") }, "a million seeds unless told otherwise")
        let scratch = try TemporaryDirectory()
        for task in [array.first, array.last] {
            let environment = [
                "PAYSTORM": try paystormExecutable().path, "PAYSTORM_SEEDS": "1..\(array.count)",
                "PAYSTORM_RESULTS": scratch.path("results"), "SLURM_ARRAY_JOB_ID": "4242", "SLURM_ARRAY_TASK_ID": "\(task)",
                "SLURM_ARRAY_TASK_MIN": "\(array.first)", "SLURM_ARRAY_TASK_MAX": "\(array.last)",
                "SLURM_ARRAY_TASK_COUNT": "\(array.count)", "SLURM_ARRAY_TASK_STEP": "\(array.step)", "SLURM_CPUS_PER_TASK": "1",
            ]
            let result = try runFromPackageRoot(URL(fileURLWithPath: "/bin/bash"),
                                                [Self.cluster.appendingPathComponent("slurm/explore.sbatch").path],
                                                environment: environment)
            #expect([0, 1, 2].contains(result.status), "\(result)")
            let written = try readJSONObject(scratch.path("results/4242/shard-\(task)/explore.json"))
            let index = (task - array.first) / array.step
            #expect((written["shard"] as? [String: Int]) == ["index": index, "count": array.count], "task \(task)")
            #expect(written["ran"] as? Int == 1, "task \(task)")
        }
    }

    @Test func theImageBuildsReleaseOnTheFullSwiftImageAndRunsOnTheSlimOneAsAUser() throws {
        let lines = try Self.lines("Dockerfile")
        let stages = lines.filter { $0.hasPrefix("FROM ") }
        #expect(stages.count == 2, "\(stages)")
        #expect(stages.first?.hasPrefix("FROM swift:${SWIFT_VERSION}-noble AS build") == true, "\(stages)")
        #expect(stages.last?.hasPrefix("FROM swift:${SWIFT_VERSION}-noble-slim") == true, "\(stages)")
        #expect(lines.contains { $0.contains("swift build -c release --product paystorm") })
        let user = try #require(Dockerfile.user(lines))
        #expect(user != 0, "the image runs as a user, not root")
    }

    static func replacing(_ flag: String, with value: String, in arguments: [String]) -> [String] {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return arguments }
        var replaced = arguments
        replaced[index + 1] = value
        return replaced
    }
}

/// What the test needs of the Job manifest, read line by line (no YAML library): scalar fields by
/// name, the container's command, its args list and its env pairs.
struct KubernetesJob {
    var completionMode: String?
    var completions: Int?
    var command: [String] = []
    var arguments: [String] = []
    var environment: [String: String] = [:]
    var mountPath: String?
    var runAsNonRoot = false
    var runAsUser: Int?

    init(lines: [String]) throws {
        var listIndent: Int?  // Inside `args:`, the indent of its key.
        var pendingName: String?  // An env entry's name, waiting for its value.
        for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            let indent = line.prefix { $0 == " " }.count
            let text = line.trimmingCharacters(in: .whitespaces)
            if let open = listIndent {
                if indent > open, text.hasPrefix("- ") {
                    arguments.append(Self.unquoted(String(text.dropFirst(2))))
                    continue
                }
                listIndent = nil
            }
            guard let colon = text.firstIndex(of: ":") else { continue }
            let key = text[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "- "))
            let value = Self.unquoted(text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            switch key {
            case "completionMode": completionMode = value
            case "completions": completions = Int(value)
            case "command": command = value.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                .split(separator: ",").map { Self.unquoted($0.trimmingCharacters(in: .whitespaces)) }
            case "args": listIndent = indent
            case "name" where text.hasPrefix("- "): pendingName = value
            case "value":
                if let name = pendingName { environment[name] = value }
                pendingName = nil
            case "mountPath": mountPath = value
            case "runAsNonRoot": runAsNonRoot = value == "true"
            case "runAsUser": runAsUser = Int(value)
            default: break
            }
        }
    }

    func value(after flag: String) -> String? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.first == "\"" && text.last == "\"" ? String(text.dropFirst().dropLast()) : text
    }
}

/// `#SBATCH --array=A-B[:S][%LIMIT]`: the task ids Slurm gives the array.
struct SlurmArray {
    var first: Int
    var last: Int
    var step: Int
    var count: Int { (last - first) / step + 1 }

    init?(lines: [String]) {
        guard let line = lines.first(where: { $0.hasPrefix("#SBATCH --array=") }) else { return nil }
        let spec = line.dropFirst("#SBATCH --array=".count).prefix { $0 != "%" && $0 != " " }
        let rangeAndStep = spec.split(separator: ":")
        let bounds = rangeAndStep[0].split(separator: "-").compactMap { Int($0) }
        guard bounds.count == 2, rangeAndStep.count <= 2 else { return nil }
        first = bounds[0]
        step = rangeAndStep.count == 2 ? Int(rangeAndStep[1]) ?? 1 : 1
        last = bounds[1] - (bounds[1] - bounds[0]) % step  // Slurm's last id: the range's end, on the step.
    }
}

enum Dockerfile {
    /// The numeric user of the image's last `USER` line (`USER 10001:10001`).
    static func user(_ lines: [String]) -> Int? {
        lines.last { $0.hasPrefix("USER ") }.flatMap { Int($0.dropFirst(5).prefix { $0 != ":" }) }
    }
}
