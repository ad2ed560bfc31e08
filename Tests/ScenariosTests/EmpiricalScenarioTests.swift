import Foundation
import Scenarios
import SimulationKernel
import Testing

/// A fresh directory for one test's files, removed when the value goes away.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("paystorm-empirical-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` (making its directory) and returns the path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The reference pipeline's network latency in the scenario `latency` writes, loaded from `directory`.
func loadedLatency(_ latency: String, in directory: ScratchDirectory, overrides: [String] = []) throws -> Distribution {
    let scenario = try directory.write("scenarios/s.json", #"{"network": {"latency": "\#(latency)"}}"#)
    guard case .referencePipeline(let pipeline) = try ScenarioLoader.load(file: scenario, overrides: overrides).model else {
        throw ScenarioErrors([])
    }
    return pipeline.latency
}

/// Every message loading `latency` gives, with the scratch directory's path shown as `DIR`.
func latencyProblems(_ latency: String, in directory: ScratchDirectory) throws -> [String] {
    let scenario = try directory.write("scenarios/s.json", #"{"network": {"latency": "\#(latency)"}}"#)
    do {
        _ = try ScenarioLoader.load(file: scenario)
        return []
    } catch {
        return error.errors.map { $0.description.replacingOccurrences(of: directory.url.path, with: "DIR") }
    }
}

@Suite struct EmpiricalScenarioTests {
    @Test func readsTheFileRelativeToTheScenario() throws {
        let directory = try ScratchDirectory()
        try directory.write("scenarios/times/gateway.csv", "latency_ms\n30\n10\n# a comment\n20ms\n")
        let latency = try loadedLatency(#"empirical(file: \"times/gateway.csv\")"#, in: directory)
        guard case .empirical(let table) = latency else { Issue.record("\(latency)"); return }
        #expect(table.values == [10_000_000, 20_000_000, 30_000_000])
        #expect(latency.description == #"empirical(file: "times/gateway.csv")"#)
        // A --set names the file relative to the scenario too, not to the working directory.
        let set = try loadedLatency("1ms", in: directory, overrides: ["network.latency=empirical(file: times/gateway.csv)"])
        #expect(set == latency)
    }

    @Test func readsHistogramsColumnsAndMixtures() throws {
        let directory = try ScratchDirectory()
        try directory.write("scenarios/h.csv", "upper_bound_ms,count\n10,1\n20,3\n")
        try directory.write("scenarios/log.csv", "time,latency_ms\n1,5\n2,7\n")
        let histogram = try loadedLatency("empirical(file: h.csv, histogram: true)", in: directory)
        #expect(histogram == .empirical(EmpiricalTable(source: "h.csv", upperBounds: [10_000_000, 20_000_000], counts: [1, 3])))
        let column = try loadedLatency("empirical(file: log.csv, column: latency_ms)", in: directory)
        #expect(column.description == "empirical(file: \"log.csv\", column: \"latency_ms\")")
        let mixture = try loadedLatency("mixture(0.5: empirical(file: log.csv, column: 2), 0.5: gamma(mean: 1ms, shape: 2))",
                                        in: directory)
        guard case .mixture(let parts) = mixture, case .empirical(let table) = parts.components[0].distribution else {
            Issue.record("\(mixture)")
            return
        }
        #expect(table.values == [5_000_000, 7_000_000])
    }

    @Test func problemsNameTheFileAndTheLine() throws {
        let directory = try ScratchDirectory()
        try directory.write("scenarios/bad.csv", "latency_ms\n12\n13\nfast\n")
        try directory.write("scenarios/empty.csv", "# nothing\n")
        #expect(try latencyProblems("empirical(file: bad.csv)", in: directory) == [
            #"DIR/scenarios/s.json: network.latency: expected a duration such as "250ms" or a number of milliseconds such as "12.5" in bad.csv line 4, found "fast""#,
        ])
        #expect(try latencyProblems("empirical(file: missing.csv)", in: directory) == [
            "DIR/scenarios/s.json: network.latency: expected missing.csv to be a readable file of observed durations, found no such file (looked for DIR/scenarios/missing.csv)",
        ])
        #expect(try latencyProblems("empirical(file: empty.csv)", in: directory) == [
            "DIR/scenarios/s.json: network.latency: expected at least one observed duration in empty.csv, found none",
        ])
        #expect(try latencyProblems("empirical(file: ., histogram: true)", in: directory) == [
            "DIR/scenarios/s.json: network.latency: expected . to be a readable file of observed durations, found a directory",
        ])
    }

    /// The acceptance test: samples from `empirical(file: …)` have the file's quantiles, within
    /// the sampling error of 200,000 draws.
    @Test func replaysTheFilesQuantilesWithinSamplingError() throws {
        let directory = try ScratchDirectory()
        // 5,000 multi-modal observations: a fast path and a slow tail, written in milliseconds.
        var random = SimRandom(seed: 2_024)
        let source = Distribution.mixture(DistributionMixture([
            .init(weight: 0.8, distribution: .lognormal(median: .milliseconds(20), sigma: 0.3)),
            .init(weight: 0.2, distribution: .pareto(scale: .milliseconds(100), shape: 1.5)),
        ]))
        let observations = (0..<5_000).map { _ in source.sample(&random).nanoseconds }
        try directory.write("scenarios/observed.csv",
                            "latency_ms\n" + observations.map { String(format: "%.6f", Double($0) / 1e6) }.joined(separator: "\n"))
        let latency = try loadedLatency("empirical(file: observed.csv)", in: directory)
        var draws = SimRandom(seed: 7)
        let count = 200_000
        let samples = (0..<count).map { _ in latency.sample(&draws).nanoseconds }
        let sorted = observations.sorted()
        for p in [0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.8, 0.9, 0.99, 0.999] {
            // The file's quantile (type 7); the share of samples at or below it must be p, within
            // 4.5 binomial standard errors.
            let position = p * Double(sorted.count - 1)
            let index = Int(position)
            let quantile = Double(sorted[index]) + (position - Double(index)) * Double(sorted[index + 1] - sorted[index])
            let share = Double(samples.lazy.filter { Double($0) <= quantile }.count) / Double(count)
            let tolerance = 4.5 * (p * (1 - p) / Double(count)).squareRoot() + 1e-5
            #expect(abs(share - p) <= tolerance, "p = \(p): share \(share) at the file's quantile \(quantile / 1e6) ms")
        }
        #expect(samples.min() ?? 0 >= sorted.first ?? 0 && samples.max() ?? 0 <= sorted.last ?? 0)
    }

    /// `paystorm shrink` writes the tree elsewhere: its empirical paths must still find the files.
    @Test func treesCarryAbsolutePaths() throws {
        let directory = try ScratchDirectory()
        try directory.write("scenarios/t.csv", "1\n2\n")
        let scenario = try directory.write("scenarios/s.json", #"{"network": {"latency": "mixture(0.5: empirical(file: t.csv), 0.5: 1ms)"}, "seed": 3}"#)
        let tree = try ScenarioLoader.tree(file: scenario, overrides: ["topology.issuer.service=empirical(file: t.csv, histogram: false)"])
        let absolute = directory.url.appendingPathComponent("scenarios/t.csv").standardizedFileURL.path
        #expect(tree["network"]?["latency"]?.value == .string("mixture(0.5: empirical(file: \"\(absolute)\"), 0.5: constant(1ms))"))
        #expect(tree["topology"]?["issuer"]?["service"]?.value == .string("empirical(file: \"\(absolute)\")"))
        #expect(tree["seed"]?.value == .number(3, literal: "3"))
        let elsewhere = try directory.write("out/shrunk.json", tree.serialized())
        _ = try ScenarioLoader.load(file: elsewhere)
    }

    @Test func sameSeedReplaysTheSameSamples() throws {
        let directory = try ScratchDirectory()
        try directory.write("scenarios/t.csv", (1...100).map { "\($0 * $0)" }.joined(separator: "\n"))
        let latency = try loadedLatency("empirical(file: t.csv)", in: directory)
        var first = SimRandom(seed: 3)
        var second = SimRandom(seed: 3)
        #expect((0..<1_000).map { _ in latency.sample(&first) } == (0..<1_000).map { _ in latency.sample(&second) })
    }
}
