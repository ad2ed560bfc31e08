import Foundation
import SimulationTestSupport
import Testing

/// PayStorm as a dependency of someone else's package, the way SwiftPM sees it.
@Suite struct PackagingTests {
    /// SwiftPM refuses `unsafeFlags` in a package used by version; a flag in any target would
    /// stop every user's build, whatever the condition on it.
    @Test func theManifestHasNoUnsafeFlags() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let code = manifest.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        #expect(!code.contains { $0.contains("unsafeFlags") }, "Package.swift sets unsafeFlags")
    }

    /// The example package, pointed at a tagged copy of this checkout by version, builds and
    /// passes its own tests (Benchmarks/tools/versioned-dependency.sh; about half a minute).
    @Test func aPackageUsingPayStormByVersionBuildsAndPassesItsTests() throws {
        let scratch = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [packageRoot.appendingPathComponent("Benchmarks/tools/versioned-dependency.sh").path,
                             scratch.path("versioned")]
        process.currentDirectoryURL = packageRoot
        let log = scratch.url.appendingPathComponent("log")
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("by version builds and passes its tests"), "\(output)")
        #expect(output.contains("passed after"), "\(output)")
    }
}
