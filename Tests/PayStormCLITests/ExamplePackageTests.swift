import Foundation
import SimulationTestSupport
import Testing

/// The example packages under Examples/ are packages of their own, which `swift test` here does
/// not build. ClientRaceBug is built and tested against a versioned copy of PayStorm
/// (`PackagingTests`); this builds and tests RetryWithoutIdempotency as its README says, by path.
@Suite struct ExamplePackageTests {
    /// `swift build --build-tests && swift test --skip-build` in the example, with a scratch path
    /// of its own in a temporary directory so it neither shares nor locks this package's `.build`.
    /// It builds the kernel again in debug: about half a minute on 2 cores.
    @Test func retryWithoutIdempotencyBuildsAndPassesItsTests() throws {
        let scratch = try TemporaryDirectory()
        let example = packageRoot.appendingPathComponent("Examples/RetryWithoutIdempotency")
        let build = "--scratch-path '\(scratch.path("build"))'"
        let result = try runFromPackageRoot(URL(fileURLWithPath: "/bin/bash"), [
            "-c", "cd '\(example.path)' && swift build --build-tests \(build) && swift test --skip-build \(build)",
        ])
        #expect(result.status == 0, "\(result)")
        let output = (result.stdout + result.stderr).split(separator: "\n")
        let verdict = output.first { $0.contains("Test run with") }
        #expect(verdict?.contains("passed after") == true, "\(result)")
    }
}
