import Foundation
import PaymentWorld
import SimulationKernel

/// Turns a scenario file plus `--set` overrides into a validated `Scenario`, or into every
/// problem found, each naming the file (or flag), the field, what was expected and what was found.
public enum ScenarioLoader {
    /// Reads and validates the scenario at `file`, with `--set` overrides and then a sweep point's
    /// `--vary` values (messages name the flag that wrote a bad value).
    public static func load(file: String, overrides: [String] = [], varied: [String] = []) throws(ScenarioErrors) -> Scenario {
        try load(bytes: contents(of: file), file: file, overrides: overrides, varied: varied)
    }

    public static func contents(of file: String) throws(ScenarioErrors) -> [UInt8] {
        if let data = FileManager.default.contents(atPath: file) { return [UInt8](data) }
        var status = stat()
        let exists = stat(file, &status) == 0
        let kind = status.st_mode & S_IFMT
        // A pipe or a process substitution (`--scenario <(jq … base.json)`) is read to its end.
        if exists && (kind == S_IFIFO || kind == S_IFCHR), let handle = FileHandle(forReadingAtPath: file),
           let data = try? handle.readToEnd() {
            return [UInt8](data)
        }
        let found = !exists ? "no such file" : kind == S_IFDIR ? "a directory"
            : "a file that cannot be read (\(String(cString: strerror(access(file, R_OK) == 0 ? EIO : errno))))"
        throw ScenarioErrors([ScenarioError(
            file: file, fieldPath: "(file)", expected: "a readable scenario file (JSON)", found: found,
            hint: exists ? nil : "run from the package root, or give the file's path")])
    }

    /// Validates scenario text; `file` names it in messages.
    public static func load(bytes: [UInt8], file: String, overrides: [String] = [],
                            varied: [String] = []) throws(ScenarioErrors) -> Scenario {
        var root: JSONNode
        do {
            root = try JSONParser.parse(bytes: bytes)
        } catch {
            throw ScenarioErrors([ScenarioError(file: file, syntaxError: error)])
        }
        var errors: [ScenarioError] = []
        let origins = applying(overrides.map { ($0, "--set") } + varied.map { ($0, "--vary") }, to: &root, errors: &errors)
        var reader = ScenarioReader(file: file, root: root, overrides: origins)
        let scenario = read(&reader, file: file, overrides: overrides + varied)
        reader.reportUnknownFields()
        errors += reader.errors
        guard errors.isEmpty else { throw ScenarioErrors(errors) }
        return scenario
    }

    /// The scenario's JSON tree with the `--set` overrides written into it: what `load` validates,
    /// and what `paystorm shrink` edits and writes back as a scenario file. It is not validated.
    /// Paths of `empirical(file: …)` distributions are made absolute, so the tree reads the same
    /// files wherever it is written.
    public static func tree(file: String, overrides: [String] = []) throws(ScenarioErrors) -> JSONNode {
        try tree(bytes: contents(of: file), file: file, overrides: overrides)
    }

    /// As above, from bytes already read (a pipe is read once).
    public static func tree(bytes: [UInt8], file: String, overrides: [String] = []) throws(ScenarioErrors) -> JSONNode {
        var root: JSONNode
        do {
            root = try JSONParser.parse(bytes: bytes)
        } catch {
            throw ScenarioErrors([ScenarioError(file: file, syntaxError: error)])
        }
        var errors: [ScenarioError] = []
        _ = applying(overrides.map { ($0, "--set") }, to: &root, errors: &errors)
        guard errors.isEmpty else { throw ScenarioErrors(errors) }
        return resolvingEmpiricalFiles(in: root, relativeTo: file)
    }

    /// Writes each override into `root`; returns the flag each path came from, for messages.
    static func applying(_ overrides: [(text: String, flagName: String)], to root: inout JSONNode,
                         errors: inout [ScenarioError]) -> [String: String] {
        var origins: [String: String] = [:]
        for (text, flagName) in overrides {
            do {
                let override = try ScenarioOverride(parsing: text, flagName: flagName)
                try override.apply(to: &root)
                origins[override.path] = override.flag
            } catch {
                errors.append(error)
            }
        }
        return origins
    }

    /// The names `model` accepts.
    public static let models = ["reference-pipeline", "payments"]

    static func read(_ reader: inout ScenarioReader, file: String, overrides: [String]) -> Scenario {
        let fallbackName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let name = reader.string("name", expected: "a short name of letters, digits, '-' or '_'", default: fallbackName) {
            !$0.isEmpty && $0.count <= 80 && $0.unicodeScalars.allSatisfy { $0.isASCIIWordCharacter || $0 == "-" }
        }
        let description = reader.string("description", expected: "a string", default: "")
        let seed = reader.unsigned("seed", expected: "a whole number from 0 to 18446744073709551615 (the default run seed)",
                                   default: 42)
        let modelExpected = "one of " + models.map { "\"\($0)\"" }.joined(separator: ", ")
        let errorsBeforeModel = reader.errors.count
        let modelName = reader.string("model", expected: modelExpected, default: "reference-pipeline")
        if !models.contains(modelName) {
            let hint = closestMatch(to: modelName, among: models).map { "did you mean \"\($0)\"?" }
            reader.report("model", expected: modelExpected, found: quotedForMessage(modelName), hint: hint)
        }
        // Which fields exist depends on the model: without a valid one, no field is called unknown
        // (a payments file with a misspelt model would otherwise list every payments field).
        if reader.errors.count > errorsBeforeModel { reader.knowsEveryField = false }
        let model: Scenario.Model = modelName == "payments"
            ? .payments(readPayments(&reader)) : .referencePipeline(readPipeline(&reader))
        var flows: [String] = []
        if case .payments = model { flows = PaymentFlow.allCases.map(\.description) }
        let objectives = readObjectives(&reader, flows: flows)
        let replications = reader.integer("run.replications", expected: "a whole number of runs from 1 to 1,000",
                                          default: 1, in: 1...1_000)
        var scenario = Scenario(file: file, name: name, description: description, seed: seed,
                                model: model, objectives: objectives, overrides: overrides)
        scenario.replications = replications
        return scenario
    }

    /// `slo.METRIC` for the whole run and `slo.flows.FLOW.METRIC` for one flow of the model.
    static func readObjectives(_ reader: inout ScenarioReader, flows: [String]) -> [ServiceLevelObjective] {
        var objectives: [ServiceLevelObjective] = []
        for metric in reader.keys(of: "slo") {
            let path = "slo." + metric
            if metric == "flows" {
                objectives += readFlowObjectives(&reader, flows: flows)
                continue
            }
            guard ServiceLevelObjective.metrics.contains(metric) else {
                let hint = closestMatch(to: metric, among: ServiceLevelObjective.metrics).map { "did you mean \"\($0)\"?" }
                reader.report("slo." + keyForPath(metric),
                              expected: "a metric, one of " + ServiceLevelObjective.metrics.joined(separator: ", "),
                              found: quotedForMessage(metric), hint: hint)
                continue
            }
            let errorsBefore = reader.errors.count
            let text = reader.string(path, expected: "a comparison such as \"< 800\" or \">= 0.97\"", default: "")
            guard !text.isEmpty else {
                if reader.errors.count == errorsBefore { reportEmptyComparison(&reader, path) }
                continue
            }
            do {
                objectives.append(ServiceLevelObjective(metric: metric, threshold: try Quantities.comparison(text)))
            } catch {
                reader.report(path, expected: error.expected, found: error.found, hint: error.hint)
            }
        }
        return objectives
    }

    /// A warm-up as long as the run leaves nothing to measure, and every latency objective would pass on no data.
    static func checkWarmup(_ reader: inout ScenarioReader, warmup: SimDuration, duration: SimDuration?) {
        guard let duration, warmup >= duration else { return }
        reader.report("run.warmup", expected: "a warm-up shorter than run.duration (\(duration)), so that the run measures something",
                      found: "\(warmup)")
    }

    /// An objective written as `""` would drop the file's threshold without a word: refuse it.
    static func reportEmptyComparison(_ reader: inout ScenarioReader, _ path: String) {
        reader.report(path, expected: "a comparison such as \"< 800\" or \">= 0.97\"", found: "an empty string",
                      hint: "to drop every objective use --set 'slo={}'")
    }

    static func readFlowObjectives(_ reader: inout ScenarioReader, flows: [String]) -> [ServiceLevelObjective] {
        var objectives: [ServiceLevelObjective] = []
        for flow in reader.keys(of: "slo.flows") {
            guard flows.contains(flow) else {
                let hint = closestMatch(to: flow, among: flows).map { "did you mean \"\($0)\"?" }
                reader.report("slo.flows." + keyForPath(flow),
                              expected: flows.isEmpty ? "no flows (this model has one flow: use slo.METRIC)"
                                  : "a flow of this model, one of " + flows.joined(separator: ", "),
                              found: quotedForMessage(flow), hint: hint)
                continue
            }
            for metric in reader.keys(of: "slo.flows." + flow) {
                let path = "slo.flows.\(flow).\(metric)"
                guard ServiceLevelObjective.flowMetrics.contains(metric) else {
                    reader.report("slo.flows.\(flow)." + keyForPath(metric),
                                  expected: "a flow metric, one of " + ServiceLevelObjective.flowMetrics.joined(separator: ", "),
                                  found: quotedForMessage(metric),
                                  hint: closestMatch(to: metric, among: ServiceLevelObjective.flowMetrics).map { "did you mean \"\($0)\"?" })
                    continue
                }
                let errorsBefore = reader.errors.count
                let text = reader.string(path, expected: "a comparison such as \"< 800\" or \">= 0.97\"", default: "")
                guard !text.isEmpty else {
                    if reader.errors.count == errorsBefore { reportEmptyComparison(&reader, path) }
                    continue
                }
                do {
                    objectives.append(ServiceLevelObjective(metric: "flows.\(flow).\(metric)",
                                                            threshold: try Quantities.comparison(text)))
                } catch {
                    reader.report(path, expected: error.expected, found: error.found, hint: error.hint)
                }
            }
        }
        return objectives
    }
}

extension Unicode.Scalar {
    var isASCIIWordCharacter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self) || self == "_"
    }
}
