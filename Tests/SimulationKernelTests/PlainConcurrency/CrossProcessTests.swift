import Foundation
import SimulationKernel
import SimulationTesting
import Testing

/// Determinism across processes, checked in the suite: this test binary runs again as a child
/// process, with `SWIFT_DETERMINISTIC_HASHING` removed from its environment so that a hidden
/// `Set` or `Dictionary` iteration would show, and its verdicts are compared with this process's.
///
/// Where the tests do not run as an executable of their own (on macOS, `xctest` loads a bundle),
/// the suite is skipped, saying so; results/code-as-is.md has the same checks run by hand.
@Suite(.enabled(if: testBinary != nil, "the tests do not run as an executable that can be run again"))
struct CrossProcessTests {
    /// Runs `filter` in a child process of this test binary with `environment` added; its output.
    static func child(filter: String, environment: [String: String]) throws -> String {
        try run(["--testing-library", "swift-testing", "--filter", filter], environment: environment).output
    }

    /// Runs this test binary with `arguments` and `environment` added; its output, and whether it
    /// exited (rather than stopped on a signal) with `status`.
    static func run(_ arguments: [String], environment: [String: String]) throws
        -> (output: String, exited: Bool, status: Int32) {
        let binary = try #require(testBinary, "not running from a test binary: \(CommandLine.arguments.first ?? "")")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        inherited["SWIFT_DETERMINISTIC_HASHING"] = nil
        process.environment = inherited.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationReason == .exit, process.terminationStatus)
    }

    /// The article's failure and its shrunk form, replayed by their lines in a new process: the
    /// same trace hashes as here.
    @Test func aReplayLineGivesTheSameHashInANewProcess() throws {
        let body: @Sendable (Trial) throws -> Void = { trial in try trial.run { try await settleTwoCaptures(fixed: false) } }
        let failure = try #require(ScheduleExploration.explore(seeds: 0..<200, strategies: [.random], body).failures.first)
        let shrunk = ScheduleExploration.shrink(failure, maxTrials: 200, body).failure
        for found in [failure, shrunk] {
            let output = try Self.child(filter: "theArticlesTestFailsWithItsReplayLines", environment: [
                "PAYSTORM_REPLAY": "theArticlesTestFailsWithItsReplayLines@\(found.settings.replayToken)",
            ])
            #expect(output.contains("replayed \(found.settings): trace \(found.traceHash), failed: \(found.message)"),
                    "\(found.settings): the child printed\n\(output)")
        }
    }

    /// Each of the three small races, found and shrunk here, replayed by its two trials in a new
    /// process: the same trace hashes, and the same failure.
    @Test(arguments: 0..<3)
    func theSmallRacesReplayInANewProcess(example: Int) throws {
        let (name, body, _) = SmallExampleTests.examples[example]
        let buggy = SmallExampleTests.trial(body, fixed: false)
        let failure = try #require(ScheduleExploration.explore(seeds: 0..<200, strategies: plainConcurrencyStrategies,
                                                                buggy).failures.first, "\(name): not found")
        let shrunk = ScheduleExploration.shrink(failure, maxTrials: 200, buggy).failure
        for found in [failure, shrunk] {
            let token = found.settings.replayToken
            let output = try Self.child(filter: "replaysOneSmallExample", environment: [
                "PAYSTORM_SMALL_EXAMPLE": "\(example)", "PAYSTORM_SMALL_EXAMPLE_TRIAL": token,
            ])
            #expect(output.contains("replayed \(name) \(token): trace \(found.traceHash), failed"),
                    "\(name) \(token): the child printed\n\(output)")
        }
    }

    /// The escape verdicts of 100 seeds, here and in a new process: the same digest.
    @Test func escapeVerdictsAreTheSameInANewProcess() throws {
        let here = EscapeVerdictTests.digest(seeds: 100) { name, seed, _, found in
            Issue.record("\(name), seed \(seed): \(found)")
        }
        let output = try Self.child(filter: "everyEscapeIsNamedAndTheSameForEverySeed",
                                    environment: ["PAYSTORM_ESCAPE_SEEDS": "100"])
        #expect(output.contains("escape verdicts over 100 seeds × \(EscapeVerdictTests.bodies.count) bodies: digest \(here)"),
                "the child printed\n\(output)")
    }
}

/// The test binary, when the suite runs as one (`swift test` on Linux runs `….xctest`).
private let testBinary: String? = {
    let path = CommandLine.arguments.first ?? ""
    return path.hasSuffix(".xctest") ? path : nil
}()
