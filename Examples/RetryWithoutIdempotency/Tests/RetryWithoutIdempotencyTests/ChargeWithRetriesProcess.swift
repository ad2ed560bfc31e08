import Foundation

/// What one `charge-with-retries` process printed.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var output: String
    var description: String { "exit \(status)\n\(output)" }
}

struct ExecutableNotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
        "charge-with-retries: not beside the test binary; looked in \(searched.joined(separator: ", ")). "
            + "The test target depends on it so `swift build --build-tests` builds it."
    }
}

/// Runs the package's `charge-with-retries` binary, built beside the test binary, as a separate
/// process with `environment` added to this one's, and waits for it.
///
/// The child's environment drops `SWIFT_DETERMINISTIC_HASHING`, so the two processes seed
/// `Hasher` differently: a run that iterated a `Set` or `Dictionary` would show up as a
/// different trace hash.
func runChargeWithRetries(environment extra: [String: String]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = try chargeWithRetriesExecutable()
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = nil
    environment.merge(extra) { $1 }
    process.environment = environment
    // A file, not a pipe: a long output cannot block the child while this waits.
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("charge-with-retries-\(UUID().uuidString)")
    try Data().write(to: log)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return ProcessResult(status: process.terminationStatus,
                         output: String(decoding: try Data(contentsOf: log), as: UTF8.self))
}

/// The built binary: in the directory of the running test binary or one of its parents
/// (`.build/debug/RetryWithoutIdempotencyPackageTests.xctest` on Linux, inside a bundle on macOS).
private func chargeWithRetriesExecutable() throws -> URL {
    var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path]
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        starts.insert(resolved, at: 0)
    }
    if let main = Bundle.main.executablePath { starts.append(main) }
    var searched: [String] = []
    for start in starts {
        var directory = URL(fileURLWithPath: start).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("charge-with-retries")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            if !searched.contains(directory.path) { searched.append(directory.path) }
            directory = directory.deletingLastPathComponent()
        }
    }
    throw ExecutableNotFound(searched: searched)
}
