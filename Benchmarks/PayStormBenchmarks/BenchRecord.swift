import Foundation
import Reporting

/// Appends one JSON line per benchmark run to results/bench/<benchmark>.jsonl, with what is
/// needed to compare it later: when, which commit, which toolchain, which machine.
enum BenchRecord {
    static func append(benchmark: String, figures: [(String, JSONOutput)]) {
        let record = JSONOutput.object([
            ("benchmark", .string(benchmark)),
            ("date", .string(ISO8601DateFormatter().string(from: Date()))),
            ("commit", .string(shell("git", ["rev-parse", "--short", "HEAD"]) ?? "unknown")),
            ("toolchain", .string(shell("swift", ["--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown")),
            ("machine", .string("\(ProcessInfo.processInfo.activeProcessorCount) cores, "
                                + "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB")),
            ("build", .string("release")),
        ] + figures)
        let path = "results/bench/\(benchmark).jsonl"
        do {
            try FileManager.default.createDirectory(atPath: "results/bench", withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((record.serialized(pretty: false) + "\n").utf8))
            try handle.close()
            print("recorded in \(path)")
        } catch {
            FileHandle.standardError.write(Data("paystorm-bench: could not append to \(path): \(error)\n".utf8))
        }
    }

    static func shell(_ command: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
