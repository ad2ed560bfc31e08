import Foundation
import Synchronization
import SimulationKernel
@testable import SimulationTesting
import Testing

/// The trait's trials in a child process: a trial that stops its process (a continuation resumed
/// twice) fails the test by name, the same way each time, and the test run goes on.
@Suite(.enabled(if: CommandLine.arguments.first?.hasSuffix(".xctest") == true,
                "the tests do not run as an executable that can be started again"))
struct TrialIsolationTests {
    /// `OneShotRelease`'s race (TrialCrashNoteTests): two releases interleaved across an `await`
    /// resume one continuation twice, and the runtime stops the process.
    static let releaseRace: @Sendable () async -> Void = OneShotRelease.race

    /// Two explorations, each in a child of its own: the same named failure from both, with the
    /// runtime's message, the trial and its replay line; this process goes on to the next line.
    @Test func aTrialThatStopsItsProcessFailsTheTestByName() async throws {
        let trait = ExploringSchedulesTrait.exploringSchedules(seeds: 200, strategies: [.random], shrinkTrials: 0)
        let test = try #require(Test.current)
        let failures = Mutex<[String]>([])
        for _ in 0..<2 {
            try await withKnownIssue {
                try await trait.provideScope(for: test, testCase: nil, performing: Self.releaseRace)
            } matching: { issue in
                failures.withLock { $0.append("\(issue)") }
                return true
            }
        }
        let seen = failures.withLock { $0 }
        #expect(seen.count == 2 && seen.first == seen.last, "\(seen)")
        let failure = try #require(seen.first)
        #expect(failure.contains("a trial stopped the process: ")
                && failure.contains("SWIFT TASK CONTINUATION MISUSE: wait() tried to resume its continuation more than once"),
                "\(failure)")
        #expect(failure.contains("the process stopped in a trial of aTrialThatStopsItsProcessFailsTheTestByName (seed 0, random)")
                && failure.contains("PAYSTORM_REPLAY='aTrialThatStopsItsProcessFailsTheTestByName@0/random/0' swift test --filter"),
                "\(failure)")
        #expect(failure.contains("stopped on signal "), "\(failure)")
    }

    /// The function form, called twice in one test: each call's child makes that call (the first
    /// passes all of its trials, the second stops), and the stopped trial comes back as a failure
    /// of its own kind, with the trial it was.
    @Test func eachCallOfTheFunctionExploresInAChildAndAStopIsAFailure() async throws {
        let clean = exploreSchedules(seeds: 0..<20) { try await settleTwoCaptures(fixed: true) }
        #expect(clean.passed && clean.trialsRun == 20, "\(clean.failures)")
        var stopped: ExplorationOutcome?
        withKnownIssue {
            stopped = exploreSchedules(seeds: 0..<200, strategies: [.random], shrinkTrials: 0, Self.releaseRace)
        } matching: { issue in
            "\(issue)".contains("SWIFT TASK CONTINUATION MISUSE")
        }
        let failure = try #require(stopped?.failures.first)
        #expect(failure.kind == "TrialProblem.stoppedTheProcess" && failure.settings == TrialSettings(replayToken: "0/random/0"),
                "\(failure)")
    }

    /// From XCTest with `in: self`: the XCTest method runs in a process of its own here, its
    /// trials in a child of that, and the stopped trial fails the method by name; the method's
    /// process ends as a failed test run, not on a signal.
    @Test func anXCTestMethodFailsByNameWhenATrialStopsItsChild() throws {
        let (printed, exited, status) = try CrossProcessTests.run(
            ChildTrials.selecting(xctest: "SimulationKernelTests.XCTestStoppedTrialChild", method: "testAContinuationResumedTwiceFailsByName"),
            environment: ["PAYSTORM_XCTEST_STOP_CHILD": "1"])
        #expect(exited && status != 0, "\(printed)")
        #expect(printed.contains("a trial stopped the process: ") && printed.contains("SWIFT TASK CONTINUATION MISUSE"), "\(printed)")
        #expect(printed.contains("PAYSTORM_REPLAY='testAContinuationResumedTwiceFailsByName@0/random/0'"), "\(printed)")
    }

    /// Each case of a parameterized test explores in a child of its own, and only its own case
    /// runs there: a trial outside a child, or of the other case, fails.
    @Test(.exploringSchedules(seeds: 10), arguments: ["first", "second"])
    func eachCaseExploresInAChildOfItsOwn(name: String) async throws {
        let wanted = try #require(ProcessInfo.processInfo.environment[ChildTrials.testVariable], "not in a child")
        try #require(wanted.contains(name), "case \(name) ran in the child of \(wanted)")
        try await settleTwoCaptures(fixed: true)
    }

    /// The filter selects the test alone, by its whole identity.
    @Test func theFilterIsTheTestsWholeIdentityAnchored() throws {
        let test = try #require(Test.current)
        let filter = try Regex(ChildTrials.filter(test))
        #expect(test.id.description.wholeMatch(of: filter) != nil)
        #expect((test.id.description + "x").wholeMatch(of: filter) == nil)
    }

    /// What the body prints in the child reaches the parent; the child's own test-run lines do not.
    @Test func onlyTheChildsOwnProgressLinesAreHeldBack() {
        #expect(ChildTrials.isProgress("◇ Test run started."))
        #expect(ChildTrials.isProgress("\u{1B}[90m↳ Testing Library Version: 6.3.1\u{1B}[0m"))
        #expect(ChildTrials.isProgress("✔ Test run with 1 test passed after 0.002 seconds."))
        #expect(!ChildTrials.isProgress("replayed 0/random/0: trace 0fdfd2362bed3d5a, passed"))
        #expect(!ChildTrials.isProgress("batch of 2 sent"))
    }

    /// A stopped child's output, as the runtime and the note leave it, worded for the test.
    @Test func aStoppedChildsOutputIsWordedWithTheRuntimesMessage() {
        let printed = """
            ◇ Test releaseRace() started.
            _Concurrency/CheckedContinuation.swift:169: Fatal error: SWIFT TASK CONTINUATION MISUSE: wait() tried to resume…

            Current stack trace:
            0    libswiftCore.so                    0x00007fd5c035f130 swift_reportError + 33

            PayStorm: the process stopped in a trial of releaseRace (seed 3, random); replay it alone: PAYSTORM_REPLAY='releaseRace@3/random/0' swift test --filter 'releaseRace'
            """
        let failure = ChildTrials.stopped(printed, testName: "releaseRace", ending: "stopped on signal 4")
        #expect(failure?.hasPrefix("a trial stopped the process: _Concurrency/CheckedContinuation.swift:169: Fatal error") == true)
        #expect(failure?.contains("\nthe process stopped in a trial of releaseRace (seed 3, random)") == true)
        #expect(ChildTrials.stopped(printed, testName: "another", ending: "") == nil)
    }
}
