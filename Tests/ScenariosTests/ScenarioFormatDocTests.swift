import Foundation
import Scenarios
import SimulationTestSupport
import Testing

/// The checked-in scenarios, `scenarios/*.json`, by path relative to the package root, sorted.
let checkedInScenarios: [String] = {
    let directory = packageRoot.appendingPathComponent("scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "scenarios/" + $0 }
}()

/// The bytes of a file under the package root.
func packageFile(_ path: String) -> [UInt8] {
    [UInt8](FileManager.default.contents(atPath: packageRoot.appendingPathComponent(path).path) ?? Data())
}

/// Every problem the loader reports for `bytes` with `overrides`; empty when it loads.
func loaderProblems(_ bytes: [UInt8], file: String, overrides: [String] = []) -> [ScenarioError] {
    do {
        _ = try ScenarioLoader.load(bytes: bytes, file: file, overrides: overrides)
        return []
    } catch {
        return error.errors
    }
}

/// What docs/scenario-format.md promises, read the way the test needs it.
///
/// A line `<!-- fields: MODEL… -->` starts a field section for those models; it ends at the next
/// heading. In a section, each table row whose first cell is a path in backticks documents that
/// path. `[i]` in a path stands for any list index. Every ```` ```json ```` block is a scenario.
struct ScenarioFormatDocument {
    /// Model name (`reference-pipeline`, `payments`) → the paths documented for it, in page order.
    var fields: [String: [String]] = [:]
    var jsonBlocks: [String] = []

    init(_ text: String) {
        var models: [String] = []
        var block: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var lines = block {
                if line == "```" {
                    jsonBlocks.append(lines.joined(separator: "\n"))
                    block = nil
                } else {
                    lines.append(line)
                    block = lines
                }
                continue
            }
            if line == "```json" {
                block = []
            } else if line.hasPrefix("#") {
                models = []
            } else if line.hasPrefix("<!-- fields:"), line.hasSuffix("-->") {
                models = line.dropFirst("<!-- fields:".count).dropLast("-->".count).split(separator: " ").map(String.init)
            } else if !models.isEmpty, line.hasPrefix("| `") {
                let cell = line.dropFirst(3)
                guard let close = cell.firstIndex(of: "`") else { continue }
                for model in models { fields[model, default: []].append(String(cell[..<close])) }
            }
        }
    }

    static let page = ScenarioFormatDocument(
        String(decoding: packageFile("docs/scenario-format.md"), as: UTF8.self))
}

/// The flows `slo.flows` takes in the scenario, from the loader's message for a made-up one
/// (`a flow of this model, one of sale, authorization`, or `no flows`); nil if it gives none.
func flowsAccepted(_ bytes: [UInt8], file: String) -> [String]? {
    let problems = loaderProblems(bytes, file: file, overrides: ["slo.flows.zzqx={}"])
    guard let problem = problems.first(where: { $0.fieldPath == "slo.flows.zzqx" }) else { return nil }
    let prefix = "a flow of this model, one of "
    if problem.expected.hasPrefix("no flows") { return [] }
    guard problem.expected.hasPrefix(prefix) else { return nil }
    return problem.expected.dropFirst(prefix.count).components(separatedBy: ", ")
}

/// `faults.outages[i].actor` → `faults.outages[0].actor`: a path `--set` can write.
func concretePath(_ documented: String) -> String {
    documented.replacingOccurrences(of: "[i]", with: "[0]")
}

/// The model a checked-in scenario runs, by the name `model` takes.
func modelName(of file: String) throws -> String {
    let scenario = try ScenarioLoader.load(bytes: packageFile(file), file: file)
    switch scenario.model {
    case .referencePipeline: return "reference-pipeline"
    case .payments: return "payments"
    }
}

/// The quoted names in an unknown-field message's `expected`: `one of the fields of run: "a", "b"`.
func quotedNames(in expected: String) -> [String] {
    expected.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
}

/// The key with its first two characters swapped: one transposition away, so "did you mean" must
/// find it (`rate` → `arte`).
func misspelt(_ key: String) -> String {
    var characters = Array(key)
    characters.swapAt(0, 1)
    return String(characters)
}

@Suite struct ScenarioFormatDoc {
    let page = ScenarioFormatDocument.page

    @Test func pageDocumentsBothModelsEachPathOnce() {
        #expect(checkedInScenarios == ["scenarios/card-payments-faults.json", "scenarios/card-payments.json",
                                       "scenarios/default.json", "scenarios/ecommpay.json", "scenarios/hot-customers.json",
                                       "scenarios/mastercard-gateway.json", "scenarios/paysafe-prepaid.json",
                                       "scenarios/portmone-masterpass.json", "scenarios/reference-pipeline.json",
                                       "scenarios/sogenactif.json", "scenarios/stripe-payment-intents.json"])
        #expect(page.fields.keys.sorted() == ["payments", "reference-pipeline"])
        for (model, paths) in page.fields {
            #expect(Set(paths).count == paths.count, "a path is documented twice for \(model)")
        }
        // The page's own scenario table names every checked-in file.
        let text = String(decoding: packageFile("docs/scenario-format.md"), as: UTF8.self)
        for file in checkedInScenarios { #expect(text.contains("| `\(file)` |"), "\(file) is not described") }
    }

    @Test func everyJSONExampleLoads() {
        #expect(page.jsonBlocks.count >= 6)
        for (index, block) in page.jsonBlocks.enumerated() {
            let problems = loaderProblems(Array(block.utf8), file: "example-\(index).json")
            #expect(problems.isEmpty, "example \(index): \(problems.map(\.description))")
        }
    }

    /// Each documented path is a field the loader reads: a value of the wrong type there is
    /// reported at that path, from the flag, and nothing is reported as unknown.
    @Test(arguments: checkedInScenarios)
    func everyDocumentedPathIsReadByTheLoader(file: String) throws {
        let bytes = packageFile(file)
        let paths = page.fields[try modelName(of: file)] ?? []
        #expect(!paths.isEmpty)
        for documented in paths {
            let path = concretePath(documented)
            let flag = #"\#(path)={"x": 1}"#
            let problems = loaderProblems(bytes, file: file, overrides: [flag])
            #expect(problems.contains { $0.fieldPath == path && $0.file == "--set \(flag)" && $0.found == "an object" },
                    "\(flag): \(problems.map(\.description))")
            #expect(!problems.contains { $0.found.hasPrefix("an unknown field") }, "\(flag): \(problems.map(\.description))")
        }
    }

    /// Each field the loader reads is documented: starting at the top level, a made-up field in
    /// every documented object lists the fields that exist there, and each must have a row (or be
    /// an object whose fields have rows).
    @Test(arguments: checkedInScenarios)
    func everyFieldTheLoaderReadsIsDocumented(file: String) throws {
        let bytes = packageFile(file)
        let documented = Set(page.fields[try modelName(of: file)] ?? [])
        var undocumented: [String] = []
        var visited: [String] = []
        func walk(_ parent: String) {
            visited.append(parent)
            let probe = parent.isEmpty ? "zzqx" : concretePath(parent) + ".zzqx"
            let problems = loaderProblems(bytes, file: file, overrides: ["\(probe)=1"])
            guard let unknown = problems.first(where: { $0.fieldPath == probe && $0.found.hasPrefix("an unknown field") }) else {
                Issue.record("\(probe): no unknown-field error: \(problems.map(\.description))")
                return
            }
            for name in quotedNames(in: unknown.expected) {
                let path = parent.isEmpty ? name : parent + "." + name
                let hasChildren = documented.contains { $0.hasPrefix(path + ".") }
                if path == "slo" {
                    // SLO metrics are checked by name, not as fields: see below.
                } else if hasChildren {
                    walk(path)
                } else if !documented.contains(path) {
                    undocumented.append(path)
                }
                if documented.contains(where: { $0.hasPrefix(path + "[i].") }) { walk(path + "[i]") }
            }
        }
        walk("")
        #expect(undocumented == [], "read by the loader but not in docs/scenario-format.md")
        #expect(visited.contains("topology.gateway") && visited.contains("workload"))
        let metrics = documented.filter { $0.hasPrefix("slo.") && !$0.hasPrefix("slo.flows.") }.map { String($0.dropFirst(4)) }
        #expect(Set(metrics) == Set(ServiceLevelObjective.metrics))
        // Per-flow SLOs: every flow the loader accepts here, times every flow metric.
        let flows = try #require(flowsAccepted(bytes, file: file))
        let flowObjectives = documented.filter { $0.hasPrefix("slo.flows.") }
        let expected = flows.flatMap { flow in ServiceLevelObjective.flowMetrics.map { "slo.flows.\(flow).\($0)" } }
        #expect(Set(flowObjectives) == Set(expected))
    }

    /// A misspelt documented path is an unknown field, with the documented name as the hint. The
    /// hint comes from the model's fields, not the file's values: one scenario of each model.
    @Test(arguments: ["scenarios/default.json", "scenarios/reference-pipeline.json"])
    func misspeltPathsAreReportedWithTheRightHint(file: String) throws {
        let bytes = packageFile(file)
        for documented in page.fields[try modelName(of: file)] ?? [] {
            var keys = concretePath(documented).split(separator: ".").map(String.init)
            let key = keys.removeLast()
            let path = (keys + [misspelt(key)]).joined(separator: ".")
            let problems = loaderProblems(bytes, file: file, overrides: ["\(path)=1"])
            let expected = documented.hasPrefix("slo.flows.") ? "a flow metric, one of"
                : documented.hasPrefix("slo.") ? "a metric, one of" : nil
            #expect(problems.contains {
                $0.fieldPath == path && $0.hint == "did you mean \"\(key)\"?"
                    && (expected.map($0.expected.hasPrefix) ?? $0.found.hasPrefix("an unknown field"))
            }, "\(path): \(problems.map(\.description))")
        }
    }

    /// A path documented only for the other model is unknown here (the sections are right); a
    /// per-flow SLO is refused at its flow, since this model has no such flow.
    @Test(arguments: checkedInScenarios)
    func pathsOfTheOtherModelAreUnknown(file: String) throws {
        let bytes = packageFile(file)
        let model = try modelName(of: file)
        let own = Set(page.fields[model] ?? [])
        let others = page.fields.filter { $0.key != model }.flatMap(\.value).filter { !own.contains($0) }
        #expect(!others.isEmpty)
        for documented in others {
            let path = concretePath(documented)
            let problems = loaderProblems(bytes, file: file, overrides: ["\(path)=1"])
            let flow = path.split(separator: ".").prefix(3).joined(separator: ".")
            #expect(problems.contains {
                path.hasPrefix("slo.flows.")
                    ? $0.fieldPath == flow && $0.expected.hasPrefix("no flows")
                    : $0.found.hasPrefix("an unknown field")
                        && (path == $0.fieldPath || path.hasPrefix($0.fieldPath + ".") || path.hasPrefix($0.fieldPath + "["))
            }, "\(path): \(problems.map(\.description))")
        }
    }
}
