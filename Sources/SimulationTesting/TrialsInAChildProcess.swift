#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SimulationKernel
import Synchronization
import Testing

/// Where ``ExploringSchedulesTrait`` runs its trials.
public enum TrialIsolation: Sendable, Equatable {
    /// In the test's own process. A trial that stops the process (a continuation resumed twice, a
    /// force-unwrap of nil) ends the whole test run there, leaving the runtime's message and the
    /// trial's replay line on standard error.
    case sameProcess
    /// In a child process of the test binary that runs this test alone. A trial that stops the
    /// child fails the test by name: the runtime's message, the trial, its replay line. The rest
    /// of the test run goes on. Starting the child takes about a tenth of a second.
    ///
    /// Where the tests do not run as an executable that can be started again (on macOS `xctest`
    /// loads a bundle), the trials run in the test's process, and a line on standard error says so.
    case childProcess
}

/// The trait's trials in a child process: this test binary started again, running the one test
/// (and, for a parameterized test, the one case) whose trials it explores, and reporting back
/// through a file. Nothing of the child's run reaches the parent but that file and, when the child
/// stops, its output: no timing or thread of the parent's changes a trial.
enum ChildTrials {
    /// Set in a child: the test (and case) whose trials it runs. Every other test the child meets
    /// does nothing there.
    static let testVariable = "PAYSTORM_TRIALS_OF"
    /// Set in a child: the file it writes its ``Report`` to.
    static let reportVariable = "PAYSTORM_TRIALS_REPORT"

    /// What a child found, for its parent to record and return.
    struct Report: Codable, Equatable {
        var failure: String?
        var traceProblems: [String] = []
        var trialsRun = 0
        var failures: [Failure] = []

        /// A `TrialFailure`, its settings as their replay token.
        struct Failure: Codable, Equatable {
            var token: String
            var traceHash: String
            var message: String
            var kind: String
        }

        init(_ report: ExplorationReport, traceProblems: [String]) {
            failure = report.failure
            self.traceProblems = traceProblems
            trialsRun = report.outcome.trialsRun
            failures = report.outcome.failures.map {
                Failure(token: $0.settings.replayToken, traceHash: $0.traceHash, message: $0.message, kind: $0.kind)
            }
        }

        /// The exploration as the child reported it (a failure whose token does not read back is dropped).
        var exploration: ExplorationReport {
            let found = failures.compactMap { failure -> TrialFailure? in
                guard let settings = TrialSettings(replayToken: failure.token) else { return nil }
                return TrialFailure(settings: settings, traceHash: failure.traceHash, message: failure.message, kind: failure.kind)
            }
            return ExplorationReport(outcome: ExplorationOutcome(trialsRun: trialsRun, failures: found), failure: failure)
        }
    }

    /// The kind of a failure whose trial stopped its process.
    static let stoppedKind = "TrialProblem.stoppedTheProcess"

    /// Calls of the function forms so far, per test and case, in this process: a child runs the
    /// call its parent was making, by number, and passes over the others.
    private static let calls = Mutex<[String: Int]>([:])

    /// The key of the next call of a function form in the current test.
    static func nextCall(_ key: String) -> String {
        let number = calls.withLock { counts in
            defer { counts[key, default: 0] += 1 }
            return counts[key, default: 0]
        }
        return key + " call \(number)"
    }

    /// Runs `explore` where `isolation` says, for the test `key` names: here, or in a child that
    /// runs the test again and explores there (`selection`: the test binary's arguments that run
    /// that test alone; nil where there are none). In a child started for another test, case or
    /// call, it explores nothing. Problems writing a trace go to
    /// `traceProblem`, from whichever process met them.
    static func exploration(_ isolation: TrialIsolation, key: String, selecting selection: [String]?, testName: String,
                            traceProblem: @escaping (String) -> Void,
                            _ explore: (_ traceProblem: @escaping (String) -> Void) -> ExplorationReport) -> ExplorationReport {
        switch role(for: key) {
        case .bystander:
            return ExplorationReport(outcome: ExplorationOutcome(trialsRun: 0, failures: []), failure: nil)
        case .child(let path):
            let problems = Mutex<[String]>([])
            let report = explore { problem in problems.withLock { $0.append(problem) } }
            write(Report(report, traceProblems: problems.withLock { $0 }), to: path)
            // The parent has what it asked for; the rest of the test is not this child's to run.
            fflush(nil)
            _exit(0)
        case .parent:
            break
        }
        if isolation == .childProcess, let selection, ReplayRequest.current(for: testName) == .explore {
            switch run(key: key, selecting: selection, testName: testName) {
            case .reported(let report, let printed):
                // What the body and the exploration printed, without the child's own test-run lines.
                for line in printed { print(line) }
                report.traceProblems.forEach(traceProblem)
                return report.exploration
            case .stopped(let failure, let token):
                let settings = token.flatMap { TrialSettings(replayToken: $0) }
                let failures = settings.map { [TrialFailure(settings: $0, traceHash: "", message: failure, kind: stoppedKind)] }
                return ExplorationReport(outcome: ExplorationOutcome(trialsRun: 0, failures: failures ?? []), failure: failure)
            case .unavailable(let reason):
                // The throwing write: a full or closed standard error loses the line, not the test run.
                try? FileHandle.standardError.write(contentsOf: Data("PayStorm: the trials of \(testName) run in the test's process: \(reason)\n".utf8))
            }
        }
        return explore(traceProblem)
    }

    /// What this process is to one test's trials.
    enum Role: Equatable {
        /// No child of ours: explore as the trait's isolation says.
        case parent
        /// The child that runs this test's trials: explore here and report to the file.
        case child(reportPath: String)
        /// A child started for another test or case: do nothing.
        case bystander
    }

    static func role(for key: String) -> Role {
        let environment = ProcessInfo.processInfo.environment
        guard let wanted = environment[testVariable] else { return .parent }
        guard wanted == key, let path = environment[reportVariable] else { return .bystander }
        return .child(reportPath: path)
    }

    /// The test's identity (module, suite, function, source location) and, for one case of a
    /// parameterized test, its arguments: the same in parent and child, since both are this binary.
    /// A case's description names its arguments' encoded identities, and a type's context by its
    /// address, which differs from process to process: the addresses are left out.
    static func key(_ test: Test, _ testCase: Test.Case?) -> String {
        guard let testCase, testCase.isParameterized else { return test.id.description }
        return test.id.description + " " + String(describing: testCase).replacing(/\$[0-9a-fA-F]+/, with: "")
    }

    /// `swift test`'s filter that selects `test` alone: its whole identity, anchored.
    static func filter(_ test: Test) -> String {
        "^" + NSRegularExpression.escapedPattern(for: test.id.description) + "$"
    }

    /// The test binary's arguments that run the Swift Testing test `test` alone.
    static func selecting(_ test: Test) -> [String] {
        ["--testing-library", "swift-testing", "--filter", filter(test)]
    }

    /// The test binary's arguments that run one XCTest method alone: `Module.Class/method`.
    static func selecting(xctest testClass: String, method: String) -> [String] {
        ["--testing-library", "xctest", "\(testClass)/\(method)"]
    }

    /// The test binary, when this process is one that can be started again (`swift test` on Linux
    /// runs `….xctest` as an executable).
    static let testBinary: String? = {
        let path = CommandLine.arguments.first ?? ""
        return path.hasSuffix(".xctest") && FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// What the parent learns from its child.
    enum Outcome: Equatable {
        /// The child ran the trials and wrote its report; the lines it printed other than Swift
        /// Testing's progress.
        case reported(Report, printed: [String])
        /// The child stopped: the failure, worded for the test, and the stopped trial's replay token.
        case stopped(String, token: String?)
        /// No child could run them; the reason.
        case unavailable(String)
    }

    /// Set in a child asked to run its trials on one thread.
    static let oneThreadVariable = "PAYSTORM_TRIALS_ONE_THREAD"

    /// Whether this process is a child asked to run its trials on one thread.
    static var runsOnOneThread: Bool { ProcessInfo.processInfo.environment[oneThreadVariable] != nil }

    /// Runs the trials of the test `key` names in a child started with the arguments `selection`.
    ///
    /// Trials on two threads can stop their process from either: which one did first is the
    /// threads' race, not the schedule's. A child that stopped is therefore run again with its
    /// trials on one thread, in order, and that child's end is the answer: the first trial that
    /// fails or stops, the same in every process.
    static func run(key: String, selecting selection: [String], testName: String) -> Outcome {
        let outcome = run(key: key, selecting: selection, testName: testName, oneThread: false)
        guard case .stopped = outcome else { return outcome }
        return run(key: key, selecting: selection, testName: testName, oneThread: true)
    }

    private static func run(key: String, selecting selection: [String], testName: String, oneThread: Bool) -> Outcome {
        guard let binary = testBinary else {
            return .unavailable("the tests do not run as an executable that can be started again")
        }
        let reportPath = NSTemporaryDirectory() + "paystorm-trials-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: reportPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = selection
        var environment = ProcessInfo.processInfo.environment
        environment[testVariable] = key
        environment[reportVariable] = reportPath
        // The runtime's backtrace of a stopped child takes seconds and says nothing the replay
        // line cannot show again, in a process of the user's own.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        if oneThread { environment[oneThreadVariable] = "1" }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .unavailable("\(binary) did not start (\(error))")
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if let data = FileManager.default.contents(atPath: reportPath),
           let report = try? JSONDecoder().decode(Report.self, from: data) {
            let printed = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return .reported(report, printed: printed.filter { !isProgress($0) && !$0.isEmpty })
        }
        let signalled = process.terminationReason == .uncaughtSignal
        let ending = signalled ? "stopped on signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
        if let stop = stopped(printed, testName: testName, ending: ending) {
            return .stopped(stop, token: replayToken(in: printed, testName: testName))
        }
        if signalled {
            return .stopped("the child process that ran this test's trials \(ending) outside every trial; "
                            + "the end of its output:\n" + printed.split(separator: "\n").suffix(20).joined(separator: "\n"),
                            token: nil)
        }
        return .unavailable("the child process ran no trials of this test (it \(ending))")
    }

    /// The failure a stopped child's output shows: the runtime's message, then the trial's note
    /// (``TrialCrashNote``), which names the trial and the line that replays it. Nil when no
    /// trial of `testName` left a note.
    static func stopped(_ printed: String, testName: String, ending: String) -> String? {
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let marker = "PayStorm: the process stopped in a trial of \(testName) "
        guard let noted = lines.firstIndex(where: { $0.hasPrefix(marker) }) else { return nil }
        let note = lines[noted].dropFirst("PayStorm: ".count)
        // The runtime's own words come before the note and before the stack trace it prints
        // (addresses, which differ from process to process): the last line before those that is
        // not Swift Testing's progress.
        let before = lines[..<noted]
        let said = before[..<(before.lastIndex(of: "Current stack trace:") ?? noted)].last { !isProgress($0) }
        return """
            a trial stopped the process: \(said ?? "the runtime said nothing")
            \(note)
            The trials ran in a child process of the test binary, which \(ending); the rest of the \
            test run went on. The trial is not shrunk, since each run of it stops a process; its \
            replay line runs it in a process of its own, with the runtime's backtrace.
            """
    }

    /// A line of the test run's own progress: Swift Testing's (a symbol such as ◇, ✔ or ↳, or a
    /// colour's escape, first) or XCTest's (`Test Suite '…`, `Test Case '…`, `\t Executed …`).
    static func isProgress(_ line: String) -> Bool {
        if line.hasPrefix("Test Suite '") || line.hasPrefix("Test Case '") || line.hasPrefix("\t Executed ") { return true }
        return line.unicodeScalars.first.map { $0.value >= 0x2000 || $0.value == 0x1B } ?? false
    }

    /// The token of the note's `PAYSTORM_REPLAY='test@TOKEN'`.
    static func replayToken(in printed: String, testName: String) -> String? {
        guard let start = printed.range(of: "PAYSTORM_REPLAY='\(testName)@")?.upperBound,
              let end = printed[start...].firstIndex(of: "'") else { return nil }
        return String(printed[start..<end])
    }

    /// The child's side: writes what its trials found for the parent.
    static func write(_ report: Report, to path: String) {
        guard let data = try? JSONEncoder().encode(report) else { return }
        _ = FileManager.default.createFile(atPath: path, contents: data)
    }
}
