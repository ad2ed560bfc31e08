import Foundation
import Reporting
import Scenarios
import SimulationKernel
import SimulationTestSupport
import Studies
import Testing

/// The studies the command line runs, called as a user's package calls them: no process, no
/// JSON read back, the values themselves.
@Suite struct StudiesLibraryTests {
    static let pipeline = packageRoot.appendingPathComponent("scenarios/reference-pipeline.json").path

    static func scratch(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "paystorm-studies-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    /// Two issuer servers bind first, so the sweep's knee names the issuer, and the files land.
    @Test func aSweepRunsThroughTheLibraryAndNamesItsBindingStation() throws {
        let axis = try SweepPlan.Axis(parsing: "workload.rate=100..250:75")
        #expect(axis.values == ["100", "175", "250"])
        let study = try #require(try SweepStudy.prepare(file: Self.pipeline, axes: [axis], replications: 2,
                                                        overrides: ["run.lifecycles=4000", "topology.issuer.servers=8"], seed: 3,
                                                        allowLarge: false))
        #expect(study.scenarios.count == 3)
        #expect(study.digest.hasPrefix("fnv1a64:"))
        let items = study.items(shard: nil)
        let (samples, pooled) = study.run(items, threads: 2)
        #expect(samples.count == 6)
        #expect(pooled.count == 3)
        let directory = Self.scratch("sweep")
        let written = try SweepFiles.write(plan: study.plan, samples: samples, scenario: study.base.name,
                                           command: study.command(varyFlags: ["workload.rate=100..250:75"]),
                                           directory: directory, seconds: nil, pooled: pooled)
        guard case .files(let paths, let table, let points) = written else {
            Issue.record("expected files, got \(written)")
            return
        }
        #expect(points == 3)
        #expect(table.contains("binding: issuer"), "\(table)")
        for path in paths { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    /// Shards split the items between them, every item once.
    @Test func shardsSplitTheItemsWithoutOverlap() throws {
        let study = try #require(try SweepStudy.prepare(file: Self.pipeline, axes: [SweepPlan.Axis(parsing: "workload.rate=50,60,70")],
                                                        replications: 3, overrides: ["run.lifecycles=100"], seed: 1, allowLarge: false))
        let shards = (0..<4).map { study.items(shard: ($0, 4)) }
        let all = shards.flatMap { $0 }.map { "\($0.point)/\($0.replication)" }
        #expect(all.count == 9)
        #expect(Set(all).count == 9)
    }

    /// A range is counted before it is built: one value however large its numbers, and a step too
    /// small to move them is refused rather than looping.
    @Test func rangesAreCountedBeforeTheyAreBuilt() throws {
        #expect(try SweepPlan.Axis(parsing: "workload.rate=1e300..1e300:1").values.count == 1)
        #expect(try SweepPlan.Axis(parsing: "workload.rate=1e20..1e20:1").values.count == 1)
        #expect(throws: InputError.self) { try SweepPlan.Axis(parsing: "workload.rate=1e20..2e20:1") }
        #expect(throws: InputError.self) { try SweepPlan.Axis(parsing: "workload.rate=1e20..1.0000000001e20:1") }
        #expect(try SweepPlan.Axis(parsing: "workload.rate =60,70").path == "workload.rate")
        let long = String(repeating: "9", count: 99_000)
        do {
            _ = try SweepPlan.Axis(parsing: "workload.rate=\(long)..1:1")
            Issue.record("a range from a 99,000-digit number was accepted")
        } catch {
            #expect(error.description.count < 400, "the value is echoed whole: \(error.description.count) characters")
        }
    }

    /// Replications aggregate each run's values: consecutive seeds, one line of figures each, and
    /// intervals over them; replications.json is written beside the runs' own directories.
    @Test func replicationsAggregateTheRunsValues() throws {
        let scenario = try ScenarioSource(file: Self.pipeline).load(overrides: ["run.lifecycles=1500", "run.replications=3"])
        let directory = Self.scratch("replications")
        // The closure only copies plain values out; the checks come after the run.
        var seen: [UInt64] = []
        var hashes: [(figure: String, summary: String)] = []
        let outcome = try Replications.run(scenario, seed: 10, scheduling: .init(), swarm: false, directory: directory) { _, figures, run in
            seen.append(figures.seed)
            hashes.append((figures.traceHash, Trace.hex(run.summary.traceHash)))
        }
        #expect(seen == [10, 11, 12])
        #expect(hashes.count == 3 && hashes.allSatisfy { $0.figure == $0.summary }, "\(hashes)")
        #expect(outcome.status == .passed)
        #expect(outcome.figures.allSatisfy { $0.successRate > 0.5 && $0.p99 >= $0.p50 })
        let success = try #require(outcome.summaries.first { $0.name == "success_rate" }?.summary)
        #expect(success.count == 3 && success.lower <= success.mean && success.mean <= success.upper)
        #expect(FileManager.default.fileExists(atPath: outcome.file))
        #expect(FileManager.default.fileExists(atPath: directory + "/replication-3/summary.json"))
    }

    /// At high load a sweep's intervals stayed symmetric past what a station can do: utilization
    /// up to 1.012, mean waits below 0. Every interval now lies inside its figure's physical range.
    @Test func aBusySweepsIntervalsStayInsidePhysicalBounds() throws {
        let study = try #require(try SweepStudy.prepare(file: Self.pipeline, axes: [SweepPlan.Axis(parsing: "workload.rate=150,190")],
                                                        replications: 3, overrides: ["run.lifecycles=3000", "topology.issuer.servers=8"],
                                                        seed: 5, allowLarge: false))
        let (samples, pooled) = study.run(study.items(shard: nil), threads: 2)
        let analysis = try #require(SweepAnalysis(plan: study.plan, samples: samples, pooledLatency: pooled,
                                                  skippingIncompletePoints: false))
        for point in analysis.points {
            #expect(point.successRate.lower >= 0 && point.successRate.upper <= 1)
            #expect(point.achieved.lower >= 0 && point.latencyP99.lower >= 0)
            for station in point.stations {
                #expect(station.utilization.lower >= 0 && station.utilization.upper <= 1, "\(station.name)")
                #expect(station.meanWaitMilliseconds.lower >= 0, "\(station.name)")
                #expect(station.probabilityWaited.lower >= 0 && station.probabilityWaited.upper <= 1, "\(station.name)")
            }
        }
    }
}
