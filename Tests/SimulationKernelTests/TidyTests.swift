import Foundation
import Testing

/// Scans the simulation's own code for APIs that would break determinism or crash on input,
/// and names the replacement with each hit (TigerBeetle's tidy.zig, style §9).
@Suite struct TidyTests {
    /// `KeyValuePairs` keeps its order, so the report reads the same on every run.
    static let banned: KeyValuePairs<String, String> = [
        "Date(": "use the simulation's now", "Date.now": "use the simulation's now",
        "UUID(": "use a dense ID", ".random(": "use a SimRandom stream",
        "randomElement()": "use a SimRandom stream", "shuffled()": "use SimRandom.shuffle",
        "SystemRandomNumberGenerator": "use a SimRandom stream",
        "ContinuousClock": "use SimulationClock", "SuspendingClock": "use SimulationClock",
        "Task.sleep": "use the simulation's clock", "Task.detached": "use simulation.spawn",
        "Task {": "use simulation.spawn", "Task(": "use simulation.spawn",
        "DispatchQueue": "use the simulation executor", "Thread.sleep": "use the simulation's clock",
        "@MainActor": "bind to the simulation executor", "try!": "handle the error",
        "fatalError(": "use preconditionFailure with the values involved",
        "import Foundation": "keep Foundation out of the kernel and the world (style §1)",
    ]

    /// Lines that name the main actor or a task API without using them, reviewed: the plain-concurrency
    /// capture refuses the main actor's jobs and names the failure, and its messages name the APIs
    /// for the user. None runs code on the main actor or starts a task; `simulationCodeUsesNoNondeterministicAPI`
    /// checks the code itself, and this list says why a text search for those names finds them here.
    static let reviewed: [String: String] = [
        "SimulationKernel/Executor/StrictMode.swift": "the main-executor hooks refuse main-actor jobs from simulation code",
        "SimulationKernel/Executor/Simulation+Capture.swift": "takeMainActorJob / noteMainActor keep the job and fail the run",
        "SimulationKernel/Exploring/Trial+PlainConcurrency.swift": "the suspendedAtEnd and taskLeftSuspended messages name Task {} and Task.detached; no task is started",
    ]

    @Test func reviewedFilesExistAndSayWhyBesideTheLine() throws {
        for (file, _) in Self.reviewed {
            let text = try String(contentsOf: Self.sourcesRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("TidyTests.reviewed") || text.contains("nothing here starts a task"),
                    "\(file) is reviewed here but says nothing beside its lines")
        }
    }

    /// Files allowed one banned name, and why.
    static let exemptions: [String: [String: String]] = [
        // The one place tasks are created, with the simulation's executor preferred.
        "SimulationKernel/Executor/Simulation+Spawn.swift": ["Task(": "spawn itself"],
    ]

    static var sourcesRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    @Test(arguments: ["SimulationKernel", "PaymentWorld"])
    func simulationCodeUsesNoNondeterministicAPI(module: String) throws {
        let directory = Self.sourcesRoot.appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(atPath: directory.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!files.isEmpty, "no Swift files under \(directory.path)")
        var hits: [String] = []
        for file in files {
            let relative = module + "/" + file
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = Self.codeOnly(String(line))
                for (name, replacement) in Self.banned where code.contains(name) {
                    if Self.exemptions[relative]?[name] != nil { continue }
                    hits.append("\(relative):\(number + 1): \(name) — \(replacement)")
                }
            }
        }
        #expect(hits.isEmpty, "banned API in simulation code:\n\(hits.joined(separator: "\n"))")
    }

    @Test func theScannerSeesThroughCommentsAndStringsOnly() {
        #expect(Self.codeOnly("let x = 1 // Task { }") == "let x = 1 ")
        #expect(Self.codeOnly("print(\"Task.sleep\")") == "print(\"\")")
        #expect(Self.codeOnly("Task { work() }").contains("Task {"))
        #expect(Self.codeOnly("/// uses Date()") == "")
    }

    /// The line without comments and without the contents of string literals.
    static func codeOnly(_ line: String) -> String {
        var out = ""
        var inString = false
        var previous: Character = " "
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if inString {
                if character == "\"" && previous != "\\" {
                    inString = false
                    out.append(character)
                }
                previous = character == "\\" && previous == "\\" ? " " : character
                continue
            }
            if character == "/" && previous == "/" {
                out.removeLast()
                break
            }
            if character == "\"" { inString = true }
            out.append(character)
            previous = character
        }
        return out
    }
}
