import Foundation
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

    /// What a child found, for its parent to record.
    struct Report: Codable, Equatable {
        var failure: String?
        var traceProblems: [String] = []
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

    /// The test binary, when this process is one that can be started again (`swift test` on Linux
    /// runs `….xctest` as an executable).
    static let testBinary: String? = {
        let path = CommandLine.arguments.first ?? ""
        return path.hasSuffix(".xctest") && FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// What the parent learns from its child.
    enum Outcome: Equatable {
        /// The child ran the trials and wrote its report.
        case reported(Report)
        /// The child stopped: the failure, worded for the test.
        case stopped(String)
        /// No child could run them; the reason.
        case unavailable(String)
    }

    /// Runs the trials of the test `key` names in a child started with `filter`.
    static func run(key: String, filter: String, testName: String) -> Outcome {
        guard let binary = testBinary else {
            return .unavailable("the tests do not run as an executable that can be started again")
        }
        let reportPath = NSTemporaryDirectory() + "paystorm-trials-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: reportPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment[testVariable] = key
        environment[reportVariable] = reportPath
        // The runtime's backtrace of a stopped child takes seconds and says nothing the replay
        // line cannot show again, in a process of the user's own.
        environment["SWIFT_BACKTRACE"] = "enable=no"
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
            return .reported(report)
        }
        let signalled = process.terminationReason == .uncaughtSignal
        let ending = signalled ? "stopped on signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
        if let stop = stopped(printed, testName: testName, ending: ending) { return .stopped(stop) }
        if signalled {
            return .stopped("the child process that ran this test's trials \(ending) outside every trial; "
                            + "the end of its output:\n" + printed.split(separator: "\n").suffix(20).joined(separator: "\n"))
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
        // not Swift Testing's progress (a symbol, or a colour's escape, first).
        let before = lines[..<noted]
        let said = before[..<(before.lastIndex(of: "Current stack trace:") ?? noted)].last { line in
            !(line.unicodeScalars.first.map { $0.value >= 0x2000 || $0.value == 0x1B } ?? true)
        }
        return """
            a trial stopped the process: \(said ?? "the runtime said nothing")
            \(note)
            The trials ran in a child process of the test binary, which \(ending); the rest of the \
            test run went on. The trial is not shrunk, since each run of it stops a process; its \
            replay line runs it in a process of its own, with the runtime's backtrace.
            """
    }

    /// The child's side: writes what its trials found for the parent.
    static func write(_ report: Report, to path: String) {
        guard let data = try? JSONEncoder().encode(report) else { return }
        _ = FileManager.default.createFile(atPath: path, contents: data)
    }
}
